import FeedStreamNetworking
import Foundation
import StreamCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Signs each request with a fresh counter, so tests see that every request sent — retries included — was
/// authorised on its own, right before it went out.
public final class CountingAuthorizer: RequestAuthorizer, @unchecked Sendable {
    // `@unchecked Sendable`: `count` is only touched while holding `lock`.
    private let lock = NSLock()
    private var count = 0

    public init() {}

    public func authorize(_ request: inout URLRequest) throws {
        let number = lock.withLock { () -> Int in
            count += 1
            return count
        }
        request.setValue("Signed \(number)", forHTTPHeaderField: "Authorization")
    }
}

/// Records the waits a retry policy asked for instead of waiting.
public final class RecordingSleeper: @unchecked Sendable {
    // `@unchecked Sendable`: `delays` is only touched while holding `lock`.
    private let lock = NSLock()
    private var recorded: [TimeInterval] = []

    public init() {}

    /// The waits asked for, in order.
    public var delays: [TimeInterval] { lock.withLock { recorded } }

    /// A retry policy that records its waits here and reads the time as `now`.
    public func policy(maximumRetries: Int = 2, now: Date = HarnessClock.now) -> RetryPolicy {
        RetryPolicy(
            maximumRetries: maximumRetries,
            sleep: { [self] seconds in lock.withLock { recorded.append(seconds) } },
            now: { now })
    }
}

/// The fixed time the retry tests run at.
public enum HarnessClock {
    /// A fixed "now" for `Retry-After` dates: Sun, 06 Nov 1994 08:49:37 GMT.
    public static let now = Date(timeIntervalSince1970: 784_111_777)
    /// 30 seconds after ``now``, as an HTTP date.
    public static let in30Seconds = "Sun, 06 Nov 1994 08:50:07 GMT"
}

/// Counts events shared between threads — the requests a server has answered, to script "first a 429, then a
/// 503, then the page".
public final class RequestCounter: @unchecked Sendable {
    // `@unchecked Sendable`: `count` is only touched while holding `lock`.
    private let lock = NSLock()
    private var count = 0

    public init() {}

    /// How many have been counted.
    public var current: Int { lock.withLock { count } }

    /// Counts one more and returns the new count (1 for the first).
    public func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}

/// Everything a run produced: the items in order, and the error that ended it.
public func drain<S>(_ pager: Pager<S>) async -> (items: [S.Parser.Item], error: (any Error)?) {
    await collectUntilError(pager.items())
}

public func collectPages<S>(_ pager: Pager<S>) async throws -> [Page<S.Parser.Item, S.Summary>] {
    var pages: [Page<S.Parser.Item, S.Summary>] = []
    for try await page in pager.pages() { pages.append(page) }
    return pages
}
