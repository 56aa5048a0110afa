import ArgumentParser
import AtomStream

/// `feedstream feed`: any syndication format — Atom 1.0 / 0.3, RSS 0.9x / 1.0 / 2.0, JSON Feed — sniffed.
package struct FeedCommand: MetadataCommand {
    package static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Decode an Atom, RSS or JSON Feed (the format is sniffed): one JSON line per entry or item.")

    @OptionGroup package var input: InputOptions
    @OptionGroup package var output: OutputOptions
    @OptionGroup package var metadataOption: MetadataOption
    @OptionGroup var recoverOption: RecoverOption
    @OptionGroup(title: "Fetching a URL") package var remote: RemoteOptions
    @Flag(
        name: .customLong("raw-html"),
        help: "Keep html and xhtml text constructs as the feed wrote them (they are sanitized by default).")
    var rawHTML = false
    @Option(help: "The URL the document came from, against which relative links resolve (a file or standard input).")
    var baseURL: String?

    package init() {}

    package func validate() throws {
        try validateRemote()
        // A fetched document resolves against the URL it was fetched from (after redirects), page by page.
        if baseURL != nil && input.remoteURL != nil {
            throw ValidationError("--base-url applies to a file or standard input; a URL resolves against itself")
        }
    }

    /// The parser's options, for a file and for every page of a URL.
    package var options: FeedParser.Options {
        FeedParser.Options(baseURL: baseURL, recover: recoverOption.recover, sanitizesHTML: !rawHTML)
    }

    package func decoding() -> Decoding<FeedParser> {
        let options = options
        return Decoding(
            makeParser: { FeedParser(options: options) }, metadata: { ["feed": $0.feed] }, warnings: { $0.warnings })
    }
}
