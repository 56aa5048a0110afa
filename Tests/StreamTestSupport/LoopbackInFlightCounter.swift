import Foundation

/// Requests in flight across several ``LoopbackFeedHost``s: the total a client's concurrency limit is checked
/// against, counted by the servers.
///
/// `@unchecked Sendable`: its counts are only touched while holding `lock`.
public final class LoopbackInFlightCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private var highest = 0

    public init() {}

    /// The most requests in flight at once.
    public var maximum: Int { lock.withLock { highest } }

    func begin() {
        lock.withLock {
            current += 1
            highest = max(highest, current)
        }
    }

    func end() { lock.withLock { current -= 1 } }
}
