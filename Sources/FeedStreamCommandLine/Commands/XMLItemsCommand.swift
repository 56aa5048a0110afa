import ArgumentParser
import AtomStream
import XMLStream
import StreamCore

/// `feedstream xml-items`: every XML record at a path, as JSON in the usual XML-to-JSON convention.
package struct XMLItemsCommand: CountingCommand {
    package static let configuration = CommandConfiguration(
        commandName: "xml-items",
        abstract: "Print each XML record the path selects as one JSON line.",
        discussion: """
            Attributes print as "@name", child elements by name (a repeated name becomes an array), a text-only \
            element as a string, an empty element as null, and text beside child elements as "#text".
            """)

    @Option(help: "Element names from the root, slash-separated: results/person, people/person, person.")
    package var path: String
    @OptionGroup var recoverOption: RecoverOption
    @OptionGroup package var input: InputOptions
    @OptionGroup package var output: OutputOptions
    @OptionGroup(title: "Fetching a URL") package var remote: RemoteOptions

    package init() {}

    package func validate() throws {
        guard XMLItemParser<XMLRecordValue>.isValid(path: path) else {
            throw ValidationError("--path \"\(path)\" is not element names separated by \"/\"")
        }
        try validateRemote()
    }

    /// The parser's options, for a file and for every page of a URL.
    package var options: XMLItemParser<XMLRecordValue>.Options {
        XMLItemParser<XMLRecordValue>.Options(recover: recoverOption.recover)
    }

    package func decoding() throws -> Decoding<XMLItemParser<XMLRecordValue>> {
        let path = try XMLRecordPath(path)
        let options = options
        return Decoding(
            makeParser: { XMLItemParser<XMLRecordValue>(path: path, options: options) }, warnings: { $0.warnings },
            printItem: XMLRecordValue.printLine)
    }
}

extension XMLRecordValue {
    /// Prints a record as one line in the XML-to-JSON convention.
    package static func printLine(_ record: XMLRecordValue, to output: OutputWriter) {
        output.line { record.write(to: $0) }
    }
}
