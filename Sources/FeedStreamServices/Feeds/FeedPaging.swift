import AtomStream
import FeedStreamNetworking
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Pages of a feed of any format read by `FeedParser`: `rel="next"` (Atom, or `atom:link` inside RSS), JSON Feed's
/// `next_url`, else OpenSearch arithmetic — the rules of ``ConnectionsPaging``, which work on any `AtomFeed`.
///
/// ```swift
/// for try await item in Pager(request: URLRequest(url: feedURL), strategy: FeedPaging(), maximumPages: 5).items() {
///     show(item)
/// }
/// ```
public struct FeedPaging: PagingStrategy {
    /// Parser options; each page's `baseURL` and `defaultEncoding` come from its response.
    public var options: FeedParser.Options

    /// Creates the strategy.
    public init(options: FeedParser.Options = .init()) {
        self.options = options
    }

    /// XML media types (and every `…+xml`) for Atom and RSS, JSON ones (and every `…+json`, such as JSON Feed's
    /// `application/feed+json`) for JSON Feed; a response without a `Content-Type` is read too.
    public var requirements: ResponseRequirements {
        ResponseRequirements(acceptedMediaTypes: ["application/xml", "text/xml", "application/json", "text/json"])
    }

    public func makeParser(for response: HTTPResponseInfo) -> FeedParser {
        FeedParser(options: options.reading(response))
    }

    public func summary(of parser: FeedParser) -> AtomFeed { parser.feed }

    public func nextRequest(after feed: AtomFeed, page: PageContext, previous: URLRequest) -> URLRequest? {
        ConnectionsPaging.nextRequest(after: feed, itemCount: page.itemCount, previous: previous)
    }
}
