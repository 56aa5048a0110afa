import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Retry policy and the engine's handling of refusals")
struct RetryPolicyTests {
    func refusal(_ status: Int, _ headers: [String: String] = [:]) -> HTTPResponseError {
        HTTPResponseError(reason: .status, statusCode: status, contentType: nil, body: "", headers: headers)
    }

    @Test func delays() {
        let policy = RecordingSleeper().policy()
        #expect(policy.delay(after: refusal(429, ["Retry-After": "7"]), retriesSoFar: 0) == 7)
        #expect(policy.delay(after: refusal(503, ["retry-after": HarnessClock.in30Seconds]), retriesSoFar: 1) == 30)
        #expect(policy.delay(after: refusal(429, ["Retry-After": "86400"]), retriesSoFar: 0) == 60, "capped")
        #expect(policy.delay(after: refusal(429, ["Retry-After": "Sun, 06 Nov 1994 08:00:00 GMT"]), retriesSoFar: 0)
            == 0, "a date in the past means now")
        #expect(policy.delay(after: refusal(503), retriesSoFar: 0) == 1, "no header: the default delay")
        #expect(policy.delay(after: refusal(429, ["Retry-After": "soon"]), retriesSoFar: 0) == 1)
        let reset = String(Int(HarnessClock.now.timeIntervalSince1970) + 42)
        #expect(policy.delay(after: refusal(429, ["X-Rate-Limit-Reset": reset]), retriesSoFar: 0) == 42)
        #expect(policy.delay(after: refusal(429, ["Retry-After": "7"]), retriesSoFar: 2) == nil, "bounded count")
        #expect(policy.delay(after: refusal(500), retriesSoFar: 0) == nil)
        #expect(policy.delay(after: refusal(404, ["Retry-After": "1"]), retriesSoFar: 0) == nil)
        #expect(policy.delay(after: URLError(.timedOut), retriesSoFar: 0) == nil)
        #expect(RetryPolicy.none.delay(after: refusal(429), retriesSoFar: 0) == nil)
    }

    @Test("Retries run out: the last refusal is thrown, after maximumRetries + 1 requests")
    func retriesRunOut() async throws {
        let server = try LoopbackHTTPServer(maximumRequests: 8) { _ in
            .init(status: 429, contentType: "text/plain", headers: [("Retry-After", "3600")], text: "busy")
        }
        let sleeper = RecordingSleeper()
        let pager = try connectionsConversation.pager(server, retryPolicy: sleeper.policy(maximumRetries: 1))
        let outcome = await drain(pager)
        #expect((outcome.error as? HTTPResponseError)?.statusCode == 429)
        #expect((outcome.error as? HTTPResponseError)?.headers["retry-after"] == "3600")
        #expect(sleeper.delays == [60])
        #expect(server.snapshot.received.count == 2)
    }

    @Test("A network error is thrown at once, never retried")
    func networkErrorsAreNotRetried() async throws {
        let server = try LoopbackHTTPServer(maximumRequests: 0) { _ in .init(text: "") }
        await server.waitUntilStopped()
        let sleeper = RecordingSleeper()
        let outcome = await drain(try connectionsConversation.pager(server, retryPolicy: sleeper.policy()))
        #expect(
            (outcome.error as? HTTPTransportError)?.kind == .connectionRefused, "\(String(describing: outcome.error))")
        #expect(sleeper.delays.isEmpty)
    }

    @Test("Cancelling the consumer during a retry's wait ends the wait and sends nothing more")
    func cancelDuringWait() async throws {
        let server = try LoopbackHTTPServer(maximumRequests: 4) { _ in
            .init(status: 503, headers: [("Retry-After", "30")], framing: .contentLength)
        }
        let waits = RequestCounter()
        let interrupted = RequestCounter()
        let waiting = AsyncSignal()
        let waitEnded = AsyncSignal()
        let policy = RetryPolicy(sleep: { seconds in
            _ = waits.next()
            waiting.signal()
            defer { waitEnded.signal() }
            do { try await RetryPolicy.taskSleep(seconds) } catch {
                _ = interrupted.next()
                throw error
            }
        })
        let pager = try connectionsConversation.pager(server, retryPolicy: policy)
        let task = Task { await drain(pager) }
        // Cancel once the engine is inside the 30-second wait: awaited, never polled against a clock, so a loaded
        // machine only makes it slower.
        await waiting.wait()
        task.cancel()
        let outcome = await task.value
        #expect(outcome.items.isEmpty)
        // The engine's own task ends its wait when the consumer goes. Had the wait run its 30 seconds, it would end
        // without being interrupted.
        await waitEnded.wait()
        #expect(waits.current == 1)
        #expect(interrupted.current == 1, "the 30-second wait was not cut short")
        #expect(server.snapshot.received.count == 1)
    }
}

@Suite("Conditional GET cache files")
struct ConditionalGETCacheTests {
    @Test func oneFilePerURLNamedBySHA256() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("c-\(UUID().uuidString)/x")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let cache = try ConditionalGETCache(directory: directory)
        let url = URL(string: "https://example.com/feed?page=1")!
        let expected = await Self.sha256Hex(url)
        if !expected.isEmpty { #expect(cache.fileURL(for: url).lastPathComponent == expected + ".json") }
        let folder = cache.fileURL(for: url).deletingLastPathComponent()
        #expect(folder.standardizedFileURL.path == directory.standardizedFileURL.path)
        let entry = CachedPage(
            url: url, entityTag: "\"1\"", lastModified: nil, response: HTTPResponseInfo(statusCode: 200),
            items: ["a", "b"], summary: 2)
        try cache.store(entry)
        #expect(cache.entry(for: url, as: CachedPage<String, Int>.self) == entry)
        #expect(cache.entry(for: url, as: CachedPage<Int, Int>.self) == nil, "other types: a miss")
        #expect(cache.entry(for: URL(string: "https://example.com/feed?page=2")!, as: CachedPage<String, Int>.self)
            == nil)
        try cache.removeEntry(for: url)
        #expect(cache.entry(for: url, as: CachedPage<String, Int>.self) == nil)
    }

    /// SHA-256 computed by the system's `sha256sum`, independent of swift-crypto.
    static func sha256Hex(_ url: URL) async -> String {
        guard
            let run = try? await runChildProcess(
                URL(fileURLWithPath: "/usr/bin/env"), arguments: ["sha256sum"], input: Data(url.absoluteString.utf8))
        else { return "" }
        let data = run.output
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }
}
