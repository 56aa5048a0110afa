import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// The `feedstream` command: `feedstream SUBCOMMAND [options] [FILE|-|URL]`.
///
/// The exit statuses are the command-line contract of DESIGN.md rather than ArgumentParser's defaults: 0 on
/// success (and for `--help`), 1 on malformed input, an exceeded limit or a failed request, 2 on a usage error.
@main
struct FeedStreamTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feedstream",
        abstract: "Decode feeds and API responses as they stream in, one JSON line per item.",
        discussion: """
            Input is a FILE, `-` (or nothing) for standard input, or an http:// or https:// URL that is fetched \
            and decoded as it streams in. Exit status: 0 on success, 1 on malformed input, an exceeded limit or \
            a failed request (after printing every item completed before it), 2 on a usage error.
            """,
        subcommands: [
            AtomCommand.self, FeedCommand.self, TwitterCommand.self, TwitterStreamCommand.self, JiveInboxCommand.self,
            ItemsCommand.self, JSONCommand.self, XMLItemsCommand.self, FellowshipOneTokenCommand.self, DiscoverCommand.self,
            OPMLCommand.self, RefreshCommand.self,
        ])

    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                terminate(0)
            }
            usageFailure(message(for: error), arguments: arguments)
        }
        guard var runnable = command as? any AsyncParsableCommand, !(command is FeedStreamTool) else {
            if arguments.isEmpty { usageFailure("a subcommand is required", arguments: arguments) }
            do {
                var other = command
                try other.run()  // ArgumentParser's own commands (`help`, completion scripts)
                terminate(0)
            } catch {
                if exitCode(for: error) == .success {
                    print(fullMessage(for: error))
                    terminate(0)
                }
                usageFailure(message(for: error), arguments: arguments)
            }
        }
        do {
            try await runnable.run()
            terminate(0)
        } catch let code as ExitCode {
            terminate(code.rawValue)
        } catch {
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                terminate(0)
            }
            usageFailure(message(for: error), arguments: arguments)
        }
    }

    /// Prints `feedstream: error: MESSAGE` and the usage of the subcommand named first (or of every subcommand),
    /// then exits with status 2.
    private static func usageFailure(_ message: String, arguments: [String]) -> Never {
        let named = configuration.subcommands.first { $0._commandName == arguments.first }
        let usage =
            named.map { "usage: " + usageString(for: $0) }
            ?? "usage:\n" + configuration.subcommands.map { "  " + usageString(for: $0) }.joined(separator: "\n")
        OutputWriter.standardError("feedstream: error: \(message)\n\(usage)")
        terminate(2)
    }
}

/// Ends the process with `status` (the C library's `exit`, which the command type's own `exit` shadows).
private func terminate(_ status: Int32) -> Never {
    exit(status)
}
