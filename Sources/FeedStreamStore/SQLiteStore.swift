import AtomStream
import FeedStreamServices
import Foundation
internal import GRDB

/// The embedded store: one SQLite file (write-ahead log), any number of subscriptions, one machine.
///
/// Each subscription is a row (its JSON, with its URL's digest, host, due date, `Retry-After` and lease beside it,
/// indexed by due date): a claim reads only the due rows, never the whole list, so a refresh of 1,000 due subscriptions
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
    /// The store's clock, which lease times are taken from (one machine: the processes sharing the file share it).
    /// Tests move it to expire leases without waiting.
    package var clock: @Sendable () -> Date = { Date() }

    /// Opens (or creates) the database at `path`.
    /// - Parameter schema: ``SchemaPolicy/migrate`` (the default: an app's own file is brought to this version's
    ///   tables) or ``SchemaPolicy/require`` (a worker: a database of another version is refused; a new, empty
    ///   one is created).
    /// - Throws: ``StoreError`` when the file cannot be opened, is no FeedStream database, or (with `.require`)
    ///   holds another version's tables.
    public init(path: String, retention: SeenRetention = .init(), schema: SchemaPolicy = .migrate) throws {
        self.path = path
        self.retention = retention
        var configuration = Configuration()
        // Another worker's transaction is waited for, not failed on.
        configuration.busyMode = .timeout(30)
        // With the write-ahead log, NORMAL syncs at checkpoints instead of at every commit: a process killed at any
        // point keeps every finished transaction; only a power cut can lose the last few, never corrupt the file.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            db.add(function: Self.sha256Function)
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try Self.prepareSchema(pool, policy: schema, path: path)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError("\(path): \(Self.message(error))")
        }
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
        let rows = try subscriptions.map { ($0, StoreKey.digest($0.url.absoluteString), try StoredSubscription.json($0)) }
        try await transaction { db in
            // Prepared once for the whole list, not once per subscription.
            let moved = try db.cachedStatement(sql: "SELECT 1 FROM feedstream_moved WHERE old_hash = ?")
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO feedstream_subscriptions (url_hash, url, host, next_due, retry_after, data)
                    VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (url_hash) DO NOTHING
                    """)
            let host = try db.cachedStatement(
                sql: "INSERT INTO feedstream_hosts (host) VALUES (?) ON CONFLICT (host) DO NOTHING")
            for (subscription, key, json) in rows {
                if try Bool.fetchOne(moved, arguments: [key]) == true { continue }
                try insert.execute(arguments: [
                    key, subscription.url.absoluteString, subscription.hostKey, StoredSubscription.dueKey(subscription),
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
                    db, sql: "SELECT basis, key, digest FROM feedstream_seen WHERE subscription = ?",
                    arguments: [StoreKey.digest(id.absoluteString)])
                while let row = try rows.next() {
                    guard let basis = EntryIdentity.Basis(rawValue: row["basis"]) else { continue }
                    let key: Data = row["key"]
                    let digest: Int64 = row["digest"]
                    seen[EntryIdentity(key: String(decoding: key, as: UTF8.self), basis: basis)] = EntryDigest(
                        value: UInt64(bitPattern: digest))
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
                    try Row.fetchAll(
                        db,
                        sql: """
                            SELECT url_hash, data FROM feedstream_subscriptions WHERE url_hash > ?
                            ORDER BY url_hash LIMIT ?
                            """,
                        arguments: [after, StoredSubscription.pageSize]
                    ).map { (key: $0["url_hash"], json: $0["data"]) }
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
        if subscription.isStopped { return 1e15 }
        return subscription.nextDue?.timeIntervalSince1970 ?? -1
    }

    /// Rows a page of ``pages(_:)`` holds.
    package static let pageSize = 500

    /// Every stored subscription, a page at a time by key (`fetch` gives the rows' keys and JSON after a key, in
    /// key order): memory holds one page, however many are stored.
    package static func pages(
        _ fetch: @escaping @Sendable (_ after: Data) async throws -> [(key: Data, json: String)]
    ) -> AsyncThrowingStream<Subscription, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Subscription.self)
        let task = Task {
            var after = Data()
            do {
                while !Task.isCancelled {
                    let page = try await fetch(after)
                    for row in page { continuation.yield(try decode(row.json)) }
                    guard let last = page.last, page.count == pageSize else { break }
                    after = last.key
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
