import AtomStream
import FeedStreamServices
import FeedStreamStore
import Foundation
import Logging
import PostgresNIO

/// The store of a fleet: one PostgreSQL database that many workers on many machines share.
///
/// Each due subscription goes to one live worker: a claim takes rows with `FOR UPDATE SKIP LOCKED` and leases them
/// (owner and expiry in the row), so two workers never wait on or take the same row, and the claims of a worker
/// that died come back once its lease expires. Hosts are leased the same way, to one worker at a time: a worker
/// claims subscriptions only of hosts it holds, so its `perHost` limit is the host's limit across the fleet, and a
/// host's `Retry-After`, kept in its row, holds for every worker. Each ``finish(_:as:outcome:seen:)`` is atomic;
/// finishes that arrive together are written in one statement. The tables are those of
/// ``FeedStreamStore/SQLiteStore``; the DocC article "Running a refresh fleet on PostgreSQL" describes them.
public struct PostgresStore: SubscriptionStore {
    let client: PostgresClient
    private let runner: Task<Void, Never>
    /// Common finishes waiting to be written together.
    let finishes = PostgresFinishQueue()
    /// What this process's claims have seen, read with them.
    let claimedSeen = PostgresSeenCache()
    let retention: SeenRetention
    let logger = Logger(label: "FeedStreamPostgres")
    /// The database, as the command line names it: its URL without the password.
    public let name: String

    /// Connects to the database at `url` (`postgres://USER:PASSWORD@HOST:PORT/DATABASE`, or a Unix socket's
    /// directory as `?host=/path`, as libpq takes it; `?search_path=SCHEMA` keeps the tables in a schema of their
    /// own, created when missing) and creates the tables when they are missing.
    ///
    /// TLS is libpq's `sslmode` (in the URL, else `PGSSLMODE`; `prefer` when neither says): `disable`, `prefer`
    /// (TLS when the server has it), `require` (TLS, the server not verified), `verify-ca` (its certificate checked
    /// against the system's roots, or those of `?sslrootcert=FILE`), `verify-full` (and its name against the host).
    /// The password is the URL's, else `password`, else `PGPASSWORD`, else the first match in `~/.pgpass` (or
    /// `PGPASSFILE`), whose format and rules are libpq's. Neither ``name`` nor any error has the password in it.
    /// - Parameter password: The password, when it is kept apart from the URL (a file only the worker may read).
    /// - Throws: ``FeedStreamStore/StoreError`` when the URL is not one, or the server cannot be reached or
    ///   refuses, within `connectTimeout`.
    public init(
        url: String, password: String? = nil, retention: SeenRetention = .init(),
        connectTimeout: Duration = .seconds(10)
    ) async throws {
        let settings = try PostgresConnectionSettings(url: url, password: password)
        let logger = Logger(label: "FeedStreamPostgres")
        for warning in settings.warnings { logger.warning("\(warning)") }
        let schema = settings.schema
        name = settings.name
        let client = PostgresClient(configuration: settings.clientConfiguration(connectTimeout: connectTimeout))
        self.client = client
        runner = Task { await client.run() }
        self.retention = retention
        do {
            try await Self.within(connectTimeout) {
                try await settings.logIn(connectTimeout: connectTimeout, logger: logger)
                try await Self.createSchema(client, schema: schema, logger)
            }
        } catch {
            runner.cancel()
            throw StoreError("\(name): \(Self.message(error))")
        }
    }

    /// Closes the connections.
    public func close() async {
        runner.cancel()
        _ = await runner.value
    }

    /// The URL without its password, for messages.
    static func redacted(_ text: String) -> String { PostgresConnectionSettings.redacted(text) }

    /// One line for an error of the server or the connection (PSQLError's own description hides its detail).
    static func message(_ error: any Error) -> String {
        let error = underlying(error)
        if let error = error as? StoreError { return error.message }
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let explained = PostgresConnectionSettings.explanation(error) { return explained }
            if let underlying = error.underlying { return "\(error.code): \(oneLine(underlying))" }
            return "\(error.code)"
        }
        return oneLine(error)
    }

    private static func oneLine(_ error: any Error) -> String {
        String(describing: error).split(separator: "\n").first.map(String.init) ?? "unknown error"
    }

    /// `body`, or a timeout error once `limit` has passed (the pool would keep retrying an unreachable server).
    private static func within(_ limit: Duration, _ body: @escaping @Sendable () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: limit)
                throw StoreError("cannot connect within \(limit.components.seconds) s")
            }
            try await group.next()
            group.cancelAll()
        }
    }

    private static func createSchema(_ client: PostgresClient, schema: String?, _ logger: Logger) async throws {
        try await client.withTransaction(logger: logger) { connection in
            // Workers starting together create the tables once.
            try await connection.query("SELECT pg_advisory_xact_lock(3305)", logger: logger)
            if let schema {
                try await connection.query(
                    PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"), logger: logger)
            }
            for statement in Self.schema {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
        }
    }

    // Keys compare as bytes (`COLLATE "C"`): URLs, hosts and entry ids need no language's order, and a database
    // created in a locale would otherwise compare every index key with `strcoll`.
    private static let schema = [
        """
        CREATE TABLE IF NOT EXISTS subscriptions (
            url TEXT COLLATE "C" PRIMARY KEY, host TEXT COLLATE "C" NOT NULL, next_due DOUBLE PRECISION NOT NULL,
            retry_after DOUBLE PRECISION, lease_owner TEXT, lease_until DOUBLE PRECISION,
            refreshes INTEGER NOT NULL DEFAULT 0, data TEXT NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS subscriptions_due ON subscriptions (next_due, host)",
        "CREATE INDEX IF NOT EXISTS subscriptions_host ON subscriptions (host, next_due)",
        "CREATE TABLE IF NOT EXISTS moved (old_url TEXT COLLATE \"C\" PRIMARY KEY, url TEXT COLLATE \"C\" NOT NULL)",
        """
        CREATE TABLE IF NOT EXISTS hosts (
            host TEXT COLLATE "C" PRIMARY KEY, lease_owner TEXT, lease_until DOUBLE PRECISION,
            retry_after DOUBLE PRECISION)
        """,
        """
        CREATE TABLE IF NOT EXISTS seen (
            subscription TEXT COLLATE "C" NOT NULL, basis TEXT COLLATE "C" NOT NULL, key TEXT COLLATE "C" NOT NULL,
            digest BIGINT NOT NULL, refresh INTEGER NOT NULL, seen_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (subscription, basis, key))
        """,
    ]

    /// Runs `body` in a transaction, mapping errors to ``FeedStreamStore/StoreError``.
    /// A deadlock between two workers' transactions (each waiting on a host row the other touched) is broken by the
    /// server aborting one: that one is run again, a few times, before it counts as an error.
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> sending T) async throws -> T {
        try await retrying { try await client.withTransaction(logger: logger, body) }
    }

    /// Runs `body` on a connection outside any transaction: for one statement, which is atomic by itself, in one
    /// round trip instead of the three a `BEGIN` and `COMMIT` around it take. Errors and retries as in
    /// ``transaction(_:)``.
    func statement<T: Sendable>(_ body: (PostgresConnection) async throws -> sending T) async throws -> T {
        try await retrying { try await client.withConnection(body) }
    }

    public func add(_ subscriptions: [Subscription]) async throws {
        // In URL order (workers adding the same list at once lock rows in the same order: no deadlock), a thousand
        // rows a statement, the columns sent as arrays the server unnests: a few round trips, not two a row.
        let sorted = subscriptions.sorted { $0.url.absoluteString < $1.url.absoluteString }
        let logger = self.logger
        for start in stride(from: 0, to: sorted.count, by: 1_000) {
            let page = sorted[start..<min(start + 1_000, sorted.count)]
            let urls = page.map(\.url.absoluteString)
            let hosts = page.map(\.hostKey)
            let dues = page.map(StoredSubscription.dueKey)
            // No NULL inside an array here: -1 stands for no Retry-After.
            let retries = page.map { $0.retryAfter?.timeIntervalSince1970 ?? -1 }
            let data = try page.map(StoredSubscription.json)
            try await transaction { connection in
                try await connection.query(
                    """
                    INSERT INTO subscriptions (url, host, next_due, retry_after, data)
                    SELECT added.url, added.host, added.due, NULLIF(added.retry, -1), added.data
                    FROM unnest(\(urls)::text[], \(hosts)::text[], \(dues)::float8[], \(retries)::float8[],
                        \(data)::text[]) AS added(url, host, due, retry, data)
                    WHERE NOT EXISTS (SELECT 1 FROM moved WHERE old_url = added.url)
                    ON CONFLICT (url) DO NOTHING
                    """, logger: logger)
                try await connection.query(
                    """
                    INSERT INTO hosts (host) SELECT DISTINCT added.host FROM unnest(\(hosts)::text[]) AS added(host)
                    ORDER BY added.host ON CONFLICT (host) DO NOTHING
                    """, logger: logger)
            }
        }
    }

    public func claim(dueBy: Date, limit: Int, perHost: Int, worker: String, lease: Duration) async throws
        -> [Subscription]
    {
        let now = Date().timeIntervalSince1970
        let until = now + lease.timeInterval
        let due = dueBy.timeIntervalSince1970
        let limit = max(0, limit)
        let perHost = max(1, perHost)
        // Hosts enough to fill the claim at `perHost` each.
        let hostLimit = perHost >= limit ? limit : (limit + perHost - 1) / perHost
        let logger = self.logger
        let (urls, rows, seen) = try await transaction {
            connection -> (urls: [String], data: [String], seen: [String: [EntryIdentity: EntryDigest]]) in
            // First the hosts this worker already holds and that have more due, locked (waiting, in host order):
            // a finish of this worker's lets a host go when it holds none of its subscriptions, and while the row is
            // locked here none can, so the subscriptions claimed below never belong to a host let go meanwhile. A
            // finish that let it go first is waited for, and the host is then no longer this worker's.
            var hosts: [String] = []
            for try await host in try await connection.query(
                """
                SELECT h.host FROM hosts h
                WHERE h.lease_owner = \(worker) AND h.lease_until > \(now)
                  AND (h.retry_after IS NULL OR h.retry_after <= \(now))
                  AND h.host IN (SELECT s.host FROM subscriptions s WHERE s.next_due <= \(due)
                      AND (s.lease_until IS NULL OR s.lease_until <= \(now))
                      AND (s.retry_after IS NULL OR s.retry_after <= \(now)))
                ORDER BY h.host LIMIT \(hostLimit) FOR UPDATE OF h
                """, logger: logger
            ).decode(String.self) {
                hosts.append(host)
            }
            // Then free hosts (or hosts whose lease ran out), not waiting, with something due. A host row locked by
            // another worker's claim is skipped, and re-checked once locked, so no host has two owners.
            let freeLimit = hostLimit - hosts.count
            if freeLimit > 0 {
                for try await host in try await connection.query(
                    """
                    WITH free AS (
                        SELECT h.host FROM hosts h
                        WHERE (h.lease_owner IS NULL OR h.lease_until IS NULL OR h.lease_until <= \(now))
                          AND (h.retry_after IS NULL OR h.retry_after <= \(now))
                          AND h.host IN (SELECT s.host FROM subscriptions s WHERE s.next_due <= \(due)
                              AND (s.lease_until IS NULL OR s.lease_until <= \(now))
                              AND (s.retry_after IS NULL OR s.retry_after <= \(now)))
                        LIMIT \(freeLimit) FOR UPDATE SKIP LOCKED)
                    UPDATE hosts SET lease_owner = \(worker), lease_until = \(until) FROM free
                    WHERE hosts.host = free.host RETURNING hosts.host
                    """, logger: logger
                ).decode(String.self) {
                    hosts.append(host)
                }
            }
            guard !hosts.isEmpty else { return ([], [], [:]) }
            var urls: [String] = []
            var data: [String] = []
            var claimedHosts: Set<String> = []
            for try await json in try await connection.query(
                """
                WITH ranked AS (
                    SELECT s.url, ROW_NUMBER() OVER (PARTITION BY s.host ORDER BY s.next_due) AS place
                    FROM subscriptions s
                    WHERE s.host = ANY(\(hosts)) AND s.next_due <= \(due)
                      AND (s.lease_until IS NULL OR s.lease_until <= \(now))
                      AND (s.retry_after IS NULL OR s.retry_after <= \(now))),
                picked AS (
                    SELECT s.url FROM subscriptions s JOIN ranked r ON r.url = s.url
                    WHERE r.place <= \(perHost)
                    ORDER BY s.next_due, s.host LIMIT \(limit) FOR UPDATE OF s SKIP LOCKED)
                UPDATE subscriptions SET lease_owner = \(worker), lease_until = \(until) FROM picked
                WHERE subscriptions.url = picked.url
                RETURNING subscriptions.url, subscriptions.data, subscriptions.host
                """, logger: logger
            ).decode((String, String, String).self) {
                urls.append(json.0)
                data.append(json.1)
                claimedHosts.insert(json.2)
            }
            // The hosts something was claimed from are held as long as what was claimed. The new lease is also
            // what tells a finish running now that the host has work again: it lets a host go only if the host's
            // lease is still the one it read (`PostgresStore+Finish`).
            if !claimedHosts.isEmpty {
                try await connection.query(
                    """
                    UPDATE hosts SET lease_until = \(until)
                    WHERE host = ANY(\(Array(claimedHosts))) AND lease_owner = \(worker)
                    """, logger: logger)
            }
            // Hosts leased for nothing (the batch was full) go back at once.
            try await connection.query(
                """
                UPDATE hosts SET lease_owner = NULL, lease_until = NULL
                WHERE host = ANY(\(hosts)) AND lease_owner = \(worker) AND NOT EXISTS (
                    SELECT 1 FROM subscriptions s WHERE s.host = hosts.host AND s.lease_owner = \(worker)
                      AND s.lease_until > \(now))
                """, logger: logger)
            // What they have seen, for the transfers about to start: one read for the batch.
            let seen = urls.isEmpty ? [:] : try await Self.readSeen(urls, on: connection, logger: logger)
            return (urls, data, seen)
        }
        claimedSeen.keep(seen, for: urls)
        do {
            return try rows.map(StoredSubscription.decode)
        } catch {
            throw StoreError("\(name): \(Self.message(error))")
        }
    }
}
