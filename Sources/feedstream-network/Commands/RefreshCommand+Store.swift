import ArgumentParser
import AtomStream
import FeedStreamCommandLine
import FeedStreamPostgres
import FeedStreamServices
import FeedStreamStore
import Foundation

extension RefreshCommand {
    /// The store `--store` names, opened (created when missing): a one-line error and exit 1 when it cannot be.
    /// The error never holds the password, from the URL or `--store-password-file` (`PostgresStore` hides it).
    static func openStore(_ options: StoreOptions) async throws -> any SubscriptionStore {
        do {
            let spec = options.store ?? ""
            if spec.hasPrefix("sqlite:") {
                return try SQLiteStore(path: String(spec.dropFirst("sqlite:".count)))
            }
            let password = try options.storePasswordFile.map { file in
                do {
                    return try PostgresConnectionSettings.password(fromFile: file)
                } catch let error as StoreError {
                    throw StoreError("--store-password-file \(error.message)")
                }
            }
            return try await PostgresStore(url: spec, password: password)
        } catch {
            OutputWriter.standardError("feedstream: error: \(StreamRunner.message(for: error))")
            throw ExitCode(1)
        }
    }

    /// A worker's name when `--worker` is not given: the host's name and the process's id, unique on the fleet.
    static var defaultWorker: String {
        "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)"
    }
}
