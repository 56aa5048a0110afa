import Foundation
import StreamCore

/// A ``ConditionalGETCache`` bound to the item and summary types of one ``Pager``, so that the engine, which
/// does not require `Codable`, can use it.
struct PageCacheBinding<Item: Sendable, Summary: Sendable>: Sendable {
    /// A stored page, as the engine needs it.
    struct Entry: Sendable {
        var entityTag: String?
        var lastModified: String?
        var items: [Item]
        var summary: Summary
    }

    let load: @Sendable (URL) -> Entry?
    let store: @Sendable (URL, HTTPResponseInfo, [Item], Summary) throws -> Void
    let remove: @Sendable (URL) throws -> Void
}

extension PageCacheBinding where Item: Codable, Summary: Codable {
    init(_ cache: ConditionalGETCache) {
        load = { url in
            guard let entry = cache.entry(for: url, as: CachedPage<Item, Summary>.self), entry.hasValidators
            else { return nil }
            return Entry(
                entityTag: entry.entityTag, lastModified: entry.lastModified, items: entry.items,
                summary: entry.summary)
        }
        store = { url, response, items, summary in
            try cache.store(
                CachedPage(
                    url: url, entityTag: response.header("ETag"), lastModified: response.header("Last-Modified"),
                    response: response, items: items, summary: summary))
        }
        remove = { url in try cache.removeEntry(for: url) }
    }
}
