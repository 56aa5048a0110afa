/// What opening a store does about its tables.
///
/// Tables change between versions of FeedStream; each change is a numbered migration, applied in order, and a
/// store records the ones it has. A fleet's workers run no DDL: they open with ``require`` and refuse a database
/// that another version wrote, and an operator applies the migrations once (`feedstream store migrate --store …`,
/// or ``migrate``) before starting the workers of a new version.
public enum SchemaPolicy: Sendable, Hashable {
    /// Applies the migrations the database lacks (creating the tables in a new one), then opens it: an app's own
    /// file, `feedstream store migrate`.
    case migrate
    /// Opens the database only when it has exactly this version's migrations: an older one is refused (migrate it
    /// first), a newer one too (this worker is older than the schema). A refusal is one line naming both versions.
    case require
}

/// The schema versions a store's tables can be at, for the messages that refuse one.
package enum SchemaVersion {
    /// The refusal of a database at `found` (`nil`: tables from before schema versions) by code that knows
    /// `known` migrations.
    package static func refusal(store: String, found: Int?, known: Int) -> StoreError {
        guard let found else {
            return StoreError(
                "\(store): its tables are from before schema versions; run `feedstream store migrate --store …`")
        }
        if found == 0 {
            return StoreError("\(store): no FeedStream tables; run `feedstream store migrate --store …` first")
        }
        if found < known {
            return StoreError(
                "\(store): schema version \(found) is older than this version's \(known); run "
                    + "`feedstream store migrate --store …`")
        }
        return StoreError(
            "\(store): schema version \(found) is newer than this version's \(known); upgrade this worker")
    }
}
