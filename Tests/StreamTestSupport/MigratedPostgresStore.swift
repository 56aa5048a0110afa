import Foundation

/// `url` with a schema of its own (`search_path=SCHEMA`), its tables made by `executable store migrate` as an
/// operator makes them before starting workers (workers run no DDL). For the fleet tests and benchmarks, each of
/// which wants a store no other run shares.
/// - Throws: ``StoreMigrationFailed`` when the migration exits with another status than 0.
public func migratedPostgresStore(on url: String, schema: String, using executable: URL) async throws -> String {
    let store = url + (url.contains("?") ? "&" : "?") + "search_path=\(schema)"
    let result = try await runChildProcess(executable, arguments: ["store", "migrate", "--store", store])
    guard result.status == 0 else {
        throw StoreMigrationFailed(status: result.status, message: String(decoding: result.error, as: UTF8.self))
    }
    return store
}

/// `store migrate` failed: its exit status and what it wrote on standard error.
public struct StoreMigrationFailed: Error, CustomStringConvertible {
    public let status: Int32
    public let message: String
    public var description: String { "store migrate exited \(status): \(message)" }
}
