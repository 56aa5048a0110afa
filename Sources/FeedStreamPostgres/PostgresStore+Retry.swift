import FeedStreamStore
import PostgresNIO

extension PostgresStore {
    /// How many times a deadlocked or unserializable transaction is run again before it counts as an error.
    static let retries = 5

    /// Runs `body`, again after a short wait when the server aborted it as a deadlock's victim or for a
    /// serialization failure, which undid all it did; any other error, or the last of those, is a
    /// ``FeedStreamStore/StoreError`` with the server's own one line (a `StoreError` thrown inside goes out as is).
    ///
    /// postgres-nio's `withTransaction` wraps whatever fails inside it in a `PostgresTransactionError`: the error is
    /// unwrapped first (``underlying(_:)``), or no deadlock inside a transaction would ever be seen as one.
    ///
    /// A connection that went (the server restarted, shut down or failed over) is retried too, for up to
    /// ``reconnectPatience``, while the pool connects again: what a statement committed before the connection went,
    /// the rows show, and a fenced finish run again is then refused as stale, never applied twice.
    ///
    /// Each attempt is bounded by ``attemptLimit`` (``PostgresAttempt``): one that gets no answer counts as a lost
    /// connection, so a worker never waits forever on a statement.
    func retrying<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        var attempt = 0
        var reconnects = 0
        let began = ContinuousClock.now
        while true {
            do {
                return try await PostgresAttempt.run(within: Self.attemptLimit, body)
            } catch {
                let underlying = Self.underlying(error)
                // The store's own errors (a refused finish, a schema of another version) go out as they are.
                if let error = underlying as? StoreError { throw error }
                if underlying is PostgresAttempt<T>.TimedOut {
                    guard ContinuousClock.now - began < Self.reconnectPatience else {
                        let seconds = Self.attemptLimit.components.seconds
                        throw StoreError("\(name): no answer from the server within \(seconds) s")
                    }
                    continue
                }
                if Self.isConnectionLost(underlying), ContinuousClock.now - began < Self.reconnectPatience {
                    reconnects += 1
                    try? await Task.sleep(for: .milliseconds(min(1_000, 50 * reconnects)))
                    continue
                }
                guard Self.isRetryable(underlying), attempt < Self.retries else {
                    throw StoreError("\(name): \(Self.message(underlying))")
                }
                attempt += 1
                try? await Task.sleep(for: Self.backOff(attempt))
            }
        }
    }

    /// How long a statement is retried while the server cannot be reached before the run counts it as an error.
    static let reconnectPatience: Duration = .seconds(30)

    /// How long one attempt at a statement or transaction may go unanswered: far above any statement of the store
    /// (each writes at most a batch of 128 finishes or a page of 1,000 rows), far below "forever".
    static let attemptLimit: Duration = .seconds(20)

    /// The connection went: `admin_shutdown`, `crash_shutdown`, `cannot_connect_now`, a connection exception
    /// (08…), or the socket closed under the statement or before it (by either side), by postgres-nio's codes and
    /// the SQLSTATE, never by text.
    static func isConnectionLost(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return false }
        if let state = error.serverInfo?[.sqlState] {
            return ["57P01", "57P02", "57P03"].contains(state) || state.hasPrefix("08")
        }
        switch error.code {
        // `clientClosedConnection`: the pool had closed the connection (its keep-alive or a read found it dead)
        // when the statement reached it, as a worker stopped across a server restart meets it when continued.
        case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown: return true
        default: return false
        }
    }

    /// `deadlock_detected` (40P01) and `serialization_failure` (40001), by the SQLSTATE the server sent: the
    /// transaction did nothing and may simply run again.
    static func isRetryable(_ error: any Error) -> Bool {
        guard let state = (error as? PSQLError)?.serverInfo?[.sqlState] else { return false }
        return state == "40P01" || state == "40001"
    }

    /// The error that failed a transaction: the one its body threw, else that of its `BEGIN` or `COMMIT` (a
    /// serializable transaction fails at commit), else that of the rollback.
    static func underlying(_ error: any Error) -> any Error {
        guard let error = error as? PostgresTransactionError else { return error }
        return error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError ?? error
    }

    /// The wait before attempt `attempt + 1`: doubling from 10 ms, each a random time between half of it and all of
    /// it, so that two workers that deadlocked do not meet again at the same moment.
    static func backOff(_ attempt: Int) -> Duration {
        let ceiling = 10.0 * Double(1 << min(attempt - 1, 6))
        return .microseconds(Int64(Double.random(in: ceiling / 2...ceiling) * 1_000))
    }
}
