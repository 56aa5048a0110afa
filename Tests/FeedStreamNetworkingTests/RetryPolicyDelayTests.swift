import FeedStreamNetworking
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Retry policy: which refusals are retried, and after how long")
struct RetryPolicyDelayTests {
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
}
