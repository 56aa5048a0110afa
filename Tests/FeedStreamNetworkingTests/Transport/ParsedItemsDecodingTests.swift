import AtomStream
import FeedStreamNetworking
import Foundation
import StreamCore
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `parsedItems` decodes on the consumer's task, a chunk when its items are asked for (issue 42, item 9).
@Suite("parsedItems: decoded where the items are read")
struct ParsedItemsDecodingTests {
    /// Set only around the consumer's own pulls: the transfer's task, made when the sequence is, never sees it.
    enum Reading {
        @TaskLocal static var isConsumer = false
    }

    @Test("Every chunk is parsed on the consumer's task, and only once its items are asked for",
        arguments: TransportKind.allCases)
    func decodedOnDemand(_ kind: TransportKind) async throws {
        let body = Array(atomFeed(entries: 64, padding: 2000).utf8)
        let server = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 120, holdTimeout: 30) { _ in
            .init(
                contentType: "application/atom+xml", body: body, framing: .contentLength, chunkSize: 4096,
                pauseMicroseconds: 0)
        }
        let recorder = ParseRecorder()
        var iterator = kind.make().parsedItems(
            for: URLRequest(url: server.url("/feed")), limits: .patientLoopback
        ) { _ in ChunkCountingParser(recorder) }.makeAsyncIterator()
        let first = try await Reading.$isConsumer.withValue(true) { try await iterator.next() }
        #expect(first != nil)
        // Nobody asks for the second chunk's item: nothing may parse it meanwhile.
        try await Task.sleep(for: .milliseconds(300))
        #expect(recorder.calls.count == 1, "parsed ahead of the consumer: \(recorder.calls.count) chunks")
        var bytes = first ?? 0
        try await Reading.$isConsumer.withValue(true) {
            while let count = try await iterator.next() { bytes += count }
        }
        #expect(bytes == body.count)
        #expect(recorder.finished)
        #expect(recorder.calls.allSatisfy { $0 }, "a chunk was parsed off the consumer's task")
    }

    @Test("A parser's error comes after the items before it and ends the transfer", arguments: TransportKind.allCases)
    func parserErrorEndsTransfer(_ kind: TransportKind) async throws {
        let holdAfter = 64 << 10
        let start = #"<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>urn:1</id></entry></nope>"#
        let body = Array((start + String(repeating: " ", count: 8 << 20) + "</feed>").utf8)
        let server = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 120, holdTimeout: 30) { _ in
            .init(
                contentType: "application/atom+xml", body: body, framing: .contentLength, chunkSize: 4096,
                pauseMicroseconds: 0, holdAfter: holdAfter, awaitsClientCloseAfterHold: true)
        }
        var ids: [String] = []
        do {
            for try await entry in kind.make().parsedItems(
                for: URLRequest(url: server.url("/feed")), limits: .patientLoopback, parser: { _ in AtomParser() })
            {
                ids.append(entry.id ?? "")
            }
            Issue.record("the malformed feed ended without an error")
        } catch let error as StreamError {
            #expect(error.message.contains("nope"), "\(error)")
        }
        #expect(ids == ["urn:1"])
        await server.expectAbandoned(after: holdAfter)
    }
}

/// What a ``ChunkCountingParser`` saw: whether each `parse` ran on the consumer's task, and whether it finished.
private final class ParseRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Bool] = []
    private var ended = false

    var calls: [Bool] { lock.withLock { seen } }
    var finished: Bool { lock.withLock { ended } }

    func parsed() { lock.withLock { seen.append(ParsedItemsDecodingTests.Reading.isConsumer) } }
    func finish() { lock.withLock { ended = true } }
}

/// One item per chunk: the chunk's length.
private final class ChunkCountingParser: StreamingParser {
    private let recorder: ParseRecorder

    init(_ recorder: ParseRecorder) { self.recorder = recorder }

    func parse(_ chunk: UnsafeRawBufferPointer) throws -> [Int] {
        recorder.parsed()
        return [chunk.count]
    }

    func finish() throws -> [Int] {
        recorder.finish()
        return []
    }
}
