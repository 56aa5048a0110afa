import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Paging through an IBM Connections Atom feed: the feed's `rel="next"` link when it has one, else OpenSearch
/// arithmetic — the next `page` (or start index `sI`) while `totalResults` says entries remain.
///
/// ```swift
/// let pager = Pager(request: try query.request(), strategy: ConnectionsPaging(), maximumPages: 10)
/// for try await entry in pager.items() { show(entry) }
/// ```
///
/// A `snx:error` body (with a 4xx/5xx, or with a 200 from an old server) ends the run in a `StreamError` of kind
/// `.serviceError` carrying the server's code and message — inside ``HTTPResponseError/serviceError`` for a
/// refused response. The entries of earlier pages have been delivered by then.
public struct ConnectionsPaging: PagingStrategy {
    /// Parser options; each page's `baseURL` and `defaultEncoding` come from its response.
    public var options: AtomParser.Options

    /// Creates the strategy.
    public init(options: AtomParser.Options = .init()) {
        self.options = options
    }

    public var requirements: ResponseRequirements { .xml }

    public func makeParser(for response: HTTPResponseInfo) -> AtomParser {
        AtomParser(options: options.reading(response))
    }

    public func summary(of parser: AtomParser) -> AtomFeed { parser.feed }

    public func nextRequest(after feed: AtomFeed, page: PageContext, previous: URLRequest) -> URLRequest? {
        Self.nextRequest(after: feed, itemCount: page.itemCount, previous: previous)
    }

    /// The request for the page after one whose metadata is `feed`: the generic feed paging of
    /// ``FeedPaging/nextRequest(after:itemCount:previous:)``, which Connections feeds follow.
    public static func nextRequest(after feed: AtomFeed, itemCount: Int, previous: URLRequest) -> URLRequest? {
        FeedPaging.nextRequest(after: feed, itemCount: itemCount, previous: previous)
    }

    /// The next page by OpenSearch arithmetic: ``FeedPaging/nextOpenSearchURL(after:itemCount:previous:)``.
    public static func nextOpenSearchURL(after feed: AtomFeed, itemCount: Int, previous: URL?) -> URL? {
        FeedPaging.nextOpenSearchURL(after: feed, itemCount: itemCount, previous: previous)
    }
}
