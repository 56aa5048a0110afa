import StreamCore

/// What one decoding subcommand does with a file or standard input: the parser it makes, how it prints an item,
/// and what `--metadata` prints after the items.
///
/// A URL's pages decode the same items, with parsers its paging strategy makes (in `feedstream-network`, which
/// adds the strategy to each command) and the same ``printItem``.
package struct Decoding<Parser: StreamingParser> where Parser.Item: Codable {
    package typealias Item = Parser.Item

    /// Creates the parser for a file or standard input.
    package var makeParser: () -> Parser
    /// The `--metadata` line for a file (`{"feed": …}`, `{"page": …}`); `nil` for subcommands without one.
    package var metadata: ((Parser) -> any Encodable)?
    /// Repairs made in recover mode, printed on standard error after the run.
    package var warnings: (Parser) -> [StreamError] = { _ in [] }
    /// Prints one item.
    package var printItem: (Item, OutputWriter) throws -> Void = { item, output in try output.line(item) }

    package init(
        makeParser: @escaping () -> Parser, metadata: ((Parser) -> any Encodable)? = nil,
        warnings: @escaping (Parser) -> [StreamError] = { _ in [] },
        printItem: @escaping (Item, OutputWriter) throws -> Void = { item, output in try output.line(item) }
    ) {
        self.makeParser = makeParser
        self.metadata = metadata
        self.warnings = warnings
        self.printItem = printItem
    }
}
