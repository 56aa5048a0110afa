import ArgumentParser
import AtomStream
import XMLStream
import FeedStreamServices
import StreamCore

/// `feedstream xml-items`: every XML record at a path, as JSON in the usual XML-to-JSON convention.
struct XMLItemsCommand: CountingCommand {
    static let configuration = CommandConfiguration(
        commandName: "xml-items",
        abstract: "Print each XML record the path selects as one JSON line.",
        discussion: """
            Attributes print as "@name", child elements by name (a repeated name becomes an array), a text-only \
            element as a string, an empty element as null, and text beside child elements as "#text".
            """)

    @Option(help: "Element names from the root, slash-separated: results/person, people/person, person.")
    var path: String
    @OptionGroup var recoverOption: RecoverOption
    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Fetching a URL") var remote: RemoteOptions

    func validate() throws {
        guard XMLItemParser<XMLRecordValue>.isValid(path: path) else {
            throw ValidationError("--path \"\(path)\" is not element names separated by \"/\"")
        }
        try validateRemote()
    }

    func run() async throws {
        let path = try XMLRecordPath(path)
        let options = XMLItemParser<XMLRecordValue>.Options(recover: recoverOption.recover)
        try await run(
            Decoding(
                makeParser: { XMLItemParser<XMLRecordValue>(path: path, options: options) },
                warnings: { $0.warnings },
                // Fellowship One's paging (results@additionalPages): other XML services end after one page.
                strategy: FellowshipOnePaging(recordPath: path, options: options),
                printItem: { record, output in output.line { record.write(to: $0) } }))
    }
}
