import AtomStream
import FeedStreamNetworking
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a feed reader or podcast app does with a URL, in one call each: one transport, limits and origin policy
/// shared by every call, so consecutive calls reuse connections.
///
/// ```swift
/// let client = FeedClient()
/// for try await entry in client.entries(at: url) { show(entry) }              // the first page, any format
/// for try await entry in client.entries(at: url, pages: nil) { show(entry) }  // every page
/// ```
///
/// Any syndication format is read (Atom, RSS 0.9x/1.0/2.0, Atom 0.3, JSON Feed: sniffed from the first bytes),
/// `html` and `xhtml` text constructs come sanitized (unless ``options`` say otherwise), and transfers are
/// compressed (``TransferLimits/maximumInflation`` and ``TransferLimits/maximumBodyBytes`` bound what a body may
/// inflate to).
public struct FeedClient: Sendable {
    /// What sends the requests (default ``DefaultHTTPTransport``).
    public var transport: any HTTPTransport
    /// The idle timeout, deadline, buffer high-water mark and inflation bounds of every transfer.
    public var limits: TransferLimits
    /// Where credentials may go, which redirects are followed and which next pages are fetched.
    public var originPolicy: OriginPolicy
    /// Adds credentials to requests that stay where ``originPolicy`` lets them go; `nil` for public feeds.
    public var authorizer: (any RequestAuthorizer)?
    /// When a 429 or 503 is sent again within one call.
    public var retryPolicy: RetryPolicy
    /// How feeds are read (sanitizing, recovery, limits); each response sets the base URL and default encoding.
    public var options: FeedParser.Options
    /// Header fields sent with every request (a `User-Agent` that names the app, say).
    ///
    /// A ``FeedRefresher`` sends them to every subscription's host, so there they never carry credentials:
    /// `Authorization`, `Cookie` and `Proxy-Authorization` are dropped from a refresher's requests (a
    /// subscription's own go in ``FeedRefresher/authorization`` and ``FeedRefresher/headers``).
    public var headers: [String: String]

    /// Creates a client; nothing is sent until a call is made.
    public init(
        transport: any HTTPTransport = DefaultHTTPTransport(), limits: TransferLimits = .init(),
        originPolicy: OriginPolicy = .init(), authorizer: (any RequestAuthorizer)? = nil,
        retryPolicy: RetryPolicy = .init(), options: FeedParser.Options = .init(), headers: [String: String] = [:]
    ) {
        self.transport = transport
        self.limits = limits
        self.originPolicy = originPolicy
        self.authorizer = authorizer
        self.retryPolicy = retryPolicy
        self.options = options
        self.headers = headers
    }

    /// The entries of the feed at `url`, each as soon as it is decoded, following its paging (``FeedPaging``:
    /// `rel="next"`, JSON Feed's `next_url`, OpenSearch) for up to `pages` pages — every page when `nil`.
    ///
    /// The body is read only as fast as entries are taken; a fault (``HTTPTransportError``,
    /// ``HTTPResponseError``, the parser's `StreamError`) is thrown after every entry decoded before it.
    public func entries(at url: URL, pages: Int? = 1) -> AsyncThrowingStream<AtomEntry, any Error> {
        pager(for: url, pages: pages).items()
    }

    /// The ``Pager`` behind ``entries(at:pages:)``: for the pages whole, their feed metadata, or every event.
    public func pager(for url: URL, pages: Int? = 1) -> Pager<FeedPaging> {
        Pager(
            request: request(for: url), strategy: FeedPaging(options: options), maximumPages: pages,
            authorizer: authorizer, retryPolicy: retryPolicy, transport: transport, limits: limits,
            originPolicy: originPolicy)
    }

    /// A GET of `url` with ``headers``: what every call sends first.
    package func request(for url: URL) -> URLRequest {
        request(for: url, keeping: { _ in true })
    }

    /// A GET of `url` with ``headers`` but the credentials among them: what a ``FeedRefresher`` sends a
    /// subscription, whose credentials are its own.
    package func subscriptionRequest(for url: URL) -> URLRequest {
        request(for: url) { !Self.credentialFields.contains($0.lowercased()) }
    }

    /// The header fields that carry credentials (lowercased): never sent from ``headers`` to a subscription.
    package static let credentialFields: Set<String> = ["authorization", "cookie", "proxy-authorization"]

    private func request(for url: URL, keeping keeps: (String) -> Bool) -> URLRequest {
        var request = URLRequest(url: url)
        for (name, value) in headers where keeps(name) { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }
}
