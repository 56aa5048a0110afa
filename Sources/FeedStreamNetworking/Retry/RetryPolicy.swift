import Foundation
import StreamCore

/// When a refused response is worth sending again, and after how long.
///
/// Only responses that say "later" are retried: by default `429 Too Many Requests` and
/// `503 Service Unavailable`. The wait is what the server asked for — `Retry-After` as delta seconds or as an
/// HTTP date, or Twitter's `x-rate-limit-reset` (epoch seconds) — capped at ``maximumDelay``; without either
/// header it is ``defaultDelay``. Network errors (`URLError`) and every other status are never retried: the
/// caller sees them at once, so a dead connection is not hidden behind silent attempts.
///
/// ```swift
/// var policy = RetryPolicy(maximumRetries: 3)
/// policy.maximumDelay = 30
/// ```
///
/// The wait goes through ``sleep``, and dates are read against ``now``: tests replace both, so nothing waits
/// for real.
public struct RetryPolicy: Sendable {
    /// Waits `seconds`; throws `CancellationError` when the task is cancelled meanwhile.
    public typealias Sleeper = @Sendable (_ seconds: TimeInterval) async throws -> Void

    /// How many times one request may be sent again after a retryable answer. Default 2; 0 turns retries off.
    public var maximumRetries: Int
    /// The longest wait, whatever the server asks for. Default 60 seconds.
    public var maximumDelay: TimeInterval
    /// The wait when a retryable answer names none. Default 1 second.
    public var defaultDelay: TimeInterval
    /// The status codes that are retried. Default 429 and 503.
    public var retriedStatusCodes: Set<Int>
    /// Performs the wait (default: `Task.sleep`, so cancelling the consumer ends it at once).
    public var sleep: Sleeper
    /// The current time, for `Retry-After` dates and `x-rate-limit-reset` (default: `Date()`).
    public var now: @Sendable () -> Date

    /// Creates a policy.
    public init(
        maximumRetries: Int = 2, maximumDelay: TimeInterval = 60, defaultDelay: TimeInterval = 1,
        retriedStatusCodes: Set<Int> = [429, 503], sleep: @escaping Sleeper = RetryPolicy.taskSleep,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.maximumRetries = max(0, maximumRetries)
        self.maximumDelay = max(0, maximumDelay)
        self.defaultDelay = max(0, defaultDelay)
        self.retriedStatusCodes = retriedStatusCodes
        self.sleep = sleep
        self.now = now
    }

    /// No retries: every refused response is thrown at once.
    public static let none = RetryPolicy(maximumRetries: 0)

    /// `Task.sleep` for `seconds`.
    public static let taskSleep: Sleeper = { seconds in
        guard seconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }

    /// How long to wait before sending the request again after `error`, or `nil` when it must not be retried:
    /// the error is not a retryable status, or `retriesSoFar` has reached ``maximumRetries``.
    public func delay(after error: any Error, retriesSoFar: Int) -> TimeInterval? {
        guard retriesSoFar < maximumRetries, let error = error as? HTTPResponseError, error.reason == .status,
            let status = error.statusCode, retriedStatusCodes.contains(status)
        else { return nil }
        return min(requestedDelay(headers: error.headers) ?? defaultDelay, maximumDelay)
    }

    /// The wait the header fields ask for: `Retry-After` (seconds or an HTTP date) first, then Twitter's
    /// `x-rate-limit-reset`; never negative. `nil` when neither is present and readable.
    public func requestedDelay(headers: [String: String]) -> TimeInterval? {
        let lowered = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        if let value = lowered["retry-after"]?.trimmingCharacters(in: .whitespaces) {
            if let seconds = TimeInterval(value), seconds.isFinite { return max(0, seconds) }
            // An HTTP-date (RFC 9110 IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`), read by the RFC 822 family.
            if let date = DateParser.parseRFC822(value) { return max(0, date.timeIntervalSince(now())) }
        }
        if let value = lowered["x-rate-limit-reset"]?.trimmingCharacters(in: .whitespaces),
            let epoch = TimeInterval(value), epoch.isFinite
        {
            return max(0, Date(timeIntervalSince1970: epoch).timeIntervalSince(now()))
        }
        return nil
    }
}
