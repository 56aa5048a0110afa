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

    /// The request for the page after one whose metadata is `feed`: its `rel="next"` link, resolved against the
    /// previous URL, else OpenSearch arithmetic (``nextOpenSearchURL(after:itemCount:previous:)``). Works for
    /// any `AtomFeed`, so a feed parser of any syndication format can page with it; the request keeps
    /// `previous`'s method and header fields.
    public static func nextRequest(after feed: AtomFeed, itemCount: Int, previous: URLRequest) -> URLRequest? {
        if let next = feed.nextURL {
            return URL(string: next, relativeTo: previous.url).map { previous.redirected(to: $0.absoluteURL) }
        }
        return nextOpenSearchURL(after: feed, itemCount: itemCount, previous: previous.url)
            .map(previous.redirected(to:))
    }

    /// The next page by OpenSearch arithmetic, or `nil` when the feed has no totals or nothing remains.
    ///
    /// With `sI` in the previous URL the next start index is `sI + itemsPerPage`, and entries remain while
    /// `startIndex - 1 + itemsPerPage < totalResults` (OpenSearch indices start at 1); otherwise the next `page`
    /// is the previous one (1 when absent) plus one, while `page × itemsPerPage < totalResults`. An empty page
    /// ends the paging whatever the totals say.
    public static func nextOpenSearchURL(after feed: AtomFeed, itemCount: Int, previous: URL?) -> URL? {
        guard let previous, itemCount > 0, let total = feed.totalResults else { return nil }
        guard let perPage = feed.itemsPerPage ?? previous.queryValue("ps").flatMap({ Int($0) }), perPage > 0
        else { return nil }
        if let startText = previous.queryValue("sI"), let start = Int(startText) {
            let first = feed.startIndex ?? start
            guard first - 1 + perPage < total else { return nil }
            return previous.settingQueryParameters(["sI": String(start + perPage)])
        }
        let current = previous.queryValue("page").flatMap { Int($0) } ?? 1
        guard current * perPage < total else { return nil }
        return previous.settingQueryParameters(["page": String(current + 1)])
    }
}
