import AtomStream
import FeedStreamNetworking
import Foundation
import JSONStream
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Records, once, how far the server had got when the client saw its first item, then releases the server.
final class FirstItemWitness: @unchecked Sendable {
    // `@unchecked Sendable`: `sentAtFirstItem` is only touched while holding `lock`.
    private let lock = NSLock()
    private let server: LoopbackHTTPServer
    private var sentAtFirstItem: Int?

    init(server: LoopbackHTTPServer) { self.server = server }

    func sawItem() {
        let first = lock.withLock { () -> Bool in
            guard sentAtFirstItem == nil else { return false }
            sentAtFirstItem = server.snapshot.bodyBytesSent
            return true
        }
        if first { server.release() }
    }

    var bodyBytesSentAtFirstItem: Int? { lock.withLock { sentAtFirstItem } }
}

/// Checks the streaming proof: the first item reached the client while the server was holding back the rest.
func expectStreamed(
    _ witness: FirstItemWitness, holdAfter: Int, bodyCount: Int, server: LoopbackHTTPServer,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(holdAfter < bodyCount, "the hold point must leave part of the body back", sourceLocation: sourceLocation)
    let sent = witness.bodyBytesSentAtFirstItem
    #expect(sent != nil, "no item arrived", sourceLocation: sourceLocation)
    #expect((sent ?? .max) <= holdAfter, "the server had sent \(sent ?? -1) bytes", sourceLocation: sourceLocation)
    #expect(
        !server.snapshot.holdTimedOut, "the first item did not arrive while the server held the body back",
        sourceLocation: sourceLocation)
}

@Suite("Loopback HTTP: real URLSession, real server, streamed bodies")
struct LoopbackStreamingTests {
    @Test(
        "A Connections feed, chunked, through StreamingDataDelegate: entries arrive before the body ends",
        .corpus("connections/activities/plain"))
    func connectionsFeedThroughDelegate() async throws {
        guard let folder = Corpus.directory("connections/activities/plain") else { return }
        let body = try Corpus.bytes(folder.appendingPathComponent("activities.xml"))
        let reference = AtomParser()
        let expected = try reference.parseAll(body)
        let holdAfter = try firstItemBoundary(of: body, chunkSize: 256, parser: AtomParser())
        let server = try LoopbackHTTPServer(routes: [
            "/activities/service/atom2/activities": .init(
                contentType: "application/atom+xml; charset=UTF-8", body: body, chunkSize: 256, holdAfter: holdAfter)
        ])
        let witness = FirstItemWitness(server: server)
        let (events, continuation) = AsyncStream<StreamingDataEvent<AtomEntry, AtomFeed>>.makeStream()
        let delegate = StreamingDataDelegate(
            requirements: .xml,
            parser: { head in
                AtomParser(options: .init(baseURL: head.url?.absoluteString, defaultEncoding: head.charset))
            },
            summary: { $0.feed }
        ) { event in
            if case .items = event { witness.sawItem() }
            continuation.yield(event)
            switch event {
            case .finished, .failed: continuation.finish()
            default: break
            }
        }
        let session = URLSession(configuration: .patientLoopback, delegate: delegate, delegateQueue: nil)
        session.dataTask(with: server.url("/activities/service/atom2/activities")).resume()
        session.finishTasksAndInvalidate()

        var entries: [AtomEntry] = []
        var head: HTTPResponseInfo?
        var feed: AtomFeed?
        var progress: [TransferProgress] = []
        for await event in events {
            switch event {
            case .response(let info): head = info
            case .items(let items): entries += items
            case .progress(let report): progress.append(report)
            case .finished(let summary): feed = summary
            case .failed(let error): Issue.record("transfer failed: \(error)")
            }
        }
        expectStreamed(witness, holdAfter: holdAfter, bodyCount: body.count, server: server)
        #expect(entries == expected)
        #expect(entries.count == 10)
        #expect(feed == reference.feed)
        #expect(head?.statusCode == 200)
        #expect(head?.mediaType == "application/atom+xml")
        #expect(head?.charset == "UTF-8")
        #expect(head?.expectedContentLength == nil, "chunked: no length announced")
        #expect(progress.last?.receivedBytes == Int64(body.count))
        #expect(progress.last?.fractionCompleted == nil)
        await server.waitUntilStopped()
        #expect(server.snapshot.completedResponses == 1)
    }

    @Test(
        "A Twitter search page with Content-Length, through parsedEvents: progress and early tweets",
        .corpus("twitter/v1.1-search"))
    func twitterSearchThroughEvents() async throws {
        guard let folder = Corpus.directory("twitter/v1.1-search") else { return }
        let body = try Corpus.bytes(folder.appendingPathComponent("twitter.json"))
        let reference = TwitterSearchParser()
        let expected = try reference.parseAll(body)
        let holdAfter = try firstItemBoundary(of: body, chunkSize: 4096, parser: TwitterSearchParser())
        let server = try LoopbackHTTPServer(routes: [
            "/1.1/search/tweets.json": .init(
                contentType: "application/json;charset=utf-8", body: body, framing: .contentLength, chunkSize: 4096,
                pauseMicroseconds: 200, holdAfter: holdAfter)
        ])
        let witness = FirstItemWitness(server: server)
        let events = URLSessionTransport.patientLoopback.parsedEvents(
            for: URLRequest(url: server.url("/1.1/search/tweets.json")), requirements: .json,
            limits: .patientLoopback, parser: { _ in TwitterSearchParser() }, summary: { $0.page })
        var tweets: [Tweet] = []
        var page: TwitterSearchPage?
        var lastProgress: TransferProgress?
        for try await event in events {
            switch event {
            case .items(let items):
                witness.sawItem()
                tweets += items
            case .progress(let report): lastProgress = report
            case .finished(let summary): page = summary
            case .response, .failed: break
            }
        }
        expectStreamed(witness, holdAfter: holdAfter, bodyCount: body.count, server: server)
        #expect(tweets == expected)
        #expect(tweets.count == 100)
        #expect(page == reference.page)
        #expect(lastProgress?.expectedBytes == Int64(body.count))
        #expect(lastProgress?.fractionCompleted == 1)
        await server.waitUntilStopped()
    }

    @Test("A Jive inbox, chunked, through dataChunks and chunks.parsed(with:)", .corpus("jive/ios-sdk-data"))
    func jiveInboxThroughAsyncAdapter() async throws {
        guard let folder = Corpus.directory("jive/ios-sdk-data") else { return }
        let body = try Corpus.bytes(folder.appendingPathComponent("inbox_response.json"))
        let expected = try JiveInboxParser().parseAll(body)
        let holdAfter = try firstItemBoundary(of: body, chunkSize: 300, parser: JiveInboxParser())
        let server = try LoopbackHTTPServer(routes: [
            "/api/core/v3/inbox": .init(
                contentType: "application/json", body: body, chunkSize: 300, holdAfter: holdAfter)
        ])
        let witness = FirstItemWitness(server: server)
        let chunks = URLSessionTransport.patientLoopback.dataChunks(
            for: URLRequest(url: server.url("/api/core/v3/inbox")), requirements: .json, limits: .patientLoopback)
        var entries: [JiveInboxEntry] = []
        for try await entry in chunks.parsed(with: JiveInboxParser()) {
            witness.sawItem()
            entries.append(entry)
        }
        expectStreamed(witness, holdAfter: holdAfter, bodyCount: body.count, server: server)
        #expect(entries == expected)
        #expect(entries.count == 28)
        await server.waitUntilStopped()
    }

    enum StopMode: String, CaseIterable, Sendable { case breakOut, cancelTask }

    @Test(
        "A consumer that stops after the first item closes the connection while the body is held back",
        .corpus("twitter/v1.1-search"),
        arguments: StopMode.allCases)
    func consumerStopsTransfer(mode: StopMode) async throws {
        guard let folder = Corpus.directory("twitter/v1.1-search") else { return }
        let body = try Corpus.bytes(folder.appendingPathComponent("twitter.json"))
        let holdAfter = try firstItemBoundary(of: body, chunkSize: 2048, parser: TwitterSearchParser())
        let server = try LoopbackHTTPServer(routes: [
            "/search": .init(
                contentType: "application/json", body: body, chunkSize: 2048, holdAfter: holdAfter,
                awaitsClientCloseAfterHold: true)
        ])
        let request = URLRequest(url: server.url("/search"))
        switch mode {
        case .breakOut:
            // The stream lives only inside this closure: breaking out of the loop drops the last reference to
            // it, which is how a consumer says it is done.
            let first = try await { () async throws -> Tweet? in
                let items = URLSessionTransport.patientLoopback.parsedItems(for: request, limits: .patientLoopback) {
                    _ in TwitterSearchParser()
                }
                for try await tweet in items { return tweet }
                return nil
            }()
            #expect(first != nil)
        case .cancelTask:
            let (firstSeen, signal) = AsyncStream<Void>.makeStream()
            let consumer = Task {
                var count = 0
                do {
                    for try await _ in URLSessionTransport.patientLoopback.parsedItems(
                        for: request, limits: .patientLoopback, parser: { _ in TwitterSearchParser() })
                    {
                        count += 1
                        if count == 1 { signal.yield() }
                    }
                } catch is CancellationError {
                    // The consumer's own cancellation ends the sequence with it.
                }
                return count
            }
            for await _ in firstSeen { break }
            consumer.cancel()
            let count = try await consumer.value
            #expect(count >= 1 && count < 100)
        }
        // The server, holding the rest of the body, now waits for the client to close the connection.
        await server.expectAbandoned(after: holdAfter)
    }
}
