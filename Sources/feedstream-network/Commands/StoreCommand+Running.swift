import ArgumentParser
import FeedStreamCommandLine
import FeedStreamPostgres
import FeedStreamStore
import Foundation

extension StoreCommand: NetworkCommand {
    func runOverNetwork() async throws {
        switch action {
        case .migrate: try await migrate()
        }
    }

    private func migrate() async throws {
        let writer = OutputWriter()
        do {
            let line: MigrationLine
            if store.hasPrefix("sqlite:") {
                let path = String(store.dropFirst("sqlite:".count))
                let opened = try SQLiteStore(path: path, schema: .migrate)
                let versions = try await opened.schemaVersions()
                line = MigrationLine(store: path, schemaVersion: versions.applied, known: versions.known)
            } else {
                let opened = try await PostgresStore(url: store, password: try storage.password(), schema: .migrate)
                let versions = try await opened.schemaVersions()
                await opened.close()
                line = MigrationLine(store: opened.name, schemaVersion: versions.applied, known: versions.known)
            }
            try writer.line(line)
            writer.flush()
        } catch {
            OutputWriter.standardError("feedstream: error: \(StreamRunner.message(for: error))")
            throw ExitCode(1)
        }
    }
}

/// `{"store", "schemaVersion", "known"}`: the store (a URL without its password), the schema version it is at
/// now, and the newest this version of FeedStream knows.
struct MigrationLine: Encodable {
    var store: String
    var schemaVersion: Int
    var known: Int
}
