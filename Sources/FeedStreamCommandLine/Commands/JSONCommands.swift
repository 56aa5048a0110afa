import ArgumentParser
import JSONStream
import StreamCore

/// `feedstream twitter`: Twitter search responses (v1, v1.1, v2).
package struct TwitterCommand: MetadataCommand {
    package static let configuration = CommandConfiguration(
        commandName: "twitter", abstract: "Decode a Twitter search response: one JSON line per tweet.")

    @OptionGroup package var input: InputOptions
    @OptionGroup package var output: OutputOptions
    @OptionGroup package var metadataOption: MetadataOption
    @OptionGroup(title: "Fetching a URL") package var remote: RemoteOptions

    package init() {}

    package func decoding() -> Decoding<TwitterSearchParser> {
        Decoding(makeParser: { TwitterSearchParser() }, metadata: { ["page": $0.page] })
    }
}

/// `feedstream twitter-stream`: Twitter streaming API messages.
package struct TwitterStreamCommand: CountingCommand {
    package static let configuration = CommandConfiguration(
        commandName: "twitter-stream",
        abstract: "Decode a Twitter stream (newline-delimited or delimited=length): one JSON line per message.")

    @OptionGroup package var input: InputOptions
    @OptionGroup package var output: OutputOptions
    @OptionGroup(title: "Fetching a URL") package var remote: RemoteOptions

    package init() {}

    package func decoding() -> Decoding<TwitterStreamParser> {
        Decoding(makeParser: { TwitterStreamParser() })
    }
}

/// `feedstream jive-inbox`: Jive REST v3 inbox responses.
package struct JiveInboxCommand: MetadataCommand {
    package static let configuration = CommandConfiguration(
        commandName: "jive-inbox", abstract: "Decode a Jive REST v3 inbox response: one JSON line per entry.")

    @OptionGroup package var input: InputOptions
    @OptionGroup package var output: OutputOptions
    @OptionGroup package var metadataOption: MetadataOption
    @OptionGroup(title: "Fetching a URL") package var remote: RemoteOptions

    package init() {}

    package func decoding() -> Decoding<JiveInboxParser> {
        Decoding(makeParser: { JiveInboxParser() }, metadata: { ["page": $0.page] })
    }
}

/// `feedstream items`: every JSON value selected by a path.
package struct ItemsCommand: CountingCommand {
    package static let configuration = CommandConfiguration(
        commandName: "items", abstract: "Print each JSON value the path selects, compactly, one per line.")

    @Option(help: "The selection path: $ root, .key member, [*] every element, [3] one, [\"a.b\"] a dotted key.")
    package var path: String
    @OptionGroup package var input: InputOptions
    @OptionGroup package var output: OutputOptions
    @OptionGroup(title: "Fetching a URL") package var remote: RemoteOptions

    package init() {}

    package func validate() throws {
        do {
            _ = try JSONPath(path)
        } catch {
            throw ValidationError("--path: \(error.message)")
        }
        try validateRemote()
    }

    /// The selected values' parser: they print in document order, as read; Jive responses may keep their prefix.
    package static func parser(selecting selection: JSONPath) -> JSONItemParser<JSONValue> {
        JSONItemParser<JSONValue>(path: selection, options: .init(reading: .jive))
    }

    package func decoding() throws -> Decoding<JSONItemParser<JSONValue>> {
        let selection = try JSONPath(path)
        return Decoding(makeParser: { Self.parser(selecting: selection) }, printItem: JSONValue.printLine)
    }
}

/// `feedstream json`: validates a whole JSON document and prints it compactly.
package struct JSONCommand: DecodingCommand {
    package static let configuration = CommandConfiguration(
        commandName: "json", abstract: "Validate a JSON document and print it back compactly.")

    @OptionGroup package var input: InputOptions
    @OptionGroup(title: "Fetching a URL") package var remote: RemoteOptions

    package init() {}

    package func decoding() -> Decoding<JSONItemParser<JSONValue>> {
        Decoding(makeParser: { JSONItemParser<JSONValue>(path: .root) }, printItem: JSONValue.printLine)
    }
}

extension JSONValue {
    /// Prints a value compactly, members in document order, as `items` and `json` do.
    package static func printLine(_ value: JSONValue, to output: OutputWriter) {
        output.line { value.write(to: $0) }
    }
}
