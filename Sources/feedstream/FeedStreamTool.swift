#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// The `feedstream` command: `feedstream SUBCOMMAND [options] [FILE|-]`.
@main
enum FeedStreamTool {
    /// A subcommand: its usage line, the options it accepts, and what it runs.
    struct Subcommand {
        var usage: String
        var accepts: CommandLineOptions.Accepted
        var run: (CommandLineOptions) -> Int32
    }

    /// Every subcommand by name; each decoder family registers its own in a `FeedStreamTool+Family.swift` file.
    static var subcommands: [(name: String, command: Subcommand)] { atomCommands + jsonCommands }

    static var usage: String {
        "usage:\n" + subcommands.map { "  feedstream \($0.name) \($0.command.usage)" }.joined(separator: "\n")
    }

    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first else {
            OutputWriter.standardError(usage)
            exit(2)
        }
        if name == "--help" || name == "-h" || name == "help" {
            print(usage)
            exit(0)
        }
        guard let command = subcommands.first(where: { $0.name == name })?.command else {
            OutputWriter.standardError("feedstream: error: unknown subcommand '\(name)'\n\(usage)")
            exit(2)
        }
        do {
            let options = try CommandLineOptions(arguments: arguments.dropFirst(), accepting: command.accepts)
            exit(command.run(options))
        } catch {
            OutputWriter.standardError(
                "feedstream: error: \(error.message)\nusage: feedstream \(name) \(command.usage)")
            exit(2)
        }
    }
}
