import Foundation
import StreamCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Follows a service's paging: fetches a first request, streams each page's items as they arrive, and asks the
/// ``PagingStrategy`` for the next request from what the page's end said.
///
/// ```swift
/// let pager = Pager(
///     request: try ConnectionsQuery(url: updatesURL, pageSize: 50).request(),
///     strategy: ConnectionsPaging(), maximumPages: 5, authorizer: HTTPBasicAuthorizer(username: u, password: p))
/// for try await entry in pager.items() { show(entry) }          // every page's entries, in order
/// for try await page in pager.pages() { show(page.items, page.summary.totalResults) }
/// ```
///
/// Each page is one streamed transfer through ``transport`` (one for the whole run, so pages reuse its
/// connection): items reach the consumer while the page's body is still arriving, the body is read only as fast
/// as the consumer takes items, and the next page is requested only after the previous one ended and validated.
/// The sequences end after ``maximumPages`` pages, when the strategy finds no next page, or when it would ask for
/// a request already sent in this run (a server repeating its `next` link cannot make the pager loop).
///
/// - Authorisation: ``authorizer`` is applied to every request right before it is sent — first pages, next
///   pages and retries — so a signature's timestamp and nonce are fresh each time.
/// - Origins: credentials go only to the first request's origin and ``OriginPolicy/allowedHosts``; a next page
///   elsewhere ends the run with ``HTTPTransportError/Kind-swift.enum/originNotAllowed`` after every item before it.
/// - Retries: a 429 or 503 is sent again as ``retryPolicy`` says; any other refusal, an ``HTTPTransportError`` or
///   a decoding error ends the sequence, after every item decoded before it.
/// - Conditional GET: with ``caching(in:)``, GET requests carry the cached validators and a 304 replays the
///   cached items.
/// - Cancellation: when the consumer stops iterating (breaks out, or its task is cancelled) the data task in
///   flight is cancelled and no further page is requested; a retry's wait ends at once.
public struct Pager<Strategy: PagingStrategy>: Sendable {
    /// The items of every page.
    public typealias Item = Strategy.Parser.Item
    /// What each page's end says.
    public typealias Summary = Strategy.Summary

    /// The first page's request (without credentials: the ``authorizer`` adds them).
    public var request: URLRequest
    /// The service's paging.
    public var strategy: Strategy
    /// How many pages to fetch at most; `nil` follows the paging to its end. Values below 1 count as 1.
    public var maximumPages: Int?
    /// Adds credentials to every request sent.
    public var authorizer: (any RequestAuthorizer)?
    /// When to send a request again after a 429 or 503.
    public var retryPolicy: RetryPolicy
    /// What sends the requests: one transport for the whole run, so pages reuse its connections.
    public var transport: any HTTPTransport
    /// The idle timeout, the run's deadline and the buffer's high-water mark.
    public var limits: TransferLimits
    /// Where credentials may go, which redirects are followed and which next pages are fetched: by default only
    /// the first request's origin (see ``OriginPolicy``).
    public var originPolicy: OriginPolicy
    /// The conditional-GET cache, set by ``caching(in:)`` (only for `Codable` items and summaries).
    var cache: PageCacheBinding<Item, Summary>?

    /// Creates a pager; nothing is sent until a sequence is iterated.
    ///
    /// - Parameters:
    ///   - transport: what sends the requests (default ``DefaultHTTPTransport``).
    ///   - limits: the idle timeout (default 30 s), the run's deadline (default none), the buffer's high-water mark.
    ///   - originPolicy: where credentials and paging may go (default: the first request's origin only).
    public init(
        request: URLRequest, strategy: Strategy, maximumPages: Int? = nil,
        authorizer: (any RequestAuthorizer)? = nil, retryPolicy: RetryPolicy = RetryPolicy(),
        transport: any HTTPTransport = DefaultHTTPTransport(), limits: TransferLimits = TransferLimits(),
        originPolicy: OriginPolicy = OriginPolicy()
    ) {
        self.request = request
        self.strategy = strategy
        self.maximumPages = maximumPages.map { max(1, $0) }
        self.authorizer = authorizer
        self.retryPolicy = retryPolicy
        self.transport = transport
        self.limits = limits
        self.originPolicy = originPolicy
    }

    /// Creates a pager whose pages go through a ``URLSessionTransport`` with `configuration`; its request timeout is
    /// the idle timeout.
    public init(
        request: URLRequest, strategy: Strategy, maximumPages: Int? = nil,
        authorizer: (any RequestAuthorizer)? = nil, retryPolicy: RetryPolicy = RetryPolicy(),
        configuration: URLSessionConfiguration
    ) {
        self.init(
            request: request, strategy: strategy, maximumPages: maximumPages, authorizer: authorizer,
            retryPolicy: retryPolicy, transport: URLSessionTransport(configuration: configuration),
            limits: TransferLimits(sessionConfiguration: configuration))
    }

    /// Every event of the run: response heads, items as they stream in, page ends, retries.
    ///
    /// The first request is sent at once; each page's body is read only as fast as events are taken. Errors are thrown
    /// after every event that preceded them.
    public func events() -> AsyncThrowingStream<PagingEvent<Item, Summary>, any Error> {
        let pager = self
        return handOffStream(limits: limits, transform: { (event: PagingEvent<Item, Summary>) in [event] }) {
            send, watchdog in
            try await pager.run(watchdog: watchdog, send)
        }
    }

    /// The items of every page, in order, each as soon as its page's parser completed it.
    public func items() -> AsyncThrowingStream<Item, any Error> {
        let pager = self
        return handOffStream(limits: limits, transform: { (items: [Item]) in items }) { send, watchdog in
            try await pager.run(watchdog: watchdog) { event in
                if case .items(let items, _) = event { try await send(items) }
            }
        }
    }

    /// Each page whole — its items, response and summary — once the page has ended.
    ///
    /// A page's items are held until its end, so memory grows with the page size; use ``items()`` or
    /// ``events()`` to handle items as they arrive.
    public func pages() -> AsyncThrowingStream<Page<Item, Summary>, any Error> {
        let pager = self
        return handOffStream(limits: limits, transform: { (page: Page<Item, Summary>) in [page] }) {
            send, watchdog in
            let collected = PageCollector<Item>()
            try await pager.run(watchdog: watchdog) { event in
                switch event {
                case .items(let items, _): collected.append(items)
                case .pageEnded(let metadata): try await send(Page(items: collected.take(), metadata: metadata))
                case .response, .retrying: break
                }
            }
        }
    }
}

extension Pager where Item: Codable, Summary: Codable {
    /// This pager with conditional GET through `cache` (none when `nil`): GET requests send the stored
    /// `ETag` / `Last-Modified`, a `304` yields the stored items and summary, a `200` with validators replaces
    /// the entry.
    public func caching(in cache: ConditionalGETCache?) -> Pager {
        var pager = self
        pager.cache = cache.map(PageCacheBinding.init)
        return pager
    }
}

/// Gathers a page's items for ``Pager/pages()``. `@unchecked Sendable`: only touched from the run's events,
/// which one task delivers one at a time, in order.
private final class PageCollector<Item>: @unchecked Sendable {
    private var items: [Item] = []

    func append(_ more: [Item]) { items += more }

    func take() -> [Item] {
        defer { items = [] }
        return items
    }
}
