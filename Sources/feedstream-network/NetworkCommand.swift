import FeedStreamCommandLine

/// The network half of a `feedstream` subcommand: what it does when ``ToolCommand/needsNetwork`` is true.
protocol NetworkCommand: ToolCommand {
    /// Runs the invocation; throws `ExitCode` for a status other than 0.
    func runOverNetwork() async throws
}
