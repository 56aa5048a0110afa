import Foundation
import StreamCore

/// One page as the paging engine delivered it: its items, in document order, and what its end said.
public struct Page<Item: Sendable, Summary: Sendable>: Sendable {
    /// The page's items, in document order.
    public var items: [Item]
    /// The page's number, response and summary.
    public var metadata: PageMetadata<Summary>

    /// Creates a page.
    public init(items: [Item], metadata: PageMetadata<Summary>) {
        self.items = items
        self.metadata = metadata
    }

    /// What the page's end said about paging: `parser.feed`, `parser.page`.
    public var summary: Summary { metadata.summary }
}

extension Page: Equatable where Item: Equatable, Summary: Equatable {}
extension Page: Hashable where Item: Hashable, Summary: Hashable {}
extension Page: Codable where Item: Codable, Summary: Codable {}

/// Everything about a page but its items.
public struct PageMetadata<Summary: Sendable>: Sendable {
    /// The page's number in this run, from 1.
    public var number: Int
    /// The URL the page was asked for.
    public var requestURL: URL?
    /// The response head: for a page from the cache, the 304's.
    public var response: HTTPResponseInfo
    /// What the page's end said: `parser.feed`, `parser.page`.
    public var summary: Summary
    /// How many items the page held.
    public var itemCount: Int
    /// Whether the server answered `304 Not Modified` and the items came from the ``ConditionalGETCache``.
    public var isFromCache: Bool
    /// How many times the request was sent again after a 429 or 503 before this answer.
    public var retries: Int
    /// The body bytes received for the page (0 for a page from the cache).
    public var bodyBytes: Int64

    /// Creates page metadata.
    public init(
        number: Int, requestURL: URL?, response: HTTPResponseInfo, summary: Summary, itemCount: Int,
        isFromCache: Bool = false, retries: Int = 0, bodyBytes: Int64 = 0
    ) {
        self.number = number
        self.requestURL = requestURL
        self.response = response
        self.summary = summary
        self.itemCount = itemCount
        self.isFromCache = isFromCache
        self.retries = retries
        self.bodyBytes = bodyBytes
    }
}

extension PageMetadata: Equatable where Summary: Equatable {}
extension PageMetadata: Hashable where Summary: Hashable {}
extension PageMetadata: Codable where Summary: Codable {}

/// What the paging engine reports, in order for each page: ``response(_:page:)``, then ``items(_:page:)`` as
/// the body streams in (or all at once from the cache), then ``pageEnded(_:)``. ``retrying(after:error:page:)``
/// comes before a request is sent again.
public enum PagingEvent<Item: Sendable, Summary: Sendable>: Sendable {
    /// A page's response head was accepted (or a 304 was answered from the cache).
    case response(HTTPResponseInfo, page: Int)
    /// Items of a page, in document order, as soon as the parser completed them (never empty).
    case items([Item], page: Int)
    /// A page ended: its body was validated and its summary read.
    case pageEnded(PageMetadata<Summary>)
    /// The server answered `error` (a 429 or 503); the request will be sent again after `seconds`.
    case retrying(after: TimeInterval, error: HTTPResponseError, page: Int)
}
