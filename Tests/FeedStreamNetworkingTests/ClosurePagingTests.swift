import FeedStreamNetworking
import JSONStream
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("ClosurePaging: one response with retries and conditional GET, or paging by closures")
struct ClosurePagingTests {
    @Test("A single JSON response: retried after a 503, then revalidated from the cache with a 304")
    func singlePageRetriedAndCached() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let counter = RequestCounter()
        let server = try LoopbackHTTPServer(maximumRequests: 4) { request in
            switch counter.next() {
            case 1: return .init(status: 503, headers: [("Retry-After", "2")], framing: .contentLength)
            case 2: return .init(contentType: "application/json", headers: [("ETag", "W/\"7\"")], text: "[1,2,[3]]")
            default:
                return request.header("If-None-Match") == "W/\"7\""
                    ? .init(status: 304, framing: .contentLength) : .init(status: 500, text: "not conditional")
            }
        }
        let paging = ClosurePaging.singlePage(requirements: .json) { _ in JSONItemParser<JSONValue>(path: .literal("$[*]")) }
        let cache = try ConditionalGETCache(directory: directory)
        let sleeper = RecordingSleeper()
        var runs: [[Page<JSONValue, NoPageSummary>]] = []
        for _ in 0..<2 {
            let pager = Pager(
                request: URLRequest(url: server.url("/values")), strategy: paging, maximumPages: nil,
                retryPolicy: sleeper.policy(), configuration: .patientLoopback
            ).caching(in: cache)
            runs.append(try await collectPages(pager))
        }
        let expected: [JSONValue] = [.integer(1), .integer(2), .array([.integer(3)])]
        #expect(runs.map { $0.flatMap(\.items) } == [expected, expected])
        #expect(runs.map { $0.map(\.metadata.isFromCache) } == [[false], [true]])
        #expect(runs[0].first?.metadata.retries == 1)
        #expect(sleeper.delays == [2])
        #expect(server.snapshot.received.count == 3)
    }

    @Test("Paging by closures: the next request comes from the summary the closure reads")
    func pagingByClosures() async throws {
        let server = try LoopbackHTTPServer(maximumRequests: 4) { request in
            let page = Int(request.queryItems.first { $0.name == "p" }?.value ?? "1") ?? 1
            let next = page < 3 ? "\"?p=\(page + 1)\"" : "null"
            return .init(contentType: "application/json", text: #"{"next":\#(next),"rows":[\#(page * 10)]}"#)
        }
        // The next link is read by a second selector over the same chunks, not by reading the body again.
        final class RowsAndNext: StreamingParser {
            let rows = JSONItemParser<Int>(path: RowsAndNext.rowsPath)
            let next = JSONItemParser<String?>(path: RowsAndNext.nextPath)
            static let rowsPath = JSONPath.literal("rows[*]")
            static let nextPath = JSONPath.literal("next")
            var link: String?
            func parse(_ chunk: UnsafeRawBufferPointer) throws -> [Int] {
                if let value = try next.parse(chunk).last { link = value }
                return try rows.parse(chunk)
            }
            func finish() throws -> [Int] {
                if let value = try next.finish().last { link = value }
                return try rows.finish()
            }
        }
        let paging = ClosurePaging(
            requirements: .json, makeParser: { _ in RowsAndNext() }, summary: { $0.link },
            nextRequest: { link, _, previous in
                link.flatMap { URL(string: $0, relativeTo: previous.url) }.map { URLRequest(url: $0.absoluteURL) }
            })
        let outcome = await drain(Pager(
            request: URLRequest(url: server.url("/rows")), strategy: paging, configuration: .patientLoopback))
        #expect(outcome.error == nil)
        #expect(outcome.items == [10, 20, 30])
        #expect(server.snapshot.received.map(\.target) == ["/rows", "/rows?p=2", "/rows?p=3"])
    }
}
