import FeedStreamStore
import Foundation

/// One attempt at a statement or transaction, given up on after a time limit: the caller gets an answer even when
/// postgres-nio's never comes.
///
/// Why: a worker stopped (`SIGSTOP`, a paused VM) across a server restart and then continued kept renewing its
/// leases while every one of its finishes waited forever, so it never ended and what it held never went back (the
/// fleet's chaos test; the await that never resumed is inside postgres-nio's pool and was not found). Bounded, the
/// attempt fails as a lost connection, is retried within ``PostgresStore/reconnectPatience``, and the run then ends
/// with a one-line error. The abandoned attempt is cancelled and not waited for; should it still commit later,
/// fencing refuses what it repeats (a finish whose lease was already finished or taken changes nothing).
///
/// `@unchecked Sendable`: its fields are touched only while holding `lock`, the continuation resumed once.
final class PostgresAttempt<T: Sendable>: @unchecked Sendable {
    /// The attempt did not answer within its limit.
    struct TimedOut: Error {}

    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    private var work: Task<Void, Never>?
    private var timer: Task<Void, Never>?
    private var outcome: Result<T, any Error>?

    /// `body`'s result, or ``TimedOut`` once `limit` has passed without one; cancelling the caller cancels `body`.
    static func run(within limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let attempt = PostgresAttempt<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                attempt.start(continuation, limit: limit, body)
            }
        } onCancel: {
            attempt.end(.failure(CancellationError()))
        }
    }

    private func start(
        _ continuation: CheckedContinuation<T, any Error>, limit: Duration, _ body: @escaping @Sendable () async throws -> T
    ) {
        let ended: Result<T, any Error>? = lock.withLock {
            // Cancelled before it began.
            if let outcome { return outcome }
            self.continuation = continuation
            return nil
        }
        if let ended { return continuation.resume(with: ended) }
        let work = Task {
            do {
                self.end(.success(try await body()))
            } catch {
                self.end(.failure(error))
            }
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            if !Task.isCancelled { self.end(.failure(TimedOut())) }
        }
        let late: Bool = lock.withLock {
            self.work = work
            self.timer = timer
            return outcome != nil
        }
        if late {
            work.cancel()
            timer.cancel()
        }
    }

    /// The first outcome resumes the caller; the other tasks are cancelled.
    private func end(_ result: Result<T, any Error>) {
        let (waiting, work, timer): (CheckedContinuation<T, any Error>?, Task<Void, Never>?, Task<Void, Never>?) =
            lock.withLock {
                guard outcome == nil else { return (nil, nil, nil) }
                outcome = result
                defer { continuation = nil }
                return (continuation, self.work, self.timer)
            }
        timer?.cancel()
        if case .failure = result { work?.cancel() }
        waiting?.resume(with: result)
    }
}
