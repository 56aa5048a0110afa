import Foundation

/// Enforces ``TransferLimits/idleTimeout`` and ``TransferLimits/deadline`` on the task that runs a transfer: when
/// no byte has arrived for the idle timeout or the deadline has passed, it records why and cancels that task; the
/// engine then throws the matching ``HTTPTransportError``.
///
/// Both clocks measure the server, not the app: while the transfer waits for its consumer (``pausingClocks(_:)``:
/// the app writing entries to its database, fetching full text) neither runs, so a fast feed behind a slow
/// consumer is never a timeout. A retry's wait (``pausingIdleClock(_:)``) stops only the idle clock: the server
/// asked for it, and the deadline bounds what the server costs.
///
/// `@unchecked Sendable`: its fields are touched only while holding `lock`.
package final class TransferWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private let limits: TransferLimits
    private let start = ContinuousClock.now
    private var lastActivity = ContinuousClock.now
    /// How many waits stop the idle clock now (a consumer's, a retry's).
    private var idlePauses = 0
    /// The time spent waiting for the consumer in waits that ended, which the deadline does not count.
    private var consumerTime = Duration.zero
    /// When the wait for the consumer now under way began.
    private var consumerSince: ContinuousClock.Instant?
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

    /// Runs `body` with both clocks stopped: the consumer, not the network, is what is being waited for (the
    /// transfer handing it items, or it holding the transfer back).
    package func pausingClocks<T>(_ body: () async throws -> T) async rethrows -> T {
        let began: Bool = lock.withLock {
            idlePauses += 1
            guard consumerSince == nil else { return false }
            consumerSince = .now
            return true
        }
        defer {
            lock.withLock {
                idlePauses -= 1
                if began, let since = consumerSince {
                    consumerTime += ContinuousClock.now - since
                    consumerSince = nil
                }
                lastActivity = .now
            }
        }
        return try await body()
    }

    /// Runs `body` with the idle clock stopped and the deadline running: a retry's wait, which the server asked
    /// for, is not an idle network but is the server's time.
    package func pausingIdleClock<T>(_ body: () async throws -> T) async rethrows -> T {
        lock.withLock { idlePauses += 1 }
        defer { lock.withLock { idlePauses -= 1; lastActivity = .now } }
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
            let held = consumerTime + (consumerSince.map { now - $0 } ?? .zero)
            if let deadline = limits.deadline, now - start - held >= .milliseconds(Int64(deadline * 1000)) {
                fired = .deadlineExceeded(seconds: deadline)
            } else if idlePauses == 0, now - lastActivity >= .milliseconds(Int64(limits.idleTimeout * 1000)) {
                fired = .timedOut(seconds: limits.idleTimeout)
            }
            return fired != nil
        }
    }
}
