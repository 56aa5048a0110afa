import Foundation
import StreamCore

/// One page kept by a ``ConditionalGETCache``: the validators the server sent with it and the items and summary
/// decoded from it, so that a `304 Not Modified` can be answered without the body.
public struct CachedPage<Item: Codable & Sendable, Summary: Codable & Sendable>: Sendable, Codable {
    /// The URL the page was fetched from (the cache key).
    public var url: URL
    /// The `ETag` the server sent, sent back as `If-None-Match`.
    public var entityTag: String?
    /// The `Last-Modified` the server sent, sent back as `If-Modified-Since`.
    public var lastModified: String?
    /// When the page was stored.
    public var storedAt: Date
    /// The response head the page came with.
    public var response: HTTPResponseInfo
    /// The page's items, in document order.
    public var items: [Item]
    /// The page's summary (`AtomFeed`, `TwitterSearchPage`, …), for paging on from a cached page.
    public var summary: Summary

    /// Creates an entry.
    public init(
        url: URL, entityTag: String?, lastModified: String?, storedAt: Date = Date(), response: HTTPResponseInfo,
        items: [Item], summary: Summary
    ) {
        self.url = url
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.storedAt = storedAt
        self.response = response
        self.items = items
        self.summary = summary
    }

    /// Whether the entry can make a request conditional at all.
    public var hasValidators: Bool { entityTag != nil || lastModified != nil }
}

extension CachedPage: Equatable where Item: Equatable, Summary: Equatable {}
extension CachedPage: Hashable where Item: Hashable, Summary: Hashable {}
