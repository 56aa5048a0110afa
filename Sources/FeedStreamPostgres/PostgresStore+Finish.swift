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
        let (old, new, host, json, due, retry) = (row.old, row.new, row.host, row.json, row.nextDue, row.retryAfter)
        let now = row.now
        let logger = self.logger
        if new == old && row.hostRetryAfter == nil {
            return try await finishInPlace(row)
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

    /// The common finish — the subscription neither moved nor was told to wait — as one statement: one round trip
    /// instead of seven, atomic as a statement is. Its parts see the rows as they were before it, so the seen rows
    /// it forgets exclude the ones it writes, and the host is let go unless the worker holds another of its
    /// subscriptions.
    private func finishInPlace(_ row: FinishedRow) async throws {
        let (url, host, json, due, retry, now) = (row.old, row.host, row.json, row.nextDue, row.retryAfter, row.now)
        let hasSeen = !row.seen.isEmpty
        let increment: Int32 = hasSeen ? 1 : 0
        let kept = Int32(row.keptRefreshes)
        let oldest = row.oldestKept
        let bases = row.seen.map(\.basis)
        let keys = row.seen.map(\.key)
        let digests = row.seen.map(\.digest)
        let logger = self.logger
        try await transaction { connection in
            try await connection.query(
                """
                WITH stored AS (
                    SELECT url, host, lease_owner, refreshes FROM subscriptions WHERE url = \(url) FOR UPDATE),
                updated AS (
                    UPDATE subscriptions SET host = \(host), next_due = \(due), retry_after = \(retry),
                        lease_owner = NULL, lease_until = NULL, refreshes = stored.refreshes + \(increment),
                        data = \(json)
                    FROM stored WHERE subscriptions.url = stored.url
                    RETURNING subscriptions.refreshes AS refreshes, stored.host AS old_host,
                        stored.lease_owner AS owner),
                entries AS (
                    SELECT * FROM unnest(\(bases)::text[], \(keys)::text[], \(digests)::bigint[])
                        AS entry(basis, key, digest)),
                inserted AS (
                    INSERT INTO seen (subscription, basis, key, digest, refresh, seen_at)
                    SELECT \(url), entries.basis, entries.key, entries.digest, updated.refreshes, \(now)
                    FROM entries, updated
                    ON CONFLICT (subscription, basis, key) DO UPDATE SET digest = excluded.digest,
                        refresh = excluded.refresh, seen_at = excluded.seen_at),
                forgotten AS (
                    DELETE FROM seen USING updated
                    WHERE seen.subscription = \(url) AND \(hasSeen)
                      AND (seen.refresh <= updated.refreshes - \(kept) OR seen.seen_at < \(oldest))
                      AND NOT EXISTS (
                          SELECT 1 FROM entries WHERE entries.basis = seen.basis AND entries.key = seen.key))
                UPDATE hosts SET lease_owner = NULL, lease_until = NULL FROM updated
                WHERE hosts.host = updated.old_host AND hosts.lease_owner = updated.owner AND NOT EXISTS (
                    SELECT 1 FROM subscriptions s WHERE s.host = updated.old_host AND s.lease_owner = updated.owner
                      AND s.lease_until > \(now) AND s.url <> \(url))
                """, logger: logger)
        }
    }

    public func seen(_ id: Subscription.ID) async throws -> [EntryIdentity: EntryDigest] {
        let url = id.absoluteString
        let logger = self.logger
        return try await transaction { connection in
            var seen: [EntryIdentity: EntryDigest] = [:]
            for try await (basis, key, digest) in try await connection.query(
                "SELECT basis, key, digest FROM seen WHERE subscription = \(url)", logger: logger
            ).decode((String, String, Int64).self) {
                guard let basis = EntryIdentity.Basis(rawValue: basis) else { continue }
                seen[EntryIdentity(key: key, basis: basis)] = EntryDigest(value: UInt64(bitPattern: digest))
            }
            return seen
        }
    }

    public func subscriptions() -> AsyncThrowingStream<Subscription, any Error> {
        let store = self
        return StoredSubscription.pages { after in
            let size = StoredSubscription.pageSize
            return try await store.transaction { connection -> [String] in
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
