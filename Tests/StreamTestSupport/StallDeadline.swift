import Foundation

/// Runs `operation`, turning a stall into a failure: after `seconds` the operation is cancelled and
/// ``StallError`` is thrown once it ends.
///
/// The clock runs on a thread of its own, never on Swift's cooperative pool: a stall that holds every cooperative
/// thread (the very fault these deadlines catch) cannot hold the clock too. When the cancelled operation still has
/// not ended 30 s later, no cooperative thread is left to report it, and the process stops with a message that
/// says so rather than hang. Nothing here measures speed: the deadline is minutes, for a test that takes seconds.
public func withStallDeadline<Result: Sendable>(
    seconds: TimeInterval, _ what: String, operation: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    let clock = StallClock()
    let task = Task { try await operation() }
    Thread {
        guard !clock.waitForEnd(seconds: seconds) else { return }
        task.cancel()
        guard !clock.waitForEnd(seconds: 30) else { return }
        fatalError("\(what): stalled for \(Int(seconds)) s, did not end when cancelled; no cooperative thread ran it")
    }.start()
    defer { clock.end() }
    let result = await withTaskCancellationHandler { await task.result } onCancel: { task.cancel() }
    if clock.hasExpired { throw StallError(what: what, seconds: seconds) }
    return try result.get()
}

/// An operation given to ``withStallDeadline(seconds:_:operation:)`` did not end in time.
public struct StallError: Error, CustomStringConvertible {
    public var what: String
    public var seconds: TimeInterval

    public var description: String { "\(what): stalled, not done after \(Int(seconds)) s" }
}

/// The end of a deadline's operation, awaited by the clock thread.
///
/// `@unchecked Sendable`: `expired` is only touched while holding `lock`; the semaphore is thread-safe.
private final class StallClock: @unchecked Sendable {
    private let ended = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var expired = false

    /// Whether the operation ended within `seconds` (called on the clock thread only, where blocking is harmless).
    func waitForEnd(seconds: TimeInterval) -> Bool {
        if ended.wait(timeout: .now() + seconds) == .success {
            ended.signal()
            return true
        }
        lock.withLock { expired = true }
        return false
    }

    func end() { ended.signal() }

    var hasExpired: Bool { lock.withLock { expired } }
}
