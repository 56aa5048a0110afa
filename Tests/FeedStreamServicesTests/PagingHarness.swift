import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A scripted conversation with one service: what each page's request looks like, what the server answers,
/// and what must come out.
struct Conversation<Strategy: PagingStrategy>: Sendable {
    typealias Item = Strategy.Parser.Item
    typealias Route = LoopbackHTTPServer.Route

    var strategy: Strategy
    /// The number of pages the service has.
    var pageCount: Int
    /// The first request, for the server at this base URL.
    var firstRequest: @Sendable (URL) throws -> URLRequest
    /// Which page (from 1) a request asks for; `nil` answers 404.
    var pageOf: @Sendable (LoopbackRequest) -> Int?
    /// The answer for page `n`; `host` is the `Host` the client sent, for absolute links.
    var route: @Sendable (_ page: Int, _ host: String) -> Route
    /// A key per item, to compare what came out.
    var key: @Sendable (Item) -> String
    /// The keys page `n` holds.
    var expectedKeys: @Sendable (Int) -> [String]
    /// The request targets, page by page, exactly as sent.
    var expectedTargets: [String]
    /// A refusal carrying the service's error document, and a text its message must contain.
    var errorRoute: Route
    var errorMessage: String
    /// The code and message of the error document, as the service wrote them.
    var errorServiceCode: String
    var errorServiceMessage: String

    var allExpectedKeys: [String] { (1...pageCount).flatMap(expectedKeys) }

    func server(
        maximumRequests: Int = 16, override: (@Sendable (Int, LoopbackRequest) -> Route?)? = nil
    ) throws -> LoopbackHTTPServer {
        let counter = RequestCounter()
        return try LoopbackHTTPServer(maximumRequests: maximumRequests) { request in
            let number = counter.next()
            if let route = override?(number, request) { return route }
            guard let page = pageOf(request) else { return Route(status: 404, text: "no such page") }
            return route(page, request.header("Host") ?? "127.0.0.1")
        }
    }

    func pager(
        _ server: LoopbackHTTPServer, maximumPages: Int? = nil, authorizer: (any RequestAuthorizer)? = nil,
        retryPolicy: RetryPolicy = .none
    ) throws -> Pager<Strategy> {
        Pager(
            request: try firstRequest(server.baseURL), strategy: strategy, maximumPages: maximumPages,
            authorizer: authorizer, retryPolicy: retryPolicy, configuration: .patientLoopback)
    }
}

/// The scenarios every service must pass, each against a fresh loopback server.
enum ServiceScenarios {
    /// All pages, in order, nothing lost or repeated; the exact requests; every request authorised afresh.
    static func pagesInOrder<S>(_ c: Conversation<S>, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> [LoopbackRequest]
    {
        let server = try c.server()
        let pages = try await collectPages(try c.pager(server, authorizer: CountingAuthorizer()))
        #expect(pages.map(\.metadata.number) == Array(1...c.pageCount), sourceLocation: sourceLocation)
        for page in pages {
            #expect(
                page.items.map(c.key) == c.expectedKeys(page.metadata.number), "page \(page.metadata.number)",
                sourceLocation: sourceLocation)
            #expect(page.metadata.itemCount == page.items.count, sourceLocation: sourceLocation)
            #expect(!page.metadata.isFromCache, sourceLocation: sourceLocation)
        }
        let received = server.snapshot.received
        #expect(received.map(\.target) == c.expectedTargets, sourceLocation: sourceLocation)
        #expect(
            received.map { $0.header("Authorization") } == (1...received.count).map { "Signed \($0)" },
            sourceLocation: sourceLocation)
        // The items sequence gives the same items, flat.
        let flat = await drain(try c.pager(try c.server()))
        #expect(flat.error == nil, sourceLocation: sourceLocation)
        #expect(flat.items.map(c.key) == c.allExpectedKeys, sourceLocation: sourceLocation)
        return received
    }

    /// `maximumPages` stops the run: only that many requests are sent.
    static func pageLimit<S>(_ c: Conversation<S>, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let server = try c.server()
        let outcome = await drain(try c.pager(server, maximumPages: 2))
        #expect(outcome.error == nil, sourceLocation: sourceLocation)
        #expect(outcome.items.map(c.key) == (1...2).flatMap(c.expectedKeys), sourceLocation: sourceLocation)
        #expect(server.snapshot.received.map(\.target) == Array(c.expectedTargets.prefix(2)),
            sourceLocation: sourceLocation)
    }

    /// A 429 with `Retry-After: 7`, then a 503 with an HTTP-date `Retry-After` 30 s ahead, then the page:
    /// waits of 7 and 30 seconds asked of the sleeper, the same request sent three times, signed three times.
    static func retries<S>(_ c: Conversation<S>, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let server = try c.server { number, _ in
            switch number {
            case 1: .init(status: 429, contentType: "text/plain", headers: [("Retry-After", "7")], text: "slow down")
            case 2: .init(status: 503, headers: [("Retry-After", HarnessClock.in30Seconds)], framing: .contentLength)
            default: nil
            }
        }
        let sleeper = RecordingSleeper()
        let pager = try c.pager(
            server, maximumPages: 1, authorizer: CountingAuthorizer(), retryPolicy: sleeper.policy())
        var retried: [Int] = []
        var keys: [String] = []
        var ended: PageMetadata<S.Summary>?
        for try await event in pager.events() {
            switch event {
            case .retrying(_, let error, _): retried.append(error.statusCode ?? 0)
            case .items(let items, _): keys += items.map(c.key)
            case .pageEnded(let metadata): ended = metadata
            case .response: break
            }
        }
        #expect(retried == [429, 503], sourceLocation: sourceLocation)
        #expect(sleeper.delays == [7, 30], sourceLocation: sourceLocation)
        #expect(keys == c.expectedKeys(1), sourceLocation: sourceLocation)
        #expect(ended?.retries == 2, sourceLocation: sourceLocation)
        let received = server.snapshot.received
        #expect(received.map(\.target) == Array(repeating: c.expectedTargets[0], count: 3),
            sourceLocation: sourceLocation)
        #expect(received.map { $0.header("Authorization") } == ["Signed 1", "Signed 2", "Signed 3"],
            sourceLocation: sourceLocation)
    }

    /// The service's error document on page 2: page 1's items first, then the error with the service's message.
    static func errorOnPage2<S>(_ c: Conversation<S>, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let server = try c.server { _, request in c.pageOf(request) == 2 ? c.errorRoute : nil }
        let outcome = await drain(try c.pager(server))
        #expect(outcome.items.map(c.key) == c.expectedKeys(1), sourceLocation: sourceLocation)
        let error = outcome.error as? HTTPResponseError
        #expect(error?.statusCode == c.errorRoute.status, "\(String(describing: outcome.error))",
            sourceLocation: sourceLocation)
        #expect(error?.serviceError?.kind == .serviceError, sourceLocation: sourceLocation)
        #expect(error?.serviceError?.message.contains(c.errorMessage) == true,
            "\(String(describing: error?.serviceError))", sourceLocation: sourceLocation)
        #expect(error?.serviceError?.serviceCode == c.errorServiceCode, sourceLocation: sourceLocation)
        #expect(error?.serviceError?.serviceMessage == c.errorServiceMessage, sourceLocation: sourceLocation)
        #expect(server.snapshot.received.count == 2, sourceLocation: sourceLocation)
    }

    /// The consumer stops after the first item while page 1 is still arriving: the connection is closed and no
    /// further page is asked for.
    static func cancellationMidPage<S>(_ c: Conversation<S>, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        var first = c.route(1, "127.0.0.1")
        first.chunkSize = 64
        first.holdAfter = try firstItemBoundary(
            of: first.body, chunkSize: 64,
            parser: c.strategy.makeParser(for: HTTPResponseInfo(statusCode: 200, contentType: first.contentType)))
        first.awaitsClientCloseAfterHold = true
        let held = first
        #expect((held.holdAfter ?? .max) < held.body.count, "page 1 must continue past its first item",
            sourceLocation: sourceLocation)
        let server = try c.server(maximumRequests: 1) { _, _ in held }
        var seen: [String] = []
        for try await item in try c.pager(server).items() {
            seen.append(c.key(item))
            server.release()
            break
        }
        await server.waitUntilStopped()
        #expect(seen == Array(c.expectedKeys(1).prefix(1)), sourceLocation: sourceLocation)
        #expect(server.snapshot.clientWentAway, "the transfer was not cancelled", sourceLocation: sourceLocation)
        #expect(!server.snapshot.holdTimedOut, sourceLocation: sourceLocation)
        #expect(server.snapshot.received.count == 1, sourceLocation: sourceLocation)
    }
}

extension ServiceScenarios {
    /// Conditional GET: the first run stores each page with its validators; the second sends them back, gets 304s
    /// and yields the same items from the cache, paging on from the cached summaries.
    static func conditionalGET<S>(_ c: Conversation<S>, sourceLocation: SourceLocation = #_sourceLocation)
        async throws where S.Parser.Item: Codable, S.Summary: Codable
    {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("feedstream-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try ConditionalGETCache(directory: directory)
        // Odd pages carry an ETag, even pages a Last-Modified; a request carrying them is answered 304.
        let server = try c.server { _, request in
            guard let page = c.pageOf(request) else { return nil }
            let tag = "\"page-\(page)\""
            let date = "Tue, 15 Nov 1994 12:45:26 GMT"
            if request.header("If-None-Match") == tag || request.header("If-Modified-Since") == date {
                return .init(
                    status: 304, headers: [page % 2 == 1 ? ("ETag", tag) : ("Last-Modified", date)],
                    framing: .contentLength)
            }
            var route = c.route(page, request.header("Host") ?? "127.0.0.1")
            route.headers.append(page % 2 == 1 ? ("ETag", tag) : ("Last-Modified", date))
            return route
        }
        let firstRun = try await collectPages(try c.pager(server).caching(in: cache))
        let secondRun = try await collectPages(try c.pager(server).caching(in: cache))
        #expect(firstRun.map(\.metadata.isFromCache) == Array(repeating: false, count: c.pageCount),
            sourceLocation: sourceLocation)
        #expect(secondRun.map(\.metadata.isFromCache) == Array(repeating: true, count: c.pageCount),
            sourceLocation: sourceLocation)
        #expect(secondRun.flatMap(\.items).map(c.key) == c.allExpectedKeys, sourceLocation: sourceLocation)
        #expect(secondRun.map { $0.metadata.response.statusCode } == Array(repeating: 304, count: c.pageCount),
            sourceLocation: sourceLocation)
        let received = server.snapshot.received
        #expect(received.map(\.target) == c.expectedTargets + c.expectedTargets, sourceLocation: sourceLocation)
        for (index, request) in received.enumerated() {
            let page = index % c.pageCount + 1
            let conditional = index >= c.pageCount
            let header = page % 2 == 1 ? "If-None-Match" : "If-Modified-Since"
            #expect((request.header(header) != nil) == conditional, "request \(index + 1)",
                sourceLocation: sourceLocation)
        }
    }
}
