import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Retry policy and the engine's handling of refusals")
struct RetryPolicyTests {
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
