import AtomStream
import FeedStreamServices
import Foundation
internal import GRDB

extension SQLiteStore {
    public func claim(dueBy: Date, limit: Int, perHost: Int, worker: String, lease: Duration) async throws
        -> [Subscription]
    {
        let now = Date().timeIntervalSince1970
        let until = now + lease.timeInterval
        let due = dueBy.timeIntervalSince1970
        let limit = max(0, limit)
        let rows = try await transaction { db -> [String] in
            // Due, not leased, not waiting, on a host that is free, ours, or whose lease ran out; at most
            // `perHost` of each host. The index on next_due finds them without reading the rest, and only the
            // oldest due rows (a window a few batches long) are ranked by host.
            let picked = try Row.fetchAll(
                db,
                sql: """
                    SELECT url, host, data FROM (
                        SELECT url, host, data, next_due,
                            ROW_NUMBER() OVER (PARTITION BY host ORDER BY next_due) AS place
                        FROM (
                            SELECT s.url, s.host, s.data, s.next_due FROM subscriptions s
                            LEFT JOIN hosts h ON h.host = s.host
                            WHERE s.next_due <= :due AND (s.lease_until IS NULL OR s.lease_until <= :now)
                              AND (s.retry_after IS NULL OR s.retry_after <= :now)
                              AND (h.host IS NULL OR ((h.lease_owner IS NULL OR h.lease_owner = :worker
                                  OR h.lease_until <= :now) AND (h.retry_after IS NULL OR h.retry_after <= :now)))
                            ORDER BY s.next_due LIMIT :window))
                    WHERE place <= :perHost ORDER BY next_due, host LIMIT :limit
                    """,
                arguments: [
                    "due": due, "now": now, "worker": worker, "limit": limit, "perHost": max(1, perHost),
                    "window": Self.claimWindow(limit: limit, perHost: perHost),
                ])
            for row in picked {
                let url: String = row["url"]
                let host: String = row["host"]
                try db.execute(
                    sql: "UPDATE subscriptions SET lease_owner = ?, lease_until = ? WHERE url = ?",
                    arguments: [worker, until, url])
                try db.execute(
                    sql: """
                        INSERT INTO hosts (host, lease_owner, lease_until) VALUES (?, ?, ?)
                        ON CONFLICT (host) DO UPDATE SET lease_owner = excluded.lease_owner,
                            lease_until = excluded.lease_until
                        """,
                    arguments: [host, worker, until])
            }
            return picked.map { $0["data"] }
        }
        do {
            return try rows.map(StoredSubscription.decode)
        } catch {
            throw StoreError("\(path): \(Self.message(error))")
        }
    }

    /// How many of the oldest due rows a claim ranks by host: enough for `limit` spread over hosts that each have
    /// many due, bounded so that a claim over 100,000 due rows stays a short read.
    static func claimWindow(limit: Int, perHost: Int) -> Int {
        perHost >= limit ? limit : min(max(limit * 32, 1_024), 65_536)
    }

    public func finish(
        _ id: Subscription.ID, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws {
        let row = try FinishedRow(id, as: subscription, outcome: outcome, seen: seen, retention: retention)
        try await transaction { db in
            guard
                let stored = try Row.fetchOne(
                    db, sql: "SELECT host, lease_owner, refreshes FROM subscriptions WHERE url = ?",
                    arguments: [row.old])
            else { return }
            let oldHost: String = stored["host"]
            let owner: String? = stored["lease_owner"]
            let earlier: Int = stored["refreshes"]
            let refreshes = earlier + (row.seen.isEmpty ? 0 : 1)
            if row.new != row.old {
                // Moved: the row and what it saw follow the new URL; the old one is remembered so that adding it
                // again does not bring it back.
                try db.execute(sql: "DELETE FROM subscriptions WHERE url = ?", arguments: [row.new])
                try db.execute(sql: "DELETE FROM seen WHERE subscription = ?", arguments: [row.new])
                try db.execute(sql: "UPDATE subscriptions SET url = ? WHERE url = ?", arguments: [row.new, row.old])
                try db.execute(
                    sql: "UPDATE seen SET subscription = ? WHERE subscription = ?", arguments: [row.new, row.old])
                try db.execute(
                    sql: "INSERT INTO moved (old_url, url) VALUES (?, ?) ON CONFLICT (old_url) DO UPDATE SET url = ?",
                    arguments: [row.old, row.new, row.new])
                try db.execute(sql: "DELETE FROM moved WHERE old_url = ?", arguments: [row.new])
                try db.execute(
                    sql: "INSERT INTO hosts (host) VALUES (?) ON CONFLICT (host) DO NOTHING",
                    arguments: [row.host])
            }
            try db.execute(
                sql: """
                    UPDATE subscriptions SET host = ?, next_due = ?, retry_after = ?, lease_owner = NULL,
                        lease_until = NULL, refreshes = ?, data = ? WHERE url = ?
                    """,
                arguments: [
                    row.host, row.nextDue, row.retryAfter, refreshes, row.json, row.new,
                ])
            if !row.seen.isEmpty {
                // Prepared once per connection, not once per entry.
                let insert = try db.cachedStatement(
                    sql: """
                        INSERT INTO seen (subscription, basis, key, digest, refresh, seen_at)
                        VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT (subscription, basis, key) DO UPDATE SET digest = excluded.digest,
                            refresh = excluded.refresh, seen_at = excluded.seen_at
                        """)
                for (basis, key, digest) in row.seen {
                    try insert.execute(arguments: [row.new, basis, key, digest, refreshes, row.now])
                }
                try db.execute(
                    sql: "DELETE FROM seen WHERE subscription = ? AND (refresh <= ? OR seen_at < ?)",
                    arguments: [row.new, refreshes - row.keptRefreshes, row.oldestKept])
            }
            if let hostRetry = row.hostRetryAfter {
                try db.execute(
                    sql: """
                        INSERT INTO hosts (host, retry_after) VALUES (?, ?) ON CONFLICT (host)
                        DO UPDATE SET retry_after = MAX(COALESCE(hosts.retry_after, 0), excluded.retry_after)
                        """,
                    arguments: [oldHost, hostRetry])
            }
            // The host goes back to the others once this worker holds none of its subscriptions.
            if let owner {
                try db.execute(
                    sql: """
                        UPDATE hosts SET lease_owner = NULL, lease_until = NULL WHERE host = ? AND lease_owner = ?
                          AND NOT EXISTS (SELECT 1 FROM subscriptions WHERE host = ? AND lease_owner = ?
                                          AND lease_until > ?)
                        """,
                    arguments: [oldHost, owner, oldHost, owner, row.now])
            }
        }
    }
}
