import ArticleExtraction
import FeedStreamNetworking
import Foundation

extension FeedClient {
    /// The article of the page at `url`, for an entry whose feed sends only a summary: fetched with this client's
    /// transport, limits, headers, retries and origin policy (credentials only where they may go, redirects
    /// followed by its rules), and extracted as the body arrives (``ArticleExtractor``), against the page's final
    /// URL and its HTTP `charset`.
    ///
    /// - Parameter rules: site rules tried before the general method for the page's host.
    /// - Throws: ``HTTPTransportError``, ``HTTPResponseError`` for a non-2xx answer.
    public func article(at url: URL, rules: [SiteRule] = []) async throws -> Article {
        let strategy = ClosurePaging.singlePage { response in
            ArticleExtractor(
                options: .init(baseURL: response.url ?? url, rules: rules, defaultEncoding: response.charset))
        }
        let pager = Pager(
            request: request(for: url), strategy: strategy, maximumPages: 1, authorizer: authorizer,
            retryPolicy: retryPolicy, transport: transport, limits: limits, originPolicy: originPolicy)
        for try await article in pager.items() { return article }
        // An extractor gives its article at the end of every body it is handed; none means no body was.
        return Article()
    }
}
