import Foundation
internal import GRDB

extension SQLiteStore {
    /// The migrations, in order (GRDB's `DatabaseMigrator` records the applied ones in `grdb_migrations`). Every
    /// table is under the `feedstream_` prefix, so an app's own tables in the same file never collide.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: feedstream_ tables, keys by SHA-256, lease tokens") { db in
            try db.execute(
                sql: """
                    CREATE TABLE feedstream_subscriptions (
                        url_hash BLOB PRIMARY KEY NOT NULL, url TEXT NOT NULL, host TEXT NOT NULL,
                        next_due REAL NOT NULL, retry_after REAL, lease_owner TEXT,
                        lease_token INTEGER NOT NULL DEFAULT 0, lease_until REAL,
                        refreshes INTEGER NOT NULL DEFAULT 0, data TEXT NOT NULL);
                    CREATE INDEX feedstream_subscriptions_due ON feedstream_subscriptions (next_due, url_hash);
                    CREATE INDEX feedstream_subscriptions_host ON feedstream_subscriptions (host, next_due);
                    CREATE TABLE feedstream_moved (
                        old_hash BLOB PRIMARY KEY NOT NULL, old_url TEXT NOT NULL, url TEXT NOT NULL);
                    CREATE TABLE feedstream_hosts (
                        host TEXT PRIMARY KEY NOT NULL, lease_owner TEXT, lease_until REAL, retry_after REAL);
                    CREATE TABLE feedstream_seen (
                        subscription BLOB NOT NULL, basis TEXT NOT NULL, key_hash BLOB NOT NULL, key BLOB NOT NULL,
                        digest INTEGER NOT NULL, refresh INTEGER NOT NULL, seen_at REAL NOT NULL,
                        PRIMARY KEY (subscription, basis, key_hash)) WITHOUT ROWID;
                    """)
            // A file from before schema versions: its rows move over, keyed by digest, and its tables go.
            if try hasLegacyTables(db) {
                try db.execute(
                    sql: """
                        INSERT INTO feedstream_subscriptions (url_hash, url, host, next_due, retry_after, refreshes,
                            data)
                        SELECT feedstream_sha256(url), url, host, next_due, retry_after, refreshes, data
                        FROM subscriptions;
                        INSERT INTO feedstream_moved (old_hash, old_url, url)
                        SELECT feedstream_sha256(old_url), old_url, url FROM moved;
                        INSERT INTO feedstream_hosts (host, retry_after) SELECT host, retry_after FROM hosts;
                        INSERT INTO feedstream_seen (subscription, basis, key_hash, key, digest, refresh, seen_at)
                        SELECT feedstream_sha256(subscription), basis, feedstream_sha256(key), CAST(key AS BLOB),
                            digest, refresh, seen_at FROM seen;
                        DROP TABLE seen; DROP TABLE hosts; DROP TABLE moved; DROP TABLE subscriptions;
                        """)
            }
        }
        return migrator
    }

    /// Whether the file holds the tables of the unversioned schema: all four, the subscriptions table with its
    /// lease columns (an app's own `subscriptions` table is never taken for one).
    static func hasLegacyTables(_ db: Database) throws -> Bool {
        for table in ["subscriptions", "moved", "hosts", "seen"] where try !db.tableExists(table) { return false }
        let columns = Set(try db.columns(in: "subscriptions").map(\.name))
        return columns.isSuperset(of: ["lease_owner", "lease_until", "next_due", "refreshes", "data"])
    }

    /// `feedstream_sha256(text)`: ``StoreKey/digest(_:)`` in SQL, for the migration of older rows.
    static let sha256Function = DatabaseFunction("feedstream_sha256", argumentCount: 1, pure: true) { values in
        guard let text = String.fromDatabaseValue(values[0]) else { return nil }
        return StoreKey.digest(text)
    }

    /// Brings the tables to this version (`.migrate`), or checks that they are at it (`.require`; a new, empty file
    /// is created: one machine's file has no fleet to keep in step).
    static func prepareSchema(_ pool: DatabasePool, policy: SchemaPolicy, path: String) throws {
        let migrator = Self.migrator
        let known = migrator.migrations.count
        let (applied, legacy, empty) = try pool.read { db in
            let legacy = try hasLegacyTables(db)
            return (try migrator.appliedIdentifiers(db), legacy, try !db.tableExists("feedstream_subscriptions") && !legacy)
        }
        let superseded = applied.contains { !migrator.migrations.contains($0) }
        if superseded { throw SchemaVersion.refusal(store: path, found: applied.count, known: known) }
        if policy == .migrate || (empty && applied.isEmpty) {
            try migrator.migrate(pool)
            return
        }
        if applied.count < known {
            throw SchemaVersion.refusal(store: path, found: legacy && applied.isEmpty ? nil : applied.count, known: known)
        }
    }

    /// The migrations this version knows and those the database has.
    package func schemaVersions() async throws -> (known: Int, applied: Int) {
        let migrator = Self.migrator
        return try await pool.read { db in (migrator.migrations.count, try migrator.appliedIdentifiers(db).count) }
    }
}
