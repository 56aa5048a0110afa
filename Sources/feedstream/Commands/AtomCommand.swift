import ArgumentParser
import AtomStream
import FeedStreamServices

/// `feedstream atom`: Atom feeds and entry documents.
struct AtomCommand: MetadataCommand {
    static let configuration = CommandConfiguration(
        commandName: "atom", abstract: "Decode an Atom feed or entry document: one JSON line per entry.")

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var metadataOption: MetadataOption
    @OptionGroup var recoverOption: RecoverOption
    @OptionGroup(title: "Fetching a URL") var remote: RemoteOptions

    func run() async throws {
        let options = AtomParser.Options(recover: recoverOption.recover)
        try await run(
            Decoding(
                makeParser: { AtomParser(options: options) }, metadata: { ["feed": $0.feed] },
                warnings: { $0.warnings }, strategy: ConnectionsPaging(options: options),
                pageMetadata: { ["feed": $0] }))
    }
}
