import FeedStreamCommandLine
import FeedStreamPostgres
import FeedStreamStore

extension StoreOptions {
    /// The password `--store-password-file` holds, or `nil` without the option.
    /// - Throws: ``StoreError`` naming the option and the file, never what the file holds.
    func password() throws -> String? {
        try storePasswordFile.map { file in
            do {
                return try PostgresConnectionSettings.password(fromFile: file)
            } catch let error as StoreError {
                throw StoreError("--store-password-file \(error.message)")
            }
        }
    }
}
