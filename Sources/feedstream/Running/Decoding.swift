import FeedStreamNetworking
import StreamCore

/// What one decoding subcommand does with its input: the parser it makes for a file, the paging strategy it
/// follows for a URL, how it prints an item, and what `--metadata` prints after the items.
///
/// Both ways decode the same items. For a URL each page's parser is made by the strategy inside
/// FeedStreamNetworking's delegate, from the page's response head (its charset and URL), and `--metadata`
/// reads the last page's summary; for a file `--metadata` reads the parser after its end.
struct Decoding<Parser: StreamingParser, Strategy: PagingStrategy>
where Strategy.Parser.Item == Parser.Item, Parser.Item: Codable, Strategy.Summary: Codable {
    typealias Item = Parser.Item

    /// Creates the parser for a file or standard input.
    var makeParser: () -> Parser
    /// The `--metadata` line for a file (`{"feed": …}`, `{"page": …}`); `nil` for subcommands without one.
    var metadata: ((Parser) -> any Encodable)?
    /// Repairs made in recover mode, printed on standard error after the run.
    var warnings: (Parser) -> [StreamError] = { _ in [] }
    /// Pages of a URL: how each is decoded and how the next is asked for.
    var strategy: Strategy
    /// The `--metadata` line for a URL, from the last page's summary.
    var pageMetadata: ((Strategy.Summary) -> any Encodable)?
    /// Prints one item.
    var printItem: (Item, OutputWriter) throws -> Void = { item, output in try output.line(item) }
}
