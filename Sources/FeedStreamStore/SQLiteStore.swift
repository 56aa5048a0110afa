import AtomStream
import FeedStreamServices
import Foundation
internal import GRDB

/// The embedded store: one SQLite file (write-ahead log), any number of subscriptions, one machine.
///
/// Each subscription is a row (its JSON, with its URL, host, due date, `Retry-After` and lease beside it, indexed
/// by due date): a claim reads only the due rows, never the whole list, so a refresh of 1,000 due subscriptions
/// among 100,000 holds one batch in memory. Each ``finish(_:as:outcome:seen:)`` is its own transaction, so a run
/// killed half-way loses nothing it finished. Several processes on the machine may share the file: claims are
/// leases, and a host is leased to one worker at a time (see ``SubscriptionStore``).
///
/// Built on GRDB.swift and the system's SQLite: no NIO, usable as it is in an iOS or macOS app.
public struct SQLiteStore: SubscriptionStore {
    let pool: DatabasePool
    let retention: SeenRetention
    /// The path of the database file.
    public let path: String

    /// Opens (or creates) the database at `path`.
    /// - Throws: ``StoreError`` when the file cannot be opened or is no FeedStream database.
    public init(path: String, retention: SeenRetention = .init()) throws {
        self.path = path
        self.retention = retention
        var configuration = Configuration()
        // Another worker's transaction is waited for, not failed on.
        configuration.busyMode = .timeout(30)
        // With the write-ahead log, NORMAL syncs at checkpoints instead of at every commit: a process killed at any
        // point keeps every finished transaction; only a power cut can lose the last few, never corrupt the file.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try pool.write { db in try Self.createSchema(db) }
        } catch {
            throw StoreError("\(path): \(Self.message(error))")
        }
    }

    private static func createSchema(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS subscriptions (
                    url TEXT PRIMARY KEY NOT NULL, host TEXT NOT NULL, next_due REAL NOT NULL, retry_after REAL,
                    lease_owner TEXT, lease_until REAL, refreshes INTEGER NOT NULL DEFAULT 0, data TEXT NOT NULL);
                CREATE INDEX IF NOT EXISTS subscriptions_due ON subscriptions (next_due, host);
                CREATE INDEX IF NOT EXISTS subscriptions_host ON subscriptions (host, next_due);
                CREATE TABLE IF NOT EXISTS moved (old_url TEXT PRIMARY KEY NOT NULL, url TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS hosts (
                    host TEXT PRIMARY KEY NOT NULL, lease_owner TEXT, lease_until REAL, retry_after REAL);
                CREATE TABLE IF NOT EXISTS seen (
                    subscription TEXT NOT NULL, basis TEXT NOT NULL, key TEXT NOT NULL, digest INTEGER NOT NULL,
                    refresh INTEGER NOT NULL, seen_at REAL NOT NULL, PRIMARY KEY (subscription, basis, key))
                    WITHOUT ROWID;
                """)
    }

    /// One line for an error of the database or of decoding a row.
    static func message(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "SQLite error \(error.resultCode.rawValue)"
        }
        if let error = error as? StoreError { return error.message }
        return String(describing: error).split(separator: "\n").first.map(String.init) ?? "unknown error"
    }

    /// Runs `body` in an immediate transaction (the write lock is taken at once, so two workers' claims never
    /// interleave), mapping errors to ``StoreError``.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch {
            throw StoreError("\(path): \(Self.message(error))")
        }
    }

    public func add(_ subscriptions: [Subscription]) async throws {
        let rows = try subscriptions.map { ($0, try StoredSubscription.json($0)) }
        try await transaction { db in
            // Prepared once for the whole list, not once per subscription.
            let moved = try db.cachedStatement(sql: "SELECT 1 FROM moved WHERE old_url = ?")
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO subscriptions (url, host, next_due, retry_after, data) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (url) DO NOTHING
                    """)
            let host = try db.cachedStatement(sql: "INSERT INTO hosts (host) VALUES (?) ON CONFLICT (host) DO NOTHING")
            for (subscription, json) in rows {
                if try Bool.fetchOne(moved, arguments: [subscription.url.absoluteString]) == true { continue }
                try insert.execute(arguments: [
                    subscription.url.absoluteString, subscription.hostKey, StoredSubscription.dueKey(subscription),
                    subscription.retryAfter?.timeIntervalSince1970, json,
                ])
                try host.execute(arguments: [subscription.hostKey])
            }
        }
    }

    public func seen(_ id: Subscription.ID) async throws -> [EntryIdentity: EntryDigest] {
        do {
            return try await pool.read { db in
                var seen: [EntryIdentity: EntryDigest] = [:]
                let rows = try Row.fetchCursor(
                    db, sql: "SELECT basis, key, digest FROM seen WHERE subscription = ?",
                    arguments: [id.absoluteString])
                while let row = try rows.next() {
                    guard let basis = EntryIdentity.Basis(rawValue: row["basis"]) else { continue }
                    let digest: Int64 = row["digest"]
                    seen[EntryIdentity(key: row["key"], basis: basis)] = EntryDigest(value: UInt64(bitPattern: digest))
                }
                return seen
            }
        } catch {
            throw StoreError("\(path): \(Self.message(error))")
        }
    }

    public func subscriptions() -> AsyncThrowingStream<Subscription, any Error> {
        let store = self
        return StoredSubscription.pages { after in
            do {
                return try await store.pool.read { db in
                    try String.fetchAll(
                        db, sql: "SELECT data FROM subscriptions WHERE url > ? ORDER BY url LIMIT ?",
                        arguments: [after, StoredSubscription.pageSize])
                }
            } catch {
                throw StoreError("\(store.path): \(Self.message(error))")
            }
        }
    }
}

/// How a subscription is kept in a row, the same in every SQL store.
package enum StoredSubscription {
    /// The row's `data`: the subscription's JSON, as the `--state` file has it.
    package static func json(_ subscription: Subscription) throws -> String {
        String(decoding: try SubscriptionCoding.encoder().encode(subscription), as: UTF8.self)
    }

    package static func decode(_ json: String) throws -> Subscription {
        do {
            return try SubscriptionCoding.decoder().decode(Subscription.self, from: Data(json.utf8))
        } catch {
            throw StoreError("a stored subscription is not readable: \(error)")
        }
    }

    /// The due column: seconds since 1970; a time before any for a subscription never refreshed, and one after any
    /// a claim asks for (`Date.distantFuture` included) for a gone one, which is never claimed again.
    package static func dueKey(_ subscription: Subscription) -> Double {
        if subscription.gone != nil { return 1e15 }
        return subscription.nextDue?.timeIntervalSince1970 ?? -1
    }

    /// Rows a page of ``pages(_:)`` holds.
    package static let pageSize = 500

    /// Every stored subscription, a page at a time by URL (`fetch` gives the rows' JSON after a URL, in URL order):
    /// memory holds one page, however many are stored.
    package static func pages(_ fetch: @escaping @Sendable (_ after: String) async throws -> [String])
        -> AsyncThrowingStream<Subscription, any Error>
    {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Subscription.self)
        let task = Task {
            var after = ""
            do {
                while !Task.isCancelled {
                    let decoded = try await fetch(after).map(decode)
                    for subscription in decoded { continuation.yield(subscription) }
                    guard let last = decoded.last, decoded.count == pageSize else { break }
                    after = last.url.absoluteString
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

/// What a store writes when a subscription finishes, worked out once for every store.
package struct FinishedRow: Sendable {
    package var old: String
    package var new: String
    package var host: String
    package var json: String
    package var nextDue: Double
    package var retryAfter: Double?
    /// The host's `Retry-After`: the subscription's, or the date a `deferred` outcome names.
    package var hostRetryAfter: Double?
    package var seen: [(basis: String, key: String, digest: Int64)]
    package var now: Double
    /// Seen rows last seen before this are forgotten.
    package var oldestKept: Double
    package var keptRefreshes: Int

    package init(
        _ id: Subscription.ID, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest], retention: SeenRetention
    ) throws {
        let now = Date()
        old = id.absoluteString
        new = subscription.url.absoluteString
        host = subscription.hostKey
        json = try StoredSubscription.json(subscription)
        nextDue = StoredSubscription.dueKey(subscription)
        retryAfter = subscription.retryAfter?.timeIntervalSince1970
        hostRetryAfter = retryAfter
        if case .deferred(let until) = outcome {
            hostRetryAfter = max(hostRetryAfter ?? 0, until.timeIntervalSince1970)
        }
        self.seen = seen.map {
            (basis: $0.key.basis.rawValue, key: $0.key.key, digest: Int64(bitPattern: $0.value.value))
        }
        self.now = now.timeIntervalSince1970
        oldestKept = retention.oldestKept(now: now).timeIntervalSince1970
        keptRefreshes = retention.refreshes
    }
}
