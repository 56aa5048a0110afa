import Foundation

/// Enforces ``TransferLimits/idleTimeout`` and ``TransferLimits/deadline`` on the task that runs a transfer: when
/// no byte has arrived for the idle timeout (the clock stopped while the consumer is busy) or the deadline has
/// passed, it records why and cancels that task; the engine then throws the matching ``HTTPTransportError``.
///
/// `@unchecked Sendable`: its fields are touched only while holding `lock`.
package final class TransferWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private let limits: TransferLimits
    private let start = ContinuousClock.now
    private var lastActivity = ContinuousClock.now
    private var waitingForConsumer = false
    private var fired: HTTPTransportError.Kind?
    private var timer: Task<Void, Never>?
    private var current: URL?

    package init(limits: TransferLimits) { self.limits = limits }

    /// Starts watching; `cancel` stops the transfer's task.
    package func watch(cancelling cancel: @escaping @Sendable () -> Void) {
        let step = Duration.milliseconds(Int64(min(250, max(10, limits.idleTimeout * 250))))
        timer = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: step)
                guard let self, !Task.isCancelled else { return }
                if self.check() {
                    cancel()
                    return
                }
            }
        }
    }

    /// Stops watching.
    package func stop() { timer?.cancel() }

    /// Bytes arrived.
    package func touch() { lock.withLock { lastActivity = .now } }

    /// Runs `body` with the idle clock stopped: the consumer (or a retry's wait), not the network, is what is being
    /// waited for.
    package func pausingIdleClock<T>(_ body: () async throws -> T) async rethrows -> T {
        lock.withLock { waitingForConsumer = true }
        defer { lock.withLock { waitingForConsumer = false; lastActivity = .now } }
        return try await body()
    }

    /// Why the watchdog stopped the transfer, if it did.
    package var reason: HTTPTransportError.Kind? { lock.withLock { fired } }

    /// The URL being fetched: the one a timeout names.
    package var url: URL? {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    /// `error`, or the timeout that caused it when the watchdog stopped the transfer.
    package func explain(_ error: any Error) -> any Error {
        guard let reason else { return error }
        return HTTPTransportError(reason, url: url)
    }

    private func check() -> Bool {
        lock.withLock {
            guard fired == nil else { return false }
            let now = ContinuousClock.now
            if let deadline = limits.deadline, now - start >= .milliseconds(Int64(deadline * 1000)) {
                fired = .deadlineExceeded(seconds: deadline)
            } else if !waitingForConsumer, now - lastActivity >= .milliseconds(Int64(limits.idleTimeout * 1000)) {
                fired = .timedOut(seconds: limits.idleTimeout)
            }
            return fired != nil
        }
    }
}
