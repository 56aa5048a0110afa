import AtomStream
import FeedStreamServices
import FeedStreamStore
import Foundation
import Logging
import PostgresNIO

extension PostgresStore {
    public func finish(
        _ id: Subscription.ID, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws {
        let row = try FinishedRow(id, as: subscription, outcome: outcome, seen: seen, retention: retention)
        _ = claimedSeen.take(row.old)
        let (old, new, host, json, due, retry) = (row.old, row.new, row.host, row.json, row.nextDue, row.retryAfter)
        let now = row.now
        let logger = self.logger
        if new == old && row.hostRetryAfter == nil {
            return try await finishes.finish(row, through: self)
        }
        try await transaction { connection in
            var found: (String, String?, Int)?
            for try await stored in try await connection.query(
                "SELECT host, lease_owner, refreshes FROM subscriptions WHERE url = \(old) FOR UPDATE",
                logger: logger
            ).decode((String, String?, Int32).self) {
                found = (stored.0, stored.1, Int(stored.2))
            }
            guard let (oldHost, owner, earlier) = found else { return }
            if owner != nil {
                // The host row first: a claim of this worker's holds it while it claims more of the host's
                // subscriptions, and the statements after this one see what that claim committed.
                try await connection.query("SELECT 1 FROM hosts WHERE host = \(oldHost) FOR UPDATE", logger: logger)
            }
            let refreshes = earlier + (row.seen.isEmpty ? 0 : 1)
            if new != old {
                // Moved: the row and what it saw follow the new URL; the old URL is remembered so that adding it
                // again does not bring it back.
                try await connection.query("DELETE FROM subscriptions WHERE url = \(new)", logger: logger)
                try await connection.query("DELETE FROM seen WHERE subscription = \(new)", logger: logger)
                try await connection.query("UPDATE subscriptions SET url = \(new) WHERE url = \(old)", logger: logger)
                try await connection.query(
                    "UPDATE seen SET subscription = \(new) WHERE subscription = \(old)", logger: logger)
                try await connection.query(
                    """
                    INSERT INTO moved (old_url, url) VALUES (\(old), \(new))
                    ON CONFLICT (old_url) DO UPDATE SET url = excluded.url
                    """, logger: logger)
                try await connection.query("DELETE FROM moved WHERE old_url = \(new)", logger: logger)
                try await connection.query(
                    "INSERT INTO hosts (host) VALUES (\(host)) ON CONFLICT (host) DO NOTHING", logger: logger)
            }
            let count = Int32(refreshes)
            try await connection.query(
                """
                UPDATE subscriptions SET host = \(host), next_due = \(due), retry_after = \(retry),
                    lease_owner = NULL, lease_until = NULL, refreshes = \(count), data = \(json)
                WHERE url = \(new)
                """, logger: logger)
            if !row.seen.isEmpty {
                // One statement for all of them (arrays unnested by the server), not one round trip per entry.
                let bases = row.seen.map(\.basis)
                let keys = row.seen.map(\.key)
                let digests = row.seen.map(\.digest)
                try await connection.query(
                    """
                    INSERT INTO seen (subscription, basis, key, digest, refresh, seen_at)
                    SELECT \(new), seen.basis, seen.key, seen.digest, \(count), \(now)
                    FROM unnest(\(bases)::text[], \(keys)::text[], \(digests)::bigint[]) AS seen(basis, key, digest)
                    ON CONFLICT (subscription, basis, key) DO UPDATE SET digest = excluded.digest,
                        refresh = excluded.refresh, seen_at = excluded.seen_at
                    """, logger: logger)
                let forgotten = Int32(refreshes - row.keptRefreshes)
                let oldest = row.oldestKept
                try await connection.query(
                    """
                    DELETE FROM seen WHERE subscription = \(new) AND (refresh <= \(forgotten) OR seen_at < \(oldest))
                    """, logger: logger)
            }
            if let hostRetry = row.hostRetryAfter {
                try await connection.query(
                    """
                    INSERT INTO hosts (host, retry_after) VALUES (\(oldHost), \(hostRetry)) ON CONFLICT (host)
                    DO UPDATE SET retry_after = GREATEST(COALESCE(hosts.retry_after, 0), excluded.retry_after)
                    """, logger: logger)
            }
            // The host goes back to the fleet once this worker holds none of its subscriptions.
            if let owner {
                try await connection.query(
                    """
                    UPDATE hosts SET lease_owner = NULL, lease_until = NULL
                    WHERE host = \(oldHost) AND lease_owner = \(owner) AND NOT EXISTS (
                        SELECT 1 FROM subscriptions WHERE host = \(oldHost) AND lease_owner = \(owner)
                          AND lease_until > \(now))
                    """, logger: logger)
            }
        }
    }

    /// Writes common finishes — subscriptions that neither moved nor were told to wait — in one statement: each
    /// row, its seen entries, what it forgets, and its host let go once the worker holds no other subscription of
    /// it. Atomic as a statement is; its parts see the rows as they were before it, so the seen rows it forgets
    /// exclude the ones it writes, and the subscriptions it finishes do not count as held.
    ///
    /// That view is also why a host is let go only while its lease is the one the statement read: a claim of the
    /// same worker running meanwhile holds the host row, claims more of its subscriptions (which this statement
    /// cannot see) and renews the lease; this statement waits for the row, finds the lease changed and keeps the
    /// host held, so no other worker takes it while those transfers run.
    func write(_ rows: [FinishedRow]) async throws {
        guard let last = rows.last else { return }
        let urls = rows.map(\.old)
        let hosts = rows.map(\.host)
        let dues = rows.map(\.nextDue)
        // No NULL inside an array here: -1 stands for no Retry-After.
        let retries = rows.map { $0.retryAfter ?? -1 }
        let data = rows.map(\.json)
        let increments = rows.map { Int32($0.seen.isEmpty ? 0 : 1) }
        var entryURLs: [String] = []
        var bases: [String] = []
        var keys: [String] = []
        var digests: [Int64] = []
        for row in rows {
            for entry in row.seen {
                entryURLs.append(row.old)
                bases.append(entry.basis)
                keys.append(entry.key)
                digests.append(entry.digest)
            }
        }
        let now = rows.map(\.now).max() ?? last.now
        let oldest = rows.map(\.oldestKept).max() ?? last.oldestKept
        let kept = Int32(last.keptRefreshes)
        let logger = self.logger
        try await statement { connection in
            try await connection.query(
                """
                WITH batch AS (
                    SELECT * FROM unnest(\(urls)::text[], \(hosts)::text[], \(dues)::float8[], \(retries)::float8[],
                        \(data)::text[], \(increments)::int4[]) AS b(url, host, due, retry, data, increment)),
                stored AS (
                    SELECT s.url, s.host, s.lease_owner, s.refreshes FROM subscriptions s
                    WHERE s.url IN (SELECT url FROM batch) ORDER BY s.url FOR UPDATE),
                updated AS (
                    UPDATE subscriptions SET host = b.host, next_due = b.due, retry_after = NULLIF(b.retry, -1),
                        lease_owner = NULL, lease_until = NULL, refreshes = stored.refreshes + b.increment,
                        data = b.data
                    FROM stored JOIN batch b ON b.url = stored.url WHERE subscriptions.url = stored.url
                    RETURNING subscriptions.url AS url, subscriptions.refreshes AS refreshes,
                        stored.host AS old_host, stored.lease_owner AS owner, b.increment AS increment),
                entries AS (
                    SELECT * FROM unnest(\(entryURLs)::text[], \(bases)::text[], \(keys)::text[],
                        \(digests)::int8[]) AS entry(url, basis, key, digest)),
                inserted AS (
                    INSERT INTO seen (subscription, basis, key, digest, refresh, seen_at)
                    SELECT entries.url, entries.basis, entries.key, entries.digest, updated.refreshes, \(now)
                    FROM entries JOIN updated ON updated.url = entries.url
                    ON CONFLICT (subscription, basis, key) DO UPDATE SET digest = excluded.digest,
                        refresh = excluded.refresh, seen_at = excluded.seen_at),
                forgotten AS (
                    DELETE FROM seen USING updated
                    WHERE seen.subscription = updated.url AND updated.increment = 1
                      AND (seen.refresh <= updated.refreshes - \(kept) OR seen.seen_at < \(oldest))
                      AND NOT EXISTS (
                          SELECT 1 FROM entries WHERE entries.url = seen.subscription
                            AND entries.basis = seen.basis AND entries.key = seen.key))
                UPDATE hosts SET lease_owner = NULL, lease_until = NULL
                FROM (
                    SELECT r.old_host, r.owner, h.lease_until AS read_until
                    FROM (SELECT DISTINCT old_host, owner FROM updated WHERE owner IS NOT NULL) AS r
                    JOIN hosts h ON h.host = r.old_host) AS released
                WHERE hosts.host = released.old_host AND hosts.lease_owner = released.owner
                  AND hosts.lease_until = released.read_until AND NOT EXISTS (
                    SELECT 1 FROM subscriptions s WHERE s.host = released.old_host AND s.lease_owner = released.owner
                      AND s.lease_until > \(now) AND s.url <> ALL(\(urls)))
                """, logger: logger)
        }
    }

    public func seen(_ id: Subscription.ID) async throws -> [EntryIdentity: EntryDigest] {
        let url = id.absoluteString
        if let claimed = claimedSeen.take(url) { return claimed }
        let logger = self.logger
        return try await statement { connection in
            try await Self.readSeen([url], on: connection, logger: logger)[url] ?? [:]
        }
    }

    public func subscriptions() -> AsyncThrowingStream<Subscription, any Error> {
        let store = self
        return StoredSubscription.pages { after in
            let size = StoredSubscription.pageSize
            return try await store.statement { connection -> [String] in
                var page: [String] = []
                for try await json in try await connection.query(
                    "SELECT data FROM subscriptions WHERE url > \(after) ORDER BY url LIMIT \(size)",
                    logger: store.logger
                ).decode(String.self) {
                    page.append(json)
                }
                return page
            }
        }
    }
}
