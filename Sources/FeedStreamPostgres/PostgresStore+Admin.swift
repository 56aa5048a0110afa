import FeedStreamServices
import FeedStreamStore
import Foundation
import Logging
import PostgresNIO

extension PostgresStore {
    public func lookUp(_ urls: [Subscription.ID]) async throws -> [Subscription?] {
        let store = self
        let found = try await statement { connection -> [String?] in
            var found: [String?] = []
            for url in urls {
                let key = StoreKey.digest(url.absoluteString)
                found.append(try await store.storedRow(key, locked: false, connection)?.data)
            }
            return found
        }
        return try found.map { try $0.map(StoredSubscription.decode) }
    }

    public func remove(_ urls: [Subscription.ID]) async throws -> [Subscription?] {
        let store = self
        let logger = self.logger
        let removed = try await transaction { connection -> [String?] in
            let now = try await store.readNow(connection)
            var removed: [String?] = []
            for url in urls {
                let key = StoreKey.digest(url.absoluteString)
                guard let row = try await store.storedRow(key, locked: true, connection) else {
                    removed.append(nil)
                    continue
                }
                let subscription = try StoredSubscription.decode(row.data)
                let former = StoredSubscription.formerKeys(of: subscription, asked: key).map { ByteBuffer(bytes: $0) }
                try await connection.query(
                    "DELETE FROM feedstream_subscriptions WHERE url_hash = \(row.key)", logger: logger)
                try await connection.query(
                    "DELETE FROM feedstream_seen WHERE subscription = \(row.key)", logger: logger)
                try await connection.query(
                    "DELETE FROM feedstream_moved WHERE old_hash = ANY(\(former)::bytea[])", logger: logger)
                // A live lease keeps its host: its transfer is still running there (its finish lets it go).
                if let owner = row.owner, (row.until ?? 0) <= now {
                    try await store.releaseHost(row.host, owner: owner, connection)
                }
                removed.append(row.data)
            }
            return removed
        }
        return try removed.map { try $0.map(StoredSubscription.decode) }
    }

    public func clearGone() -> AsyncThrowingStream<Subscription, any Error> {
        let store = self
        let logger = self.logger
        return StoredSubscription.pages { after in
            try await store.transaction { connection -> [(key: Data, json: String)] in
                let now = Date(timeIntervalSince1970: try await store.readNow(connection))
                var page: [(key: Data, json: String)] = []
                // By the due column's index: gone and disabled rows only, in key order from `after`.
                for try await (key, json) in try await connection.query(
                    """
                    SELECT url_hash, data FROM feedstream_subscriptions
                    WHERE next_due = \(StoredSubscription.goneDue) AND url_hash > \(after)
                      AND ((data::jsonb) ? 'gone' OR (data::jsonb) ? 'disabled')
                    ORDER BY url_hash LIMIT \(StoredSubscription.pageSize) FOR UPDATE
                    """, logger: logger
                ).decode((ByteBuffer, String).self) {
                    page.append((Data(key.readableBytesView), json))
                }
                for (key, json) in page {
                    let cleared = try StoredSubscription.clearingGone(json, now: now)
                    try await connection.query(
                        """
                        UPDATE feedstream_subscriptions
                        SET next_due = \(StoredSubscription.dueKey(cleared.cleared)), data = \(cleared.json)
                        WHERE url_hash = \(key)
                        """, logger: logger)
                }
                return page
            }
        }
    }

    /// The row stored under `key`, or under the URL its subscription moved to from it (followed through the moves
    /// since, as many as a subscription remembers); `locked`: for the rest of the transaction.
    private func storedRow(_ key: Data, locked: Bool, _ connection: PostgresConnection) async throws
        -> StoredSubscriptionRow?
    {
        var key = key
        for _ in 0...Subscription.movedFromLimit {
            let lock = locked ? " FOR UPDATE" : ""
            var stored: StoredSubscriptionRow?
            for try await (found, host, owner, until, data) in try await connection.query(
                """
                SELECT url_hash, host, lease_owner, lease_until, data FROM feedstream_subscriptions
                WHERE url_hash = \(key)\(unescaped: lock)
                """, logger: logger
            ).decode((ByteBuffer, String, String?, Double?, String).self) {
                stored = StoredSubscriptionRow(
                    key: Data(found.readableBytesView), host: host, owner: owner, until: until, data: data)
            }
            if let stored { return stored }
            var moved: String?
            for try await url in try await connection.query(
                "SELECT url FROM feedstream_moved WHERE old_hash = \(key)", logger: logger
            ).decode(String.self) {
                moved = url
            }
            guard let moved else { return nil }
            key = StoreKey.digest(moved)
        }
        return nil
    }
}
