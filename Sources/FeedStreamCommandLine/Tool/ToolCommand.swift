import ArgumentParser

/// A `feedstream` subcommand: it says whether this invocation needs the network, and runs here when it does not.
///
/// The split is what keeps a file's decode cheap to start: `feedstream` links no network code (no
/// FoundationNetworking, libcurl, NIO or swift-crypto), so a script that runs it once per file pays only for the
/// decoders. Whatever fetches runs in `feedstream-network`, which links everything and gives each command its
/// network half (its `NetworkCommand` conformance).
package protocol ToolCommand: ParsableCommand {
    /// Whether this invocation fetches: its input is a URL, or the subcommand always talks to a server.
    var needsNetwork: Bool { get }
    /// Runs a local invocation (a file or standard input); throws `ExitCode` for a status other than 0.
    func runLocally() throws
}

/// A subcommand that always talks to a server (`refresh`, `f1-token`): every invocation runs in
/// `feedstream-network`.
package protocol AlwaysFetchingCommand: ToolCommand {}

extension AlwaysFetchingCommand {
    package var needsNetwork: Bool { true }

    /// Not reached: ``FeedStreamTool/invocation(_:)`` sends every invocation of these to `feedstream-network`.
    package func runLocally() throws {
        throw ValidationError("\(Self.configuration.commandName ?? "this subcommand") runs in feedstream-network")
    }
}
