import AtomStream
import FeedStreamServices
import Foundation
internal import GRDB

extension SQLiteStore {
    public func claimLeases(dueBy: Date, limit: Int, perHost: Int, worker: String, lease: Duration) async throws
        -> [LeasedSubscription]
    {
        let now = clock().timeIntervalSince1970
        let until = now + lease.timeInterval
        let due = dueBy.timeIntervalSince1970
        let limit = max(0, limit)
        let rows = try await transaction { db -> [(String, Int64)] in
            // Due, not leased, not waiting, on a host that is free, ours, or whose lease ran out; at most
            // `perHost` of each host. The index on (next_due, url_hash) finds them without reading the rest, and
            // only the oldest due rows (a window a few batches long) are ranked by host. Rows due at the same time
            // (every row of an OPML import) come in digest order, which mixes the hosts, so the first claims spread
            // over hosts instead of taking one host's rows.
            let picked = try Row.fetchAll(
                db,
                sql: """
                    SELECT url_hash, host, data, lease_token FROM (
                        SELECT url_hash, host, data, next_due, lease_token,
                            ROW_NUMBER() OVER (PARTITION BY host ORDER BY next_due, url_hash) AS place
                        FROM (
                            SELECT s.url_hash, s.host, s.data, s.next_due, s.lease_token
                            FROM feedstream_subscriptions s
                            LEFT JOIN feedstream_hosts h ON h.host = s.host
                            WHERE s.next_due <= :due AND (s.lease_until IS NULL OR s.lease_until <= :now)
                              AND (s.retry_after IS NULL OR s.retry_after <= :now)
                              AND (h.host IS NULL OR ((h.lease_owner IS NULL OR h.lease_owner = :worker
                                  OR h.lease_until <= :now) AND (h.retry_after IS NULL OR h.retry_after <= :now)))
                            ORDER BY s.next_due, s.url_hash LIMIT :window))
                    WHERE place <= :perHost ORDER BY next_due, url_hash LIMIT :limit
                    """,
                arguments: [
                    "due": due, "now": now, "worker": worker, "limit": limit, "perHost": max(1, perHost),
                    "window": Self.claimWindow(limit: limit, perHost: perHost),
                ])
            let lease = try db.cachedStatement(
                sql: """
                    UPDATE feedstream_subscriptions SET lease_owner = ?, lease_until = ?, lease_token = ?
                    WHERE url_hash = ?
                    """)
            let host = try db.cachedStatement(
                sql: """
                    INSERT INTO feedstream_hosts (host, lease_owner, lease_until) VALUES (?, ?, ?)
                    ON CONFLICT (host) DO UPDATE SET lease_owner = excluded.lease_owner,
                        lease_until = excluded.lease_until
                    """)
            var claimed: [(String, Int64)] = []
            for row in picked {
                let key: Data = row["url_hash"]
                // The next generation of the row's leases: the token this claim's finish must carry.
                let token: Int64 = row["lease_token"] + 1
                try lease.execute(arguments: [worker, until, token, key])
                try host.execute(arguments: [row["host"] as String, worker, until])
                claimed.append((row["data"], token))
            }
            return claimed
        }
        do {
            return try rows.map { json, token in
                let subscription = try StoredSubscription.decode(json)
                return LeasedSubscription(
                    subscription: subscription, lease: SubscriptionLease(id: subscription.id, worker: worker, token: token))
            }
        } catch {
            throw StoreError("\(path): \(Self.message(error))")
        }
    }

    /// How many of the oldest due rows a claim ranks by host: enough for `limit` spread over hosts that each have
    /// many due, bounded so that a claim over 100,000 due rows stays a short read.
    static func claimWindow(limit: Int, perHost: Int) -> Int {
        perHost >= limit ? limit : min(max(limit * 32, 1_024), 65_536)
    }

    public func renew(_ leases: [SubscriptionLease], for lease: Duration) async throws -> Set<SubscriptionLease> {
        guard !leases.isEmpty else { return [] }
        let now = clock().timeIntervalSince1970
        let until = now + lease.timeInterval
        return try await transaction { db in
            // Only while the row holds the token and its host is still the worker's: a host another worker took
            // meanwhile (this one's lease on it ran out) must not see two workers.
            let renew = try db.cachedStatement(
                sql: """
                    UPDATE feedstream_subscriptions SET lease_until = :until
                    WHERE url_hash = :key AND lease_token = :token AND lease_owner = :worker
                      AND EXISTS (SELECT 1 FROM feedstream_hosts h WHERE h.host = feedstream_subscriptions.host
                          AND h.lease_owner = :worker)
                    """)
            let host = try db.cachedStatement(
                sql: """
                    UPDATE feedstream_hosts SET lease_until = MAX(COALESCE(lease_until, 0), :until)
                    WHERE lease_owner = :worker AND host = (
                        SELECT host FROM feedstream_subscriptions WHERE url_hash = :key)
                    """)
            var lost: Set<SubscriptionLease> = []
            for held in leases {
                let key = StoreKey.digest(held.id.absoluteString)
                try renew.execute(arguments: ["until": until, "key": key, "token": held.token, "worker": held.worker])
                if db.changesCount == 0 {
                    lost.insert(held)
                } else {
                    try host.execute(arguments: ["until": until, "worker": held.worker, "key": key])
                }
            }
            return lost
        }
    }

    public func release(_ leases: [SubscriptionLease]) async throws {
        guard !leases.isEmpty else { return }
        let now = clock().timeIntervalSince1970
        try await transaction { db in
            // The token counts up as the lease ends, so that the row never reads as finished by this lease (a
            // finish tells its own replay by the token of a lease that ended: `FinishPlan`).
            let release = try db.cachedStatement(
                sql: """
                    UPDATE feedstream_subscriptions SET lease_owner = NULL, lease_until = NULL,
                        lease_token = lease_token + 1
                    WHERE url_hash = ? AND lease_token = ? AND lease_owner = ?
                    """)
            var hosts: Set<[String]> = []
            for held in leases {
                try release.execute(arguments: [StoreKey.digest(held.id.absoluteString), held.token, held.worker])
                hosts.insert([Subscription.hostKey(of: held.id), held.worker])
            }
            for pair in hosts { try Self.releaseHost(pair[0], owner: pair[1], now: now, db) }
        }
    }

    /// Lets `host` go back to the others once `owner` holds none of its subscriptions.
    static func releaseHost(_ host: String, owner: String, now: Double, _ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE feedstream_hosts SET lease_owner = NULL, lease_until = NULL WHERE host = ? AND lease_owner = ?
                  AND NOT EXISTS (SELECT 1 FROM feedstream_subscriptions WHERE host = ? AND lease_owner = ?
                                  AND lease_until > ?)
                """,
            arguments: [host, owner, host, owner, now])
    }

    public func now() async throws -> Date { clock() }

    public func makeDue(by date: Date) async throws {
        let due = date.timeIntervalSince1970
        try await transaction { db in
            try db.execute(
                sql: "UPDATE feedstream_subscriptions SET next_due = ? WHERE next_due > ? AND next_due < 1e15",
                arguments: [due, due])
        }
    }
}
