import FeedStreamNetworking
import StreamCore

/// What one decoding subcommand does with its input: the parser it makes, how it prints an item, and what
/// `--metadata` prints after the items.
///
/// The closures that run while a response streams in are `@Sendable`: for a URL the parser lives inside
/// FeedStreamNetworking's delegate, on the session's queue, and is made from the response head (its charset
/// and URL). For a file there is no head.
struct Decoding<Parser: NetworkStreamingParser> {
    /// What a response must be for its body to be decoded.
    var requirements = ResponseRequirements.anySuccess
    /// Creates the parser, from the response head when the input is a URL.
    var makeParser: @Sendable (HTTPResponseInfo?) -> Parser
    /// The `--metadata` line (`{"feed": …}`, `{"page": …}`), read from the parser after the end; `nil` for
    /// subcommands that have none.
    var metadata: (@Sendable (Parser) -> (any Encodable & Sendable))?
    /// Repairs made in recover mode, printed on standard error after the run.
    var warnings: @Sendable (Parser) -> [StreamError] = { _ in [] }
    /// Prints one item.
    var printItem: (Parser.Item, OutputWriter) throws -> Void
}

extension Decoding where Parser.Item: Encodable {
    /// Items printed with their `Codable` encoding.
    init(
        requirements: ResponseRequirements = .anySuccess,
        makeParser: @escaping @Sendable (HTTPResponseInfo?) -> Parser,
        metadata: (@Sendable (Parser) -> (any Encodable & Sendable))? = nil,
        warnings: @escaping @Sendable (Parser) -> [StreamError] = { _ in [] }
    ) {
        self.init(
            requirements: requirements, makeParser: makeParser, metadata: metadata, warnings: warnings,
            printItem: { item, output in try output.line(item) })
    }
}
