import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Paging through Twitter search results in each API generation, from the cursors ``TwitterSearchParser``
/// reads into ``TwitterSearchPage``:
///
/// - v1 `next_page` and v1.1 `search_metadata.next_results` are query strings (`?max_id=…&q=…`), resolved
///   against the previous request's URL, so they keep its scheme, host and path;
/// - v2 `meta.next_token` goes into the previous request's query as ``tokenParameter`` (`next_token` for
///   search, `pagination_token` for timelines), every other parameter kept.
///
/// ```swift
/// let pager = Pager(request: URLRequest(url: searchURL), strategy: TwitterSearchPaging(), maximumPages: 3)
/// for try await tweet in pager.items() { show(tweet) }
/// ```
///
/// Twitter's `errors` documents end the run in a `StreamError` of kind `.serviceError`; rate limits (429 with
/// `x-rate-limit-reset`) are waited out by the ``Pager``'s ``RetryPolicy``.
public struct TwitterSearchPaging: PagingStrategy {
    /// The v2 query parameter that carries `meta.next_token`: `next_token` (search, the default) or
    /// `pagination_token` (timelines, likes, followers).
    public var tokenParameter: String
    /// Limits for each page's parser.
    public var limits: StreamLimits

    /// Creates the strategy.
    public init(tokenParameter: String = "next_token", limits: StreamLimits = .default) {
        self.tokenParameter = tokenParameter
        self.limits = limits
    }

    public var requirements: ResponseRequirements { .json }

    public func makeParser(for response: HTTPResponseInfo) -> TwitterSearchParser {
        TwitterSearchParser(options: .init(limits: limits))
    }

    public func summary(of parser: TwitterSearchParser) -> TwitterSearchPage { parser.page }

    public func nextRequest(after page: TwitterSearchPage, page context: PageContext, previous: URLRequest)
        -> URLRequest?
    {
        guard let cursor = page.nextPage, !cursor.isEmpty, let base = previous.url else { return nil }
        if page.format == .v2 {
            return previous.redirected(to: base.settingQueryParameters([tokenParameter: cursor]))
        }
        return URL(string: cursor, relativeTo: base).map { previous.redirected(to: $0.absoluteURL) }
    }

    /// The request for tweets newer than `page` held: v1 / v1.1 `refresh_url` resolved against `previous`'s URL;
    /// for v2 (which has no refresh URL), `previous` with `since_id` set to the page's `newest_id` and the
    /// paging token removed. `nil` when the page gives nothing to refresh from.
    public func refreshRequest(after page: TwitterSearchPage, previous: URLRequest) -> URLRequest? {
        guard let base = previous.url else { return nil }
        if let refresh = page.refreshURL, !refresh.isEmpty {
            return URL(string: refresh, relativeTo: base).map { previous.redirected(to: $0.absoluteURL) }
        }
        guard let newest = page.newestID ?? page.maxID else { return nil }
        return previous.redirected(
            to: base.settingQueryParameters([tokenParameter: nil, "since_id": String(newest)]))
    }
}
