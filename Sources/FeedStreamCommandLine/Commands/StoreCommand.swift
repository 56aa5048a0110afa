import ArgumentParser

/// `feedstream store migrate --store …`: the one command that changes a store's tables.
package struct StoreCommand: AlwaysFetchingCommand {
    package static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Administer a store: `migrate` brings its tables to this version's schema.",
        discussion: """
            Workers (`refresh --store`) run no DDL: they refuse a store whose schema is older or newer than theirs. \
            Run `feedstream store migrate --store …` once, before starting the workers of a new version; it \
            prints {"store", "schemaVersion", "known"} (the version it is at, the newest this version knows). Exit status: 0 when the \
            store is at this version, 1 when it cannot be reached or is newer, 2 on a usage error.
            """)

    /// What the command does.
    package enum Action: String, ExpressibleByArgument, CaseIterable, Sendable {
        case migrate
    }

    @Argument(help: "migrate")
    package var action: Action

    @OptionGroup package var storage: StoreOptions

    /// `--store` (required here; StoreOptions checks its form).
    package var store: String { storage.store ?? "" }

    package func validate() throws {
        if storage.store == nil { throw ValidationError("give --store sqlite:PATH or postgres://…") }
    }

    package init() {}
}
