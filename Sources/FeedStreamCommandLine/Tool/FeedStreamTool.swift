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
/// Both executables parse with it — `feedstream`, which decodes files and standard input and hands everything
/// that needs the network to `feedstream-network`, and `feedstream-network` itself — so help, usage errors and
/// exit statuses are the same whichever runs.
///
/// The exit statuses are the command-line contract of DESIGN.md rather than ArgumentParser's defaults: 0 on
/// success (and for `--help`), 1 on malformed input, an exceeded limit or a failed request, 2 on a usage error.
package struct FeedStreamTool: ParsableCommand {
    package static let configuration = CommandConfiguration(
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
            OPMLCommand.self, RefreshCommand.self, SubscriptionsCommand.self, StoreCommand.self,
            ExtractCommand.self,
        ])

    package init() {}

    /// What the arguments ask for, once parsed and validated.
    package enum Invocation {
        /// A subcommand whose input is a file or standard input: it runs here, synchronously.
        case local(any ToolCommand)
        /// A subcommand that fetches (a URL, `refresh`, `f1-token`): it runs in `feedstream-network`.
        case network(any ToolCommand)
    }

    /// Parses the process's arguments. Help, completion scripts and usage errors end the process here, with the
    /// contract's status.
    package static func invocation(_ arguments: [String]) -> Invocation {
        if let command = parsedSubcommand(arguments) {
            return command.needsNetwork ? .network(command) : .local(command)
        }
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
        guard let tool = command as? any ToolCommand else {
            if arguments.isEmpty || command is FeedStreamTool {
                usageFailure("a subcommand is required", arguments: arguments)
            }
            do {
                var other = command
                try other.run()  // ArgumentParser's own commands (`help`, completion scripts)
                terminate(0)
            } catch {
                finish(with: error, arguments: arguments)
            }
        }
        return tool.needsNetwork ? .network(tool) : .local(tool)
    }

    /// The named subcommand parsed on its own, when that parse succeeds and nothing asks for help; `nil` sends
    /// the arguments through the whole tree's parse, which then gives help, completion scripts and every usage
    /// error with the root's wording.
    ///
    /// Parsing from the root reflects every subcommand's options (ArgumentParser looks for completion-script and
    /// pass-through requests across the tree): for `feed FILE` that was 24 M of the run's 43 M instructions,
    /// against 5 M for the subcommand alone (BENCHMARKS.md, "Start-up"). Both parses give the same value.
    private static func parsedSubcommand(_ arguments: [String]) -> (any ToolCommand)? {
        guard let name = arguments.first,
            let subcommand = configuration.subcommands.first(where: { $0._commandName == name }),
            let tool = subcommand as? any ToolCommand.Type
        else { return nil }
        let rest = arguments.dropFirst()
        // Help in any spelling ArgumentParser knows, and completion-script requests, stay with the root.
        guard !rest.contains(where: { $0 == "-h" || $0 == "--help" || $0 == "-help" || $0.hasPrefix("--generate-") || $0.hasPrefix("--experimental") })
        else { return nil }
        return try? tool.parse(Array(rest)) as? any ToolCommand
    }

    /// Runs a command whose input needs no network and ends the process with its status.
    package static func runLocally(_ command: any ToolCommand, arguments: [String]) -> Never {
        do {
            try command.runLocally()
            terminate(0)
        } catch {
            finish(with: error, arguments: arguments)
        }
    }

    /// Ends the process after a run that threw: the status it asked for, or a usage error.
    package static func finish(with error: any Error, arguments: [String]) -> Never {
        if let code = error as? ExitCode { terminate(code.rawValue) }
        if exitCode(for: error) == .success {
            print(fullMessage(for: error))
            terminate(0)
        }
        usageFailure(message(for: error), arguments: arguments)
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
package func terminate(_ status: Int32) -> Never {
    exit(status)
}
