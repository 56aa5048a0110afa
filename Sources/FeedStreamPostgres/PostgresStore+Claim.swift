import AtomStream
import FeedStreamServices
import FeedStreamStore
import Foundation
import Logging
import PostgresNIO

extension PostgresStore {
    /// The server's clock, in seconds since 1970, as SQL: lease times never come from a worker's clock.
    var serverNow: String { "(extract(epoch from clock_timestamp())::float8 + \(clockOffset))" }

    /// The server's clock now, read on `connection`.
    func readNow(_ connection: PostgresConnection) async throws -> Double {
        var now = 0.0
        for try await value in try await connection.query(
            PostgresQuery(unsafeSQL: "SELECT \(serverNow)"), logger: logger
        ).decode(Double.self) {
            now = value
        }
        return now
    }

    public func claimLeases(dueBy: Date, limit: Int, perHost: Int, worker: String, lease: Duration) async throws
        -> [LeasedSubscription]
    {
        let seconds = lease.timeInterval
        let due = dueBy.timeIntervalSince1970
        let limit = max(0, limit)
        let perHost = max(1, perHost)
        // Hosts enough to fill the claim at `perHost` each.
        let hostLimit = perHost >= limit ? limit : (limit + perHost - 1) / perHost
        let window = min(max(limit * 32, 1_024), 65_536)
        let logger = self.logger
        let store = self
        let (claimed, seen) = try await transaction {
            connection -> (claimed: [(url: String, data: String, token: Int64)], seen: [String: [EntryIdentity: EntryDigest]]) in
            let now = try await store.readNow(connection)
            let until = now + seconds
            // First the hosts this worker already holds and that have more due, locked (waiting, in host order):
            // a finish of this worker's lets a host go when it holds none of its subscriptions, and while the row is
            // locked here none can, so the subscriptions claimed below never belong to a host let go meanwhile. A
            // finish that let it go first is waited for, and the host is then no longer this worker's.
            var hosts: [String] = []
            for try await host in try await connection.query(
                """
                SELECT h.host FROM feedstream_hosts h
                WHERE h.lease_owner = \(worker) AND h.lease_until > \(now)
                  AND (h.retry_after IS NULL OR h.retry_after <= \(now))
                  AND h.host IN (SELECT s.host FROM feedstream_subscriptions s WHERE s.next_due <= \(due)
                      AND (s.lease_until IS NULL OR s.lease_until <= \(now))
                      AND (s.retry_after IS NULL OR s.retry_after <= \(now)))
                ORDER BY h.host LIMIT \(hostLimit) FOR UPDATE OF h
                """, logger: logger
            ).decode(String.self) {
                hosts.append(host)
            }
            // Then free hosts (or hosts whose lease ran out), not waiting, with something due: those of the oldest
            // due subscriptions first (rows due together, as after an OPML import, in digest order, which mixes the
            // hosts), then any. A host row locked by another worker's claim is skipped, and re-checked once locked,
            // so no host has two owners.
            for ordered in [true, false] where hosts.count < hostLimit {
                let freeLimit = hostLimit - hosts.count
                // Numbers of this function's own, written into the text: the two forms of the candidates differ.
                let candidates =
                    ordered
                    ? """
                    SELECT c.host, MIN(c.next_due) AS due FROM (
                        SELECT s.host, s.next_due FROM feedstream_subscriptions s
                        JOIN feedstream_hosts h ON h.host = s.host
                        WHERE s.next_due <= \(due) AND (s.lease_until IS NULL OR s.lease_until <= \(now))
                          AND (s.retry_after IS NULL OR s.retry_after <= \(now))
                          AND (h.lease_owner IS NULL OR h.lease_until IS NULL OR h.lease_until <= \(now))
                          AND (h.retry_after IS NULL OR h.retry_after <= \(now))
                        ORDER BY s.next_due, s.url_hash LIMIT \(window)) AS c
                    GROUP BY c.host
                    """
                    : """
                    SELECT DISTINCT s.host, 0::float8 AS due FROM feedstream_subscriptions s
                    WHERE s.next_due <= \(due) AND (s.lease_until IS NULL OR s.lease_until <= \(now))
                      AND (s.retry_after IS NULL OR s.retry_after <= \(now))
                    """
                let query: PostgresQuery = """
                    WITH candidates AS (\(unescaped: candidates)),
                    free AS (
                        SELECT h.host FROM feedstream_hosts h JOIN candidates c ON c.host = h.host
                        WHERE (h.lease_owner IS NULL OR h.lease_until IS NULL OR h.lease_until <= \(now))
                          AND (h.retry_after IS NULL OR h.retry_after <= \(now)) AND h.host <> ALL(\(hosts))
                        ORDER BY c.due, h.host LIMIT \(freeLimit) FOR UPDATE OF h SKIP LOCKED)
                    UPDATE feedstream_hosts SET lease_owner = \(worker), lease_until = \(until) FROM free
                    WHERE feedstream_hosts.host = free.host RETURNING feedstream_hosts.host
                    """
                for try await host in try await connection.query(query, logger: logger).decode(String.self) {
                    hosts.append(host)
                }
            }
            guard !hosts.isEmpty else { return ([], [:]) }
            var claimed: [(url: String, data: String, token: Int64)] = []
            var claimedHosts: Set<String> = []
            for try await row in try await connection.query(
                """
                WITH ranked AS (
                    SELECT s.url_hash, ROW_NUMBER() OVER (PARTITION BY s.host ORDER BY s.next_due, s.url_hash) AS place
                    FROM feedstream_subscriptions s
                    WHERE s.host = ANY(\(hosts)) AND s.next_due <= \(due)
                      AND (s.lease_until IS NULL OR s.lease_until <= \(now))
                      AND (s.retry_after IS NULL OR s.retry_after <= \(now))),
                picked AS (
                    SELECT s.url_hash FROM feedstream_subscriptions s JOIN ranked r ON r.url_hash = s.url_hash
                    WHERE r.place <= \(perHost)
                    ORDER BY s.next_due, s.url_hash LIMIT \(limit) FOR UPDATE OF s SKIP LOCKED)
                UPDATE feedstream_subscriptions
                SET lease_owner = \(worker), lease_until = \(until), lease_token = lease_token + 1 FROM picked
                WHERE feedstream_subscriptions.url_hash = picked.url_hash
                RETURNING feedstream_subscriptions.url, feedstream_subscriptions.data, feedstream_subscriptions.host,
                    feedstream_subscriptions.lease_token
                """, logger: logger
            ).decode((String, String, String, Int64).self) {
                claimed.append((row.0, row.1, row.3))
                claimedHosts.insert(row.2)
            }
            // The hosts something was claimed from are held as long as what was claimed. The new lease is also
            // what tells a finish running now that the host has work again: it lets a host go only if the host's
            // lease is still the one it read (`PostgresStore+Finish`).
            if !claimedHosts.isEmpty {
                try await connection.query(
                    """
                    UPDATE feedstream_hosts SET lease_until = \(until)
                    WHERE host = ANY(\(Array(claimedHosts))) AND lease_owner = \(worker)
                    """, logger: logger)
            }
            // Hosts leased for nothing (the batch was full) go back at once.
            try await connection.query(
                """
                UPDATE feedstream_hosts SET lease_owner = NULL, lease_until = NULL
                WHERE host = ANY(\(hosts)) AND lease_owner = \(worker) AND NOT EXISTS (
                    SELECT 1 FROM feedstream_subscriptions s WHERE s.host = feedstream_hosts.host
                      AND s.lease_owner = \(worker) AND s.lease_until > \(now))
                """, logger: logger)
            // What they have seen, for the transfers about to start: one read for the batch.
            let urls = claimed.map(\.url)
            let seen = urls.isEmpty ? [:] : try await Self.readSeen(urls, on: connection, logger: logger)
            return (claimed, seen)
        }
        claimedSeen.keep(seen, for: claimed.map(\.url))
        do {
            return try claimed.map { row in
                let subscription = try StoredSubscription.decode(row.data)
                return LeasedSubscription(
                    subscription: subscription,
                    lease: SubscriptionLease(id: subscription.id, worker: worker, token: row.token))
            }
        } catch {
            throw StoreError("\(name): \(Self.message(error))")
        }
    }

    public func renew(_ leases: [SubscriptionLease], for lease: Duration) async throws -> Set<SubscriptionLease> {
        guard !leases.isEmpty else { return [] }
        let keys = leases.map { ByteBuffer(bytes: StoreKey.digest($0.id.absoluteString)) }
        let tokens = leases.map(\.token)
        let workers = leases.map(\.worker)
        let seconds = lease.timeInterval
        let logger = self.logger
        let now = serverNow
        // Only while the row holds the token and its host is still the worker's (another worker may have taken a
        // host whose lease ran out), with the hosts renewed in the same statement.
        let query: PostgresQuery = """
            WITH held AS (
                SELECT * FROM unnest(\(keys)::bytea[], \(tokens)::int8[], \(workers)::text[]) AS l(key, token, worker)),
            renewed AS (
                UPDATE feedstream_subscriptions s SET lease_until = \(unescaped: now) + \(seconds)
                FROM held, feedstream_hosts h
                WHERE s.url_hash = held.key AND s.lease_token = held.token AND s.lease_owner = held.worker
                  AND h.host = s.host AND h.lease_owner = held.worker
                RETURNING s.url_hash, s.host, s.lease_owner, s.lease_until),
            hosts AS (
                UPDATE feedstream_hosts h SET lease_until = GREATEST(COALESCE(h.lease_until, 0), r.until)
                FROM (SELECT host, lease_owner, MAX(lease_until) AS until FROM renewed GROUP BY host, lease_owner) r
                WHERE h.host = r.host AND h.lease_owner = r.lease_owner)
            SELECT url_hash FROM renewed
            """
        let renewed = try await statement { connection -> Set<Data> in
            var renewed: Set<Data> = []
            for try await key in try await connection.query(query, logger: logger).decode(ByteBuffer.self) {
                renewed.insert(Data(key.readableBytesView))
            }
            return renewed
        }
        return Set(leases.filter { !renewed.contains(StoreKey.digest($0.id.absoluteString)) })
    }

    public func release(_ leases: [SubscriptionLease]) async throws {
        guard !leases.isEmpty else { return }
        let keys = leases.map { ByteBuffer(bytes: StoreKey.digest($0.id.absoluteString)) }
        let tokens = leases.map(\.token)
        let workers = leases.map(\.worker)
        let logger = self.logger
        try await transaction { connection in
            // The token counts up as the lease ends, so that the row never reads as finished by this lease (a
            // finish tells its own replay by the token of a lease that ended: `FinishPlan`).
            var hosts: [(String, String)] = []
            for try await row in try await connection.query(
                """
                WITH held AS (
                    SELECT * FROM unnest(\(keys)::bytea[], \(tokens)::int8[], \(workers)::text[])
                        AS l(key, token, worker))
                UPDATE feedstream_subscriptions s SET lease_owner = NULL, lease_until = NULL,
                    lease_token = s.lease_token + 1 FROM held
                WHERE s.url_hash = held.key AND s.lease_token = held.token AND s.lease_owner = held.worker
                RETURNING s.host, held.worker
                """, logger: logger
            ).decode((String, String).self) {
                hosts.append(row)
            }
            for (host, owner) in Set(hosts.map { [$0.0, $0.1] }).map({ ($0[0], $0[1]) }).sorted(by: { $0.0 < $1.0 }) {
                try await self.releaseHost(host, owner: owner, connection)
            }
        }
    }

    /// Lets `host` go back to the fleet once `owner` holds none of its subscriptions.
    func releaseHost(_ host: String, owner: String, _ connection: PostgresConnection) async throws {
        try await connection.query(
            """
            UPDATE feedstream_hosts SET lease_owner = NULL, lease_until = NULL
            WHERE host = \(host) AND lease_owner = \(owner) AND NOT EXISTS (
                SELECT 1 FROM feedstream_subscriptions WHERE host = \(host) AND lease_owner = \(owner)
                  AND lease_until > \(unescaped: serverNow))
            """, logger: logger)
    }

    public func now() async throws -> Date {
        let store = self
        return Date(timeIntervalSince1970: try await statement { connection in try await store.readNow(connection) })
    }

    public func makeDue(by date: Date) async throws {
        let due = date.timeIntervalSince1970
        let logger = self.logger
        try await statement { connection in
            try await connection.query(
                "UPDATE feedstream_subscriptions SET next_due = \(due) WHERE next_due > \(due) AND next_due < 1e15",
                logger: logger)
        }
    }
}
