import ArgumentParser
import AtomStream
import FeedStreamCommandLine
import FeedStreamPostgres
import FeedStreamServices
import FeedStreamStore
import Foundation

extension RefreshCommand {
    /// The store `--store` names, opened (a SQLite file created when missing): a one-line error and exit 1 when it
    /// cannot be. The error never holds the password, from the URL or `--store-password-file` (`PostgresStore`
    /// hides it).
    static func openStore(_ options: StoreOptions, retention: SeenRetention = .init()) async throws
        -> any SubscriptionStore
    {
        do {
            let spec = options.store ?? ""
            if spec.hasPrefix("sqlite:") {
                // One machine's file: a new one is created; one of another schema version is refused.
                return try SQLiteStore(
                    path: String(spec.dropFirst("sqlite:".count)), retention: retention, schema: .require)
            }
            // A fleet's workers run no DDL: `feedstream store migrate` makes the tables.
            return try await PostgresStore(
                url: spec, password: try options.password(), retention: retention, schema: .require)
        } catch {
            OutputWriter.standardError("feedstream: error: \(StreamRunner.message(for: error))")
            throw ExitCode(1)
        }
    }

    /// `--retention-refreshes` and `--retention-days`, the store's defaults for what is not given.
    var retention: SeenRetention {
        var retention = SeenRetention()
        if let retentionRefreshes { retention.refreshes = retentionRefreshes }
        if let retentionDays { retention.days = retentionDays }
        return retention
    }

    /// A worker's name when `--worker` is not given: the host's name and the process's id, unique on the fleet.
    static var defaultWorker: String {
        "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)"
    }
}
