import FeedStreamStore
import Foundation
import PostgresNIO
import Synchronization
import Testing

@testable import FeedStreamPostgres

/// Parties that wait for each other once: the two transactions below each hold their first row when both go on.
private final class Rendezvous: Sendable {
    private let parties: Int
    private let state = Mutex<(arrived: Int, waiting: [CheckedContinuation<Void, Never>])>((0, []))

    init(parties: Int) { self.parties = parties }

    func arrive() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.arrived += 1
                state.waiting.append(continuation)
                guard state.arrived == parties else { return [] }
                defer { state.waiting = [] }
                return state.waiting
            }
            for waiting in ready { waiting.resume() }
        }
    }
}

/// How many times a transaction's body has started.
private final class Attempts: Sendable {
    private let count = Mutex(0)

    /// Counts one more, and returns which it is (1 for the first).
    func start() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }

    var total: Int { count.withLock { $0 } }
}

/// The store's transactions run again when the server aborts them as a deadlock's victim (40P01) or for a
/// serialization failure (40001), forced here for real between two connections.
@Suite("PostgresStore: deadlocks and serialization failures retried", .enabled(if: postgresTestsRun))
struct PostgresRetryTests {
    /// A store with a table `rows` of two counters, 1 and 2, both 0.
    func storeWithRows() async throws -> PostgresStore {
        let store = try await freshPostgresStore()
        let logger = store.logger
        try await store.transaction { connection in
            try await connection.query("CREATE TABLE rows (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)", logger: logger)
            try await connection.query("INSERT INTO rows VALUES (1, 0), (2, 0)", logger: logger)
        }
        return store
    }

    func counters(_ store: PostgresStore) async throws -> [Int] {
        let logger = store.logger
        return try await store.statement { connection in
            var counters: [Int] = []
            for try await n in try await connection.query("SELECT n FROM rows ORDER BY id", logger: logger)
                .decode(Int.self)
            {
                counters.append(n)
            }
            return counters
        }
    }

    @Test("Two transactions locking two rows in opposite order: the victim of the deadlock runs again, both end")
    func deadlock() async throws {
        let store = try await storeWithRows()
        let logger = store.logger
        let rendezvous = Rendezvous(parties: 2)
        let attempts = Attempts()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (first, second) in [(1, 2), (2, 1)] {
                group.addTask {
                    try await store.transaction { connection in
                        let attempt = attempts.start()
                        try await connection.query("UPDATE rows SET n = n + 1 WHERE id = \(first)", logger: logger)
                        // The first attempts wait until both hold their first row: each then waits for the other's.
                        if attempt <= 2 { await rendezvous.arrive() }
                        try await connection.query("UPDATE rows SET n = n + 1 WHERE id = \(second)", logger: logger)
                    }
                }
            }
            try await group.waitForAll()
        }
        // At least the victim's second attempt; on a loaded machine the retry can meet the survivor again.
        #expect(attempts.total >= 3)
        // Each transaction committed once, whatever the attempts: both rows counted twice.
        #expect(try await counters(store) == [2, 2])
        await store.close()
    }

    @Test("A repeatable-read transaction whose row another changed after its snapshot runs again")
    func serializationFailure() async throws {
        let store = try await storeWithRows()
        let logger = store.logger
        let attempts = Attempts()
        try await store.transaction { connection in
            let attempt = attempts.start()
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ", logger: logger)
            for try await _ in try await connection.query("SELECT n FROM rows WHERE id = 1", logger: logger) {}
            // Another connection changes the row after this transaction's snapshot: its update cannot serialize.
            if attempt == 1 {
                try await store.statement { other in
                    try await other.query("UPDATE rows SET n = n + 10 WHERE id = 1", logger: logger)
                }
            }
            try await connection.query("UPDATE rows SET n = n + 1 WHERE id = 1", logger: logger)
        }
        #expect(attempts.total == 2)
        #expect(try await counters(store) == [11, 0])
        await store.close()
    }

    @Test("Retries are bounded, and what is printed is the server's own line, not the transaction's wrapper")
    func bounded() async throws {
        let store = try await freshPostgresStore()
        let logger = store.logger
        let attempts = Attempts()
        await #expect {
            try await store.transaction { connection in
                _ = attempts.start()
                try await connection.query(
                    "DO $$ BEGIN RAISE EXCEPTION USING ERRCODE = '40P01', MESSAGE = 'forced deadlock'; END $$",
                    logger: logger)
            }
        } throws: { error in
            (error as? StoreError)?.message == "\(store.name): forced deadlock"
        }
        #expect(attempts.total == PostgresStore.retries + 1)
        // Not retryable: run once, and its own message.
        let once = Attempts()
        await #expect {
            try await store.transaction { connection in
                _ = once.start()
                try await connection.query("SELECT 1 / 0", logger: logger)
            }
        } throws: { error in
            (error as? StoreError)?.message == "\(store.name): division by zero"
        }
        #expect(once.total == 1)
        await store.close()
    }
}
