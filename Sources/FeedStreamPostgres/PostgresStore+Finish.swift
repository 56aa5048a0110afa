import AtomStream
import FeedStreamServices
import FeedStreamStore
import Foundation
import Logging
import PostgresNIO

extension PostgresStore {
    public func finish(
        _ id: Subscription.ID, lease: SubscriptionLease?, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws {
        let row = try FinishedRow(id, lease: lease, as: subscription, outcome: outcome, seen: seen, retention: retention)
        _ = claimedSeen.take(row.old)
        if !row.moves && row.hostRetryAfter == nil {
            // Most finishes: written together with the others arriving now, in one statement. One the statement
            // did not apply (a stale lease, a vanished row) is decided alone below.
            if try await finishes.finish(row, through: self) { return }
        }
        let store = self
        let refusal = try await transaction { connection -> FinishRefusal? in
            let now = try await store.readNow(connection)
            let stored = try await store.storedLease(row.oldKey, connection)
            if let stored, stored.owner != nil {
                // The host row first: a claim of this worker's holds it while it claims more of the host's
                // subscriptions, and the statements after this one see what that claim committed.
                try await connection.query(
                    "SELECT 1 FROM feedstream_hosts WHERE host = \(stored.host) FOR UPDATE", logger: store.logger)
            }
            let target = row.moves ? try await store.storedLease(row.newKey, connection) : nil
            // A row gone from its old URL may be this very finish's move, written before its answer was lost.
            let movedToNew = stored == nil && target != nil ? try await store.isMoved(row, connection) : false
            let plan = FinishPlan.decide(row, stored: stored, target: target, movedToNew: movedToNew, now: now)
            try await store.execute(plan, row, connection)
            return plan.refusal
        }
        if let refusal { throw StoreError.refused(id, refusal) }
    }

    /// The claimed row's lease, locked for the rest of the transaction.
    private func storedLease(_ key: Data, _ connection: PostgresConnection) async throws -> StoredLease? {
        var found: StoredLease?
        for try await stored in try await connection.query(
            """
            SELECT host, lease_owner, lease_token, lease_until, refreshes FROM feedstream_subscriptions
            WHERE url_hash = \(key) FOR UPDATE
            """, logger: logger
        ).decode((String, String?, Int64, Double?, Int32).self) {
            found = StoredLease(
                host: stored.0, owner: stored.1, token: stored.2, until: stored.3, refreshes: Int(stored.4))
        }
        return found
    }

    /// Whether the finished row's old URL is recorded as moved to its new one.
    private func isMoved(_ row: FinishedRow, _ connection: PostgresConnection) async throws -> Bool {
        for try await _ in try await connection.query(
            "SELECT 1 FROM feedstream_moved WHERE old_hash = \(row.oldKey) AND url = \(row.new)", logger: logger)
        {
            return true
        }
        return false
    }

    /// Carries out `plan` (``FeedStreamStore/FinishPlan``: its steps in their order) in PostgreSQL's SQL.
    private func execute(_ plan: FinishPlan, _ row: FinishedRow, _ connection: PostgresConnection) async throws {
        let (old, new) = (row.oldKey, row.newKey)
        if plan.replacesTarget {
            try await connection.query("DELETE FROM feedstream_subscriptions WHERE url_hash = \(new)", logger: logger)
            try await connection.query("DELETE FROM feedstream_seen WHERE subscription = \(new)", logger: logger)
        }
        if plan.moves {
            // The row and what it saw follow the new URL; the old URL is remembered so that adding it again does
            // not bring it back.
            try await connection.query(
                "UPDATE feedstream_subscriptions SET url_hash = \(new), url = \(row.new) WHERE url_hash = \(old)",
                logger: logger)
            try await connection.query(
                "UPDATE feedstream_seen SET subscription = \(new) WHERE subscription = \(old)", logger: logger)
            try await connection.query(
                """
                INSERT INTO feedstream_moved (old_hash, old_url, url) VALUES (\(old), \(row.old), \(row.new))
                ON CONFLICT (old_hash) DO UPDATE SET url = excluded.url
                """, logger: logger)
            try await connection.query("DELETE FROM feedstream_moved WHERE old_hash = \(new)", logger: logger)
            try await connection.query(
                "INSERT INTO feedstream_hosts (host) VALUES (\(row.host)) ON CONFLICT (host) DO NOTHING",
                logger: logger)
        }
        if plan.writesRow {
            let count = Int32(plan.refreshes)
            try await connection.query(
                """
                UPDATE feedstream_subscriptions SET host = \(row.host), next_due = \(row.nextDue),
                    retry_after = \(row.retryAfter), lease_owner = NULL, lease_until = NULL, refreshes = \(count),
                    data = \(row.json)
                WHERE url_hash = \(new)
                """, logger: logger)
            if !row.seen.isEmpty {
                // One statement for all of them (arrays unnested by the server), not one round trip per entry.
                let bases = row.seen.map(\.basis)
                let hashes = row.seen.map { ByteBuffer(bytes: $0.keyHash) }
                let keys = row.seen.map { ByteBuffer(bytes: $0.key) }
                let digests = row.seen.map(\.digest)
                try await connection.query(
                    """
                    INSERT INTO feedstream_seen (subscription, basis, key_hash, key, digest, refresh, seen_at)
                    SELECT \(new), seen.basis, seen.key_hash, seen.key, seen.digest, \(count), \(row.now)
                    FROM unnest(\(bases)::text[], \(hashes)::bytea[], \(keys)::bytea[], \(digests)::bigint[])
                        AS seen(basis, key_hash, key, digest)
                    ON CONFLICT (subscription, basis, key_hash) DO UPDATE SET digest = excluded.digest,
                        refresh = excluded.refresh, seen_at = excluded.seen_at
                    """, logger: logger)
                let forgotten = Int32(plan.refreshes - row.keptRefreshes)
                try await connection.query(
                    """
                    DELETE FROM feedstream_seen
                    WHERE subscription = \(new) AND (refresh <= \(forgotten) OR seen_at < \(row.oldestKept))
                    """, logger: logger)
            }
        }
        if let due = plan.deferredDue {
            try await connection.query(
                """
                UPDATE feedstream_subscriptions SET lease_owner = NULL, lease_until = NULL, next_due = \(due),
                    lease_token = lease_token + 1
                WHERE url_hash = \(old)
                """, logger: logger)
        }
        if let hostRetry = plan.hostRetryAfter {
            try await connection.query(
                """
                INSERT INTO feedstream_hosts (host, retry_after) VALUES (\(row.oldHost), \(hostRetry))
                ON CONFLICT (host)
                DO UPDATE SET retry_after = GREATEST(COALESCE(feedstream_hosts.retry_after, 0), excluded.retry_after)
                """, logger: logger)
        }
        if let (host, owner) = plan.releases { try await releaseHost(host, owner: owner, connection) }
    }

    /// Writes common finishes — subscriptions that neither moved nor were told to wait — in one statement: each
    /// row whose lease the finish carries (or any, for a finish without one), its seen entries, what it forgets,
    /// and its host let go once the worker holds no other subscription of it. Atomic as a statement is; its parts
    /// see the rows as they were before it, so the seen rows it forgets exclude the ones it writes, and the
    /// subscriptions it finishes do not count as held. Returns the keys of the rows it wrote: any other was stale or
    /// gone, and is decided alone (``FeedStreamStore/FinishPlan``).
    ///
    /// That view is also why a host is let go only while its lease is the one the statement read: a claim of the
    /// same worker running meanwhile holds the host row, claims more of its subscriptions (which this statement
    /// cannot see) and renews the lease; this statement waits for the row, finds the lease changed and keeps the
    /// host held, so no other worker takes it while those transfers run.
    func write(_ rows: [FinishedRow]) async throws -> Set<Data> {
        guard let last = rows.last else { return [] }
        let keys = rows.map { ByteBuffer(bytes: $0.oldKey) }
        let hosts = rows.map(\.host)
        let dues = rows.map(\.nextDue)
        // No NULL inside an array here: -1 stands for no Retry-After, and a token of -1 for no lease.
        let retries = rows.map { $0.retryAfter ?? -1 }
        let data = rows.map(\.json)
        let increments = rows.map { Int32($0.seen.isEmpty ? 0 : 1) }
        let tokens = rows.map { $0.lease?.token ?? -1 }
        let owners = rows.map { $0.lease?.worker ?? "" }
        let entries = rows.flatMap { row in row.seen.map { (row.oldKey, $0) } }
        let entryKeys = entries.map { ByteBuffer(bytes: $0.0) }
        let bases = entries.map(\.1.basis)
        let hashes = entries.map { ByteBuffer(bytes: $0.1.keyHash) }
        let entryTexts = entries.map { ByteBuffer(bytes: $0.1.key) }
        let digests = entries.map(\.1.digest)
        let seenAt = rows.map(\.now).max() ?? last.now
        let oldest = rows.map(\.oldestKept).max() ?? last.oldestKept
        let kept = Int32(last.keptRefreshes)
        let now = serverNow
        let logger = self.logger
        return try await statement { connection -> Set<Data> in
            var written: Set<Data> = []
            for try await key in try await connection.query(
                """
                WITH batch AS (
                    SELECT * FROM unnest(\(keys)::bytea[], \(hosts)::text[], \(dues)::float8[], \(retries)::float8[],
                        \(data)::text[], \(increments)::int4[], \(tokens)::int8[], \(owners)::text[])
                        AS b(key, host, due, retry, data, increment, token, owner)),
                stored AS (
                    SELECT s.url_hash, s.host, s.lease_owner, s.refreshes FROM feedstream_subscriptions s
                    JOIN batch b ON b.key = s.url_hash
                    WHERE b.token = -1 OR (s.lease_token = b.token AND s.lease_owner = b.owner)
                    ORDER BY s.url_hash FOR UPDATE OF s),
                updated AS (
                    UPDATE feedstream_subscriptions SET host = b.host, next_due = b.due,
                        retry_after = NULLIF(b.retry, -1), lease_owner = NULL, lease_until = NULL,
                        refreshes = stored.refreshes + b.increment, data = b.data
                    FROM stored JOIN batch b ON b.key = stored.url_hash
                    WHERE feedstream_subscriptions.url_hash = stored.url_hash
                    RETURNING feedstream_subscriptions.url_hash AS key,
                        feedstream_subscriptions.refreshes AS refreshes, stored.host AS old_host,
                        stored.lease_owner AS owner, b.increment AS increment),
                entries AS (
                    SELECT * FROM unnest(\(entryKeys)::bytea[], \(bases)::text[], \(hashes)::bytea[],
                        \(entryTexts)::bytea[], \(digests)::int8[]) AS entry(key, basis, key_hash, text, digest)),
                inserted AS (
                    INSERT INTO feedstream_seen (subscription, basis, key_hash, key, digest, refresh, seen_at)
                    SELECT entries.key, entries.basis, entries.key_hash, entries.text, entries.digest,
                        updated.refreshes, \(seenAt)
                    FROM entries JOIN updated ON updated.key = entries.key
                    ON CONFLICT (subscription, basis, key_hash) DO UPDATE SET digest = excluded.digest,
                        refresh = excluded.refresh, seen_at = excluded.seen_at),
                forgotten AS (
                    DELETE FROM feedstream_seen USING updated
                    WHERE feedstream_seen.subscription = updated.key AND updated.increment = 1
                      AND (feedstream_seen.refresh <= updated.refreshes - \(kept)
                          OR feedstream_seen.seen_at < \(oldest))
                      AND NOT EXISTS (
                          SELECT 1 FROM entries WHERE entries.key = feedstream_seen.subscription
                            AND entries.basis = feedstream_seen.basis AND entries.key_hash = feedstream_seen.key_hash)),
                released AS (
                    UPDATE feedstream_hosts SET lease_owner = NULL, lease_until = NULL
                    FROM (
                        SELECT r.old_host, r.owner, h.lease_until AS read_until
                        FROM (SELECT DISTINCT old_host, owner FROM updated WHERE owner IS NOT NULL) AS r
                        JOIN feedstream_hosts h ON h.host = r.old_host) AS held
                    WHERE feedstream_hosts.host = held.old_host AND feedstream_hosts.lease_owner = held.owner
                      AND feedstream_hosts.lease_until = held.read_until AND NOT EXISTS (
                        SELECT 1 FROM feedstream_subscriptions s
                        WHERE s.host = held.old_host AND s.lease_owner = held.owner
                          AND s.lease_until > \(unescaped: now) AND s.url_hash <> ALL(\(keys)::bytea[])))
                SELECT key FROM updated
                """, logger: logger
            ).decode(ByteBuffer.self) {
                written.insert(Data(key.readableBytesView))
            }
            return written
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
            return try await store.statement { connection -> [(key: Data, json: String)] in
                var page: [(key: Data, json: String)] = []
                for try await (key, json) in try await connection.query(
                    """
                    SELECT url_hash, data FROM feedstream_subscriptions WHERE url_hash > \(after)
                    ORDER BY url_hash LIMIT \(size)
                    """,
                    logger: store.logger
                ).decode((ByteBuffer, String).self) {
                    page.append((Data(key.readableBytesView), json))
                }
                return page
            }
        }
    }
}
