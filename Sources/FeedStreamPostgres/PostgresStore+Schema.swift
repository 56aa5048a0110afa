import FeedStreamStore
import Foundation
import Logging
import PostgresNIO

extension PostgresStore {
    /// One schema change: applied once, in order, recorded in `feedstream_migrations` with its number.
    struct Migration: Sendable {
        var version: Int
        var name: String
        var statements: [String]
    }

    /// The migrations, in order: the same list idea as GRDB's `DatabaseMigrator` for ``FeedStreamStore/SQLiteStore``.
    /// Every table is under the `feedstream_` prefix (and in the schema `?search_path=` names), so an application's
    /// own tables never collide. Keys compare as bytes (`COLLATE "C"`): URLs, hosts and worker names need no
    /// language's order, and a database created in a locale would otherwise compare every index key with `strcoll`.
    static let migrations = [
        Migration(
            version: 1, name: "feedstream_ tables, keys by SHA-256, lease tokens",
            statements: [
                """
                CREATE TABLE feedstream_subscriptions (
                    url_hash BYTEA PRIMARY KEY, url TEXT NOT NULL, host TEXT COLLATE "C" NOT NULL,
                    next_due DOUBLE PRECISION NOT NULL, retry_after DOUBLE PRECISION, lease_owner TEXT COLLATE "C",
                    lease_token BIGINT NOT NULL DEFAULT 0, lease_until DOUBLE PRECISION,
                    refreshes INTEGER NOT NULL DEFAULT 0, data TEXT NOT NULL)
                """,
                "CREATE INDEX feedstream_subscriptions_due ON feedstream_subscriptions (next_due, url_hash)",
                "CREATE INDEX feedstream_subscriptions_host ON feedstream_subscriptions (host, next_due)",
                "CREATE TABLE feedstream_moved (old_hash BYTEA PRIMARY KEY, old_url TEXT NOT NULL, url TEXT NOT NULL)",
                """
                CREATE TABLE feedstream_hosts (
                    host TEXT COLLATE "C" PRIMARY KEY, lease_owner TEXT COLLATE "C", lease_until DOUBLE PRECISION,
                    retry_after DOUBLE PRECISION)
                """,
                """
                CREATE TABLE feedstream_seen (
                    subscription BYTEA NOT NULL, basis TEXT COLLATE "C" NOT NULL, key_hash BYTEA NOT NULL,
                    key BYTEA NOT NULL, digest BIGINT NOT NULL, refresh INTEGER NOT NULL,
                    seen_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (subscription, basis, key_hash))
                """,
            ])
    ]

    /// A database from before schema versions (tables `subscriptions`, `moved`, `hosts`, `seen`): its rows move to
    /// version 1's tables, keyed by the same digest ``FeedStreamStore/StoreKey`` computes, and its tables go.
    static let legacyCopy = [
        """
        INSERT INTO feedstream_subscriptions (url_hash, url, host, next_due, retry_after, refreshes, data)
        SELECT sha256(convert_to(url, 'UTF8')), url, host, next_due, retry_after, refreshes, data FROM subscriptions
        """,
        """
        INSERT INTO feedstream_moved (old_hash, old_url, url)
        SELECT sha256(convert_to(old_url, 'UTF8')), old_url, url FROM moved
        """,
        "INSERT INTO feedstream_hosts (host, retry_after) SELECT host, retry_after FROM hosts",
        """
        INSERT INTO feedstream_seen (subscription, basis, key_hash, key, digest, refresh, seen_at)
        SELECT sha256(convert_to(subscription, 'UTF8')), basis, sha256(convert_to(key, 'UTF8')),
            convert_to(key, 'UTF8'), digest, refresh, seen_at FROM seen
        """,
        "DROP TABLE seen", "DROP TABLE hosts", "DROP TABLE moved", "DROP TABLE subscriptions",
    ]

    /// Applies the missing migrations (`.migrate`), or checks that the database has exactly this version's
    /// (`.require`: no DDL at all).
    static func prepareSchema(
        _ client: PostgresClient, schema: String?, policy: SchemaPolicy, store: String, _ logger: Logger
    ) async throws {
        if policy == .require {
            let found = try await client.withConnection { connection in
                try await Self.appliedVersion(connection, logger)
            }
            if found != migrations.count {
                throw SchemaVersion.refusal(store: store, found: found, known: migrations.count)
            }
            return
        }
        try await client.withTransaction(logger: logger) { connection in
            // Operators migrating from two shells at once apply each migration once.
            try await connection.query("SELECT pg_advisory_xact_lock(3305)", logger: logger)
            if let schema {
                try await connection.query(
                    PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"), logger: logger)
            }
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS feedstream_migrations (
                    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
                """, logger: logger)
            let applied = try await Self.appliedVersion(connection, logger) ?? 0
            if applied > migrations.count {
                throw SchemaVersion.refusal(store: store, found: applied, known: migrations.count)
            }
            for migration in migrations where migration.version > applied {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                if migration.version == 1, try await Self.hasLegacyTables(connection, logger) {
                    for statement in legacyCopy {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                }
                try await connection.query(
                    "INSERT INTO feedstream_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                    logger: logger)
            }
        }
    }

    /// The newest migration applied: `0` when there are no FeedStream tables, `nil` when there are tables from
    /// before schema versions.
    static func appliedVersion(_ connection: PostgresConnection, _ logger: Logger) async throws -> Int? {
        guard try await exists("feedstream_migrations", connection, logger) else {
            return try await hasLegacyTables(connection, logger) ? nil : 0
        }
        var version = 0
        for try await found in try await connection.query(
            "SELECT COALESCE(MAX(version), 0)::int8 FROM feedstream_migrations", logger: logger
        ).decode(Int64.self) {
            version = Int(found)
        }
        return version
    }

    /// Whether the tables of the unversioned schema are on the search path: all four, the subscriptions table with
    /// its lease columns (an application's own `subscriptions` table is never taken for one).
    private static func hasLegacyTables(_ connection: PostgresConnection, _ logger: Logger) async throws -> Bool {
        for table in ["subscriptions", "moved", "hosts", "seen"] {
            guard try await exists(table, connection, logger) else { return false }
        }
        var columns = 0
        for try await count in try await connection.query(
            """
            SELECT count(*)::int8 FROM pg_attribute
            WHERE attrelid = to_regclass('subscriptions') AND attname IN ('lease_owner', 'lease_until', 'next_due',
                'refreshes', 'data') AND NOT attisdropped
            """, logger: logger
        ).decode(Int64.self) {
            columns = Int(count)
        }
        return columns == 5
    }

    /// Whether a table of that name is on the search path.
    private static func exists(_ table: String, _ connection: PostgresConnection, _ logger: Logger) async throws
        -> Bool
    {
        var found = false
        for try await name in try await connection.query("SELECT to_regclass(\(table))::text", logger: logger)
            .decode(String?.self)
        {
            found = name != nil
        }
        return found
    }

    /// The schema versions this code knows and the database has.
    package func schemaVersions() async throws -> (known: Int, applied: Int) {
        let logger = self.logger
        let applied = try await statement { connection in try await Self.appliedVersion(connection, logger) }
        return (Self.migrations.count, applied ?? 0)
    }
}
