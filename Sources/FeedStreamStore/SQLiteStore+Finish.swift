import AtomStream
import FeedStreamServices
import Foundation
internal import GRDB

extension SQLiteStore {
    public func finish(
        _ id: Subscription.ID, lease: SubscriptionLease?, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws {
        let row = try FinishedRow(id, lease: lease, as: subscription, outcome: outcome, seen: seen, retention: retention)
        let now = clock().timeIntervalSince1970
        let refusal = try await transaction { db -> FinishRefusal? in
            let stored = try Self.storedLease(row.oldKey, db)
            let target = row.moves ? try Self.storedLease(row.newKey, db) : nil
            // A row gone from its old URL may be this very finish's move, written before its answer was lost.
            let movedToNew =
                try stored == nil && target != nil
                && Bool.fetchOne(
                    db, sql: "SELECT 1 FROM feedstream_moved WHERE old_hash = ? AND url = ?",
                    arguments: [row.oldKey, row.new]) ?? false
            let plan = FinishPlan.decide(row, stored: stored, target: target, movedToNew: movedToNew, now: now)
            try Self.execute(plan, row, now: now, db)
            return plan.refusal
        }
        if let refusal { throw StoreError.refused(id, refusal) }
    }

    private static func storedLease(_ key: Data, _ db: Database) throws -> StoredLease? {
        try Row.fetchOne(
            db,
            sql: """
                SELECT host, lease_owner, lease_token, lease_until, refreshes FROM feedstream_subscriptions
                WHERE url_hash = ?
                """, arguments: [key]
        ).map {
            StoredLease(
                host: $0["host"], owner: $0["lease_owner"], token: $0["lease_token"], until: $0["lease_until"],
                refreshes: $0["refreshes"])
        }
    }

    /// Carries out `plan` (``FinishPlan``: its steps in their order) in SQLite's SQL.
    private static func execute(_ plan: FinishPlan, _ row: FinishedRow, now: Double, _ db: Database) throws {
        if plan.replacesTarget {
            try db.execute(sql: "DELETE FROM feedstream_subscriptions WHERE url_hash = ?", arguments: [row.newKey])
            try db.execute(sql: "DELETE FROM feedstream_seen WHERE subscription = ?", arguments: [row.newKey])
        }
        if plan.moves {
            // The row and what it saw follow the new URL; the old one is remembered so that adding it again does not
            // bring it back.
            try db.execute(
                sql: "UPDATE feedstream_subscriptions SET url_hash = ?, url = ? WHERE url_hash = ?",
                arguments: [row.newKey, row.new, row.oldKey])
            try db.execute(
                sql: "UPDATE feedstream_seen SET subscription = ? WHERE subscription = ?",
                arguments: [row.newKey, row.oldKey])
            try db.execute(
                sql: """
                    INSERT INTO feedstream_moved (old_hash, old_url, url) VALUES (?, ?, ?)
                    ON CONFLICT (old_hash) DO UPDATE SET url = excluded.url
                    """,
                arguments: [row.oldKey, row.old, row.new])
            try db.execute(sql: "DELETE FROM feedstream_moved WHERE old_hash = ?", arguments: [row.newKey])
            try db.execute(
                sql: "INSERT INTO feedstream_hosts (host) VALUES (?) ON CONFLICT (host) DO NOTHING",
                arguments: [row.host])
        }
        if plan.writesRow {
            try db.execute(
                sql: """
                    UPDATE feedstream_subscriptions SET host = ?, next_due = ?, retry_after = ?, lease_owner = NULL,
                        lease_until = NULL, refreshes = ?, data = ? WHERE url_hash = ?
                    """,
                arguments: [row.host, row.nextDue, row.retryAfter, plan.refreshes, row.json, row.newKey])
            if !row.seen.isEmpty {
                // Prepared once per connection, not once per entry.
                let insert = try db.cachedStatement(
                    sql: """
                        INSERT INTO feedstream_seen (subscription, basis, key_hash, key, digest, refresh, seen_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (subscription, basis, key_hash) DO UPDATE SET digest = excluded.digest,
                            refresh = excluded.refresh, seen_at = excluded.seen_at
                        """)
                for entry in row.seen {
                    try insert.execute(arguments: [
                        row.newKey, entry.basis, entry.keyHash, entry.key, entry.digest, plan.refreshes, row.now,
                    ])
                }
                try db.execute(
                    sql: "DELETE FROM feedstream_seen WHERE subscription = ? AND (refresh <= ? OR seen_at < ?)",
                    arguments: [row.newKey, plan.refreshes - row.keptRefreshes, row.oldestKept])
            }
        }
        if let due = plan.deferredDue {
            try db.execute(
                sql: """
                    UPDATE feedstream_subscriptions SET lease_owner = NULL, lease_until = NULL, next_due = ?,
                        lease_token = lease_token + 1
                    WHERE url_hash = ?
                    """,
                arguments: [due, row.oldKey])
        }
        if let hostRetry = plan.hostRetryAfter {
            try db.execute(
                sql: """
                    INSERT INTO feedstream_hosts (host, retry_after) VALUES (?, ?) ON CONFLICT (host)
                    DO UPDATE SET retry_after = MAX(COALESCE(feedstream_hosts.retry_after, 0), excluded.retry_after)
                    """,
                arguments: [row.oldHost, hostRetry])
        }
        if let (host, owner) = plan.releases { try releaseHost(host, owner: owner, now: now, db) }
    }
}
