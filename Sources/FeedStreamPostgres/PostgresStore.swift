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

    /// Seconds added to the server's clock: tests move it to expire leases without waiting.
    package var clockOffset: Double = 0

    /// Connects to the database at `url` (`postgres://USER:PASSWORD@HOST:PORT/DATABASE`, or a Unix socket's
    /// directory as `?host=/path`, as libpq takes it; `?search_path=SCHEMA` keeps the tables in a schema of their
    /// own, created by a migration when missing) and checks its tables.
    ///
    /// TLS is libpq's `sslmode` (in the URL, else `PGSSLMODE`; `prefer` when neither says): `disable`, `prefer`
    /// (TLS when the server has it), `require` (TLS, the server not verified), `verify-ca` (its certificate checked
    /// against the system's roots, or those of `?sslrootcert=FILE`), `verify-full` (and its name against the host).
    /// The password is the URL's, else `password`, else `PGPASSWORD`, else the first match in `~/.pgpass` (or
    /// `PGPASSFILE`), whose format and rules are libpq's. Neither ``name`` nor any error has the password in it.
    /// - Parameter password: The password, when it is kept apart from the URL (a file only the worker may read).
    /// - Parameter schema: ``FeedStreamStore/SchemaPolicy/require`` (the default: a worker runs no DDL and refuses a
    ///   database whose tables are of another version) or ``FeedStreamStore/SchemaPolicy/migrate`` (applies the
    ///   migrations it lacks first: `feedstream store migrate`).
    /// - Throws: ``FeedStreamStore/StoreError`` when the URL is not one, the server cannot be reached or refuses
    ///   within `connectTimeout`, or the tables are not this version's.
    public init(
        url: String, password: String? = nil, retention: SeenRetention = .init(),
        connectTimeout: Duration = .seconds(10), schema policy: SchemaPolicy = .require
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
            let name = self.name
            try await Self.within(connectTimeout) {
                try await settings.logIn(connectTimeout: connectTimeout, logger: logger)
                try await Self.prepareSchema(client, schema: schema, policy: policy, store: name, logger)
            }
        } catch {
            runner.cancel()
            // The store's own refusals (tables of another schema version) name it already: once is enough.
            if let error = Self.underlying(error) as? StoreError, error.message.hasPrefix("\(name): ") { throw error }
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

    /// Runs `body` in a transaction, mapping errors to ``FeedStreamStore/StoreError``.
    /// A deadlock between two workers' transactions (each waiting on a host row the other touched) is broken by the
    /// server aborting one: that one is run again, a few times, before it counts as an error.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let (client, logger) = (client, logger)
        return try await retrying {
            try await client.withTransaction(logger: logger) { connection -> T in try await body(connection) }
        }
    }

    /// Runs `body` on a connection outside any transaction: for one statement, which is atomic by itself, in one
    /// round trip instead of the three a `BEGIN` and `COMMIT` around it take. Errors and retries as in
    /// ``transaction(_:)``.
    func statement<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let client = client
        return try await retrying { try await client.withConnection(body) }
    }

    public func add(_ subscriptions: [Subscription]) async throws {
        // In URL order (workers adding the same list at once lock rows in the same order: no deadlock), a thousand
        // rows a statement, the columns sent as arrays the server unnests: a few round trips, not two a row.
        let sorted = subscriptions.sorted { $0.url.absoluteString < $1.url.absoluteString }
        let logger = self.logger
        for start in stride(from: 0, to: sorted.count, by: 1_000) {
            let page = sorted[start..<min(start + 1_000, sorted.count)]
            let urls = page.map(\.url.absoluteString)
            let keys = urls.map { ByteBuffer(bytes: StoreKey.digest($0)) }
            let hosts = page.map(\.hostKey)
            let dues = page.map(StoredSubscription.dueKey)
            // No NULL inside an array here: -1 stands for no Retry-After.
            let retries = page.map { $0.retryAfter?.timeIntervalSince1970 ?? -1 }
            let data = try page.map(StoredSubscription.json)
            try await transaction { connection in
                try await connection.query(
                    """
                    INSERT INTO feedstream_subscriptions (url_hash, url, host, next_due, retry_after, data)
                    SELECT added.key, added.url, added.host, added.due, NULLIF(added.retry, -1), added.data
                    FROM unnest(\(keys)::bytea[], \(urls)::text[], \(hosts)::text[], \(dues)::float8[],
                        \(retries)::float8[], \(data)::text[]) AS added(key, url, host, due, retry, data)
                    WHERE NOT EXISTS (SELECT 1 FROM feedstream_moved WHERE old_hash = added.key)
                    ON CONFLICT (url_hash) DO NOTHING
                    """, logger: logger)
                try await connection.query(
                    """
                    INSERT INTO feedstream_hosts (host)
                    SELECT DISTINCT added.host FROM unnest(\(hosts)::text[]) AS added(host)
                    ORDER BY added.host ON CONFLICT (host) DO NOTHING
                    """, logger: logger)
            }
        }
    }
}
