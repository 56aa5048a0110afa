import ArgumentParser

/// The store a command works on, and what opening it may need: every command that takes `--store` takes these.
package struct StoreOptions: ParsableArguments {
    package init() {}

    @Option(
        help: ArgumentHelp(
            """
            The store: sqlite:PATH (a file, created when missing), or postgres://USER@HOST/DATABASE \
            (?sslmode=disable|prefer|require|verify-ca|verify-full, ?sslrootcert=FILE, as libpq takes them).
            """,
            valueName: "sqlite:PATH|postgres://…"))
    package var store: String?

    @Option(
        name: .customLong("store-password-file"),
        help: ArgumentHelp(
            """
            A file whose first line is the postgres store's password, kept out of the URL (and so out of ps). \
            Without it or a password in the URL: PGPASSWORD, then ~/.pgpass (or PGPASSFILE).
            """,
            valueName: "FILE"))
    package var storePasswordFile: String?

    package func validate() throws {
        if let store, !store.hasPrefix("sqlite:"), !store.hasPrefix("postgres://"), !store.hasPrefix("postgresql://") {
            throw ValidationError("--store takes sqlite:PATH or postgres://…")
        }
        if storePasswordFile != nil && (store == nil || store?.hasPrefix("sqlite:") == true) {
            throw ValidationError("--store-password-file applies to a postgres:// --store")
        }
    }
}
