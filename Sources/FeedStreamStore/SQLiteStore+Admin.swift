import FeedStreamServices
import Foundation
internal import GRDB

extension SQLiteStore {
    public func lookUp(_ urls: [Subscription.ID]) async throws -> [Subscription?] {
        let keys = urls.map { StoreKey.digest($0.absoluteString) }
        let found: [String?]
        do {
            found = try await pool.read { db in try keys.map { try Self.storedRow($0, db)?.data } }
        } catch {
            throw StoreError("\(path): \(Self.message(error))")
        }
        return try found.map { try $0.map(StoredSubscription.decode) }
    }

    public func remove(_ urls: [Subscription.ID]) async throws -> [Subscription?] {
        let keys = urls.map { StoreKey.digest($0.absoluteString) }
        let now = clock().timeIntervalSince1970
        let removed = try await transaction { db -> [String?] in
            try keys.map { key -> String? in
                guard let row = try Self.storedRow(key, db) else { return nil }
                let subscription = try StoredSubscription.decode(row.data)
                try db.execute(sql: "DELETE FROM feedstream_subscriptions WHERE url_hash = ?", arguments: [row.key])
                try db.execute(sql: "DELETE FROM feedstream_seen WHERE subscription = ?", arguments: [row.key])
                for old in StoredSubscription.formerKeys(of: subscription, asked: key) {
                    try db.execute(sql: "DELETE FROM feedstream_moved WHERE old_hash = ?", arguments: [old])
                }
                // A live lease keeps its host: its transfer is still running there (its finish lets it go).
                if let owner = row.owner, (row.until ?? 0) <= now {
                    try Self.releaseHost(row.host, owner: owner, now: now, db)
                }
                return row.data
            }
        }
        return try removed.map { try $0.map(StoredSubscription.decode) }
    }

    public func clearGone() -> AsyncThrowingStream<Subscription, any Error> {
        let store = self
        return StoredSubscription.pages { after in
            let now = store.clock()
            return try await store.transaction { db in
                // By the due column's index: gone and disabled rows only, in key order from `after`.
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT url_hash, data FROM feedstream_subscriptions
                        WHERE next_due = ? AND url_hash > ? 
                          AND (json_extract(data, '$.gone') IS NOT NULL OR json_extract(data, '$.disabled') IS NOT NULL)
                        ORDER BY url_hash LIMIT ?
                        """,
                    arguments: [StoredSubscription.goneDue, after, StoredSubscription.pageSize])
                let update = try db.cachedStatement(
                    sql: "UPDATE feedstream_subscriptions SET next_due = ?, data = ? WHERE url_hash = ?")
                return try rows.map { row -> (key: Data, json: String) in
                    let key: Data = row["url_hash"]
                    let json: String = row["data"]
                    let cleared = try StoredSubscription.clearingGone(json, now: now)
                    try update.execute(arguments: [StoredSubscription.dueKey(cleared.cleared), cleared.json, key])
                    return (key, json)
                }
            }
        }
    }

    /// The row stored under `key`, or under the URL its subscription moved to from it (followed through the moves
    /// since, as many as a subscription remembers).
    private static func storedRow(_ key: Data, _ db: Database) throws -> StoredSubscriptionRow? {
        var key = key
        for _ in 0...Subscription.movedFromLimit {
            if let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT url_hash, host, lease_owner, lease_until, data FROM feedstream_subscriptions
                    WHERE url_hash = ?
                    """, arguments: [key])
            {
                return StoredSubscriptionRow(
                    key: row["url_hash"], host: row["host"], owner: row["lease_owner"], until: row["lease_until"],
                    data: row["data"])
            }
            guard let moved = try String.fetchOne(
                db, sql: "SELECT url FROM feedstream_moved WHERE old_hash = ?", arguments: [key])
            else { return nil }
            key = StoreKey.digest(moved)
        }
        return nil
    }
}
