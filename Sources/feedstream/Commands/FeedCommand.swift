import ArgumentParser
import AtomStream
import FeedStreamNetworking
import FeedStreamServices
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `feedstream feed`: any syndication format — Atom 1.0 / 0.3, RSS 0.9x / 1.0 / 2.0 — sniffed from the root.
struct FeedCommand: DecodingCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Decode an Atom or RSS feed (the format is sniffed): one JSON line per entry or item.")

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var metadataOption: MetadataOption
    @Flag(help: "Repair ill-formed XML with libxml2's recover mode; each repair is listed on standard error.")
    var recover = false
    @OptionGroup(title: "Fetching a URL") var remote: RemoteOptions

    var metadataRequested: Bool { metadataOption.metadata }

    func validate() throws { try validateRemote() }

    func run() async throws {
        let options = FeedParser.Options(recover: recover)
        try await run(
            Decoding(
                makeParser: { FeedParser(options: options) }, metadata: { ["feed": $0.feed] },
                warnings: { $0.warnings }, strategy: FeedPaging(options: options), pageMetadata: { ["feed": $0] }))
    }
}

/// Pages of a feed of any format: `rel="next"` (Atom, or `atom:link` inside RSS), else OpenSearch arithmetic —
/// the rules of ``ConnectionsPaging``, which work on any `AtomFeed`.
struct FeedPaging: PagingStrategy {
    /// Parser options; each page's `baseURL` and `defaultEncoding` come from its response.
    var options: FeedParser.Options

    var requirements: ResponseRequirements { .xml }

    func makeParser(for response: HTTPResponseInfo) -> FeedParser {
        var options = options
        options.baseURL = response.url?.absoluteString ?? options.baseURL
        options.defaultEncoding = response.charset ?? options.defaultEncoding
        return FeedParser(options: options)
    }

    func summary(of parser: FeedParser) -> AtomFeed { parser.feed }

    func nextRequest(after feed: AtomFeed, page: PageContext, previous: URLRequest) -> URLRequest? {
        ConnectionsPaging.nextRequest(after: feed, itemCount: page.itemCount, previous: previous)
    }
}
