import ArgumentParser
import FeedStreamServices
import JSONStream
import StreamCore

/// `feedstream twitter`: Twitter search responses (v1, v1.1, v2).
struct TwitterCommand: MetadataCommand {
    static let configuration = CommandConfiguration(
        commandName: "twitter", abstract: "Decode a Twitter search response: one JSON line per tweet.")

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var metadataOption: MetadataOption
    @OptionGroup(title: "Fetching a URL") var remote: RemoteOptions

    func run() async throws {
        try await run(
            Decoding(
                makeParser: { TwitterSearchParser() }, metadata: { ["page": $0.page] },
                strategy: TwitterSearchPaging(), pageMetadata: { ["page": $0] }))
    }
}

/// `feedstream twitter-stream`: Twitter streaming API messages.
struct TwitterStreamCommand: CountingCommand {
    static let configuration = CommandConfiguration(
        commandName: "twitter-stream",
        abstract: "Decode a Twitter stream (newline-delimited or delimited=length): one JSON line per message.")

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Fetching a URL") var remote: RemoteOptions

    func run() async throws {
        try await run(
            Decoding(
                makeParser: { TwitterStreamParser() },
                strategy: ClosurePaging.singlePage(requirements: .json) { _ in TwitterStreamParser() }))
    }
}

/// `feedstream jive-inbox`: Jive REST v3 inbox responses.
struct JiveInboxCommand: MetadataCommand {
    static let configuration = CommandConfiguration(
        commandName: "jive-inbox", abstract: "Decode a Jive REST v3 inbox response: one JSON line per entry.")

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var metadataOption: MetadataOption
    @OptionGroup(title: "Fetching a URL") var remote: RemoteOptions

    func run() async throws {
        try await run(
            Decoding(
                makeParser: { JiveInboxParser() }, metadata: { ["page": $0.page] }, strategy: JiveInboxPaging(),
                pageMetadata: { ["page": $0] }))
    }
}

/// `feedstream items`: every JSON value selected by a path.
struct ItemsCommand: CountingCommand {
    static let configuration = CommandConfiguration(
        commandName: "items", abstract: "Print each JSON value the path selects, compactly, one per line.")

    @Option(help: "The selection path: $ root, .key member, [*] every element, [3] one, [\"a.b\"] a dotted key.")
    var path: String
    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Fetching a URL") var remote: RemoteOptions

    func validate() throws {
        do {
            _ = try JSONPath(path)
        } catch {
            throw ValidationError("--path: \(error.message)")
        }
        try validateRemote()
    }

    func run() async throws {
        let selection = try JSONPath(path)
        // Values print in document order, as read; Jive responses may keep their prefix.
        try await run(
            Decoding(
                makeParser: { JSONItemParser<JSONValue>(path: selection, options: .init(reading: .jive)) },
                strategy: ClosurePaging.singlePage { _ in JSONItemParser<JSONValue>(path: selection, options: .init(reading: .jive)) },
                printItem: { value, output in output.line { value.write(to: $0) } }))
    }
}

/// `feedstream json`: validates a whole JSON document and prints it compactly.
struct JSONCommand: DecodingCommand {
    static let configuration = CommandConfiguration(
        commandName: "json", abstract: "Validate a JSON document and print it back compactly.")

    @OptionGroup var input: InputOptions
    @OptionGroup(title: "Fetching a URL") var remote: RemoteOptions

    func run() async throws {
        try await run(
            Decoding(
                makeParser: { JSONItemParser<JSONValue>(path: .root) },
                strategy: ClosurePaging.singlePage { _ in JSONItemParser<JSONValue>(path: .root) },
                printItem: { value, output in output.line { value.write(to: $0) } }))
    }
}
