import AtomStream
import FeedStreamNetworking
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Pages of a feed of any format read by `FeedParser`: `rel="next"` (Atom, or `atom:link` inside RSS), JSON Feed's
/// `next_url`, else OpenSearch arithmetic. The rules work on any `AtomFeed`; ``ConnectionsPaging`` and
/// ``FeedClient`` page with them.
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
        Self.nextRequest(after: feed, itemCount: page.itemCount, previous: previous)
    }

    /// The request for the page after one whose metadata is `feed`: its `rel="next"` link, resolved against the
    /// previous URL, else OpenSearch arithmetic (``nextOpenSearchURL(after:itemCount:previous:)``). Works for
    /// any `AtomFeed`, so a parser of any syndication format can page with it; the request keeps
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
