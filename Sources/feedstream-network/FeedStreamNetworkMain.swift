import FeedStreamCommandLine

/// `feedstream-network`: the half of `feedstream` that fetches. `feedstream` hands it every invocation with a URL
/// input, `discover URL`, `refresh` and `f1-token`, with the same arguments; run directly, it also decodes files
/// as `feedstream` does.
@main
enum FeedStreamNetworkMain {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch FeedStreamTool.invocation(arguments) {
        case .local(let command):
            FeedStreamTool.runLocally(command, arguments: arguments)
        case .network(let command):
            guard let fetching = command as? any NetworkCommand else {
                // Every subcommand whose `needsNetwork` can be true conforms; a new one that does not ends here.
                OutputWriter.standardError("feedstream: error: \(type(of: command)) cannot fetch")
                terminate(1)
            }
            do {
                try await fetching.runOverNetwork()
                terminate(0)
            } catch {
                FeedStreamTool.finish(with: error, arguments: arguments)
            }
        }
    }
}
