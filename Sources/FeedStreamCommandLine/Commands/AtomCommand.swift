import ArgumentParser
import AtomStream

/// `feedstream atom`: Atom feeds and entry documents.
package struct AtomCommand: MetadataCommand {
    package static let configuration = CommandConfiguration(
        commandName: "atom", abstract: "Decode an Atom feed or entry document: one JSON line per entry.")

    @OptionGroup package var input: InputOptions
    @OptionGroup package var output: OutputOptions
    @OptionGroup package var metadataOption: MetadataOption
    @OptionGroup var recoverOption: RecoverOption
    @OptionGroup(title: "Fetching a URL") package var remote: RemoteOptions

    package init() {}

    /// The parser's options, for a file and for every page of a URL.
    package var options: AtomParser.Options { AtomParser.Options(recover: recoverOption.recover) }

    package func decoding() -> Decoding<AtomParser> {
        let options = options
        return Decoding(
            makeParser: { AtomParser(options: options) }, metadata: { ["feed": $0.feed] }, warnings: { $0.warnings })
    }
}
