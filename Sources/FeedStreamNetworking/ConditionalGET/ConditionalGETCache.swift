import Crypto
import Foundation
import StreamCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An on-disk cache for conditional GET: per URL, the `ETag` / `Last-Modified` of the last `200` and the items
/// decoded from it.
///
/// ```swift
/// let cache = try ConditionalGETCache(directory: cachesFolder.appendingPathComponent("feeds"))
/// let pager = Pager(request: query.request(), strategy: ConnectionsPaging()).caching(in: cache)
/// for try await entry in pager.items() { show(entry) }   // a 304 replays the stored entries
/// ```
///
/// A request to a cached URL is sent with `If-None-Match` and `If-Modified-Since`; a `304 Not Modified` is
/// answered with the stored items and summary, a `200` replaces the entry. The IBM Connections API guide asks
/// clients to do exactly this instead of fetching unchanged feeds again.
///
/// Each URL is one JSON file named by the SHA-256 of the URL, written atomically, so several processes may
/// share a directory. Keys are URLs only: give each identity (each user's credentials) a directory of its own
/// when the service answers differently per user. An entry that cannot be read (written by another version, or
/// for other item types) counts as absent.
public struct ConditionalGETCache: Sendable, Hashable {
    /// The directory holding one file per URL.
    public let directory: URL

    /// Uses `directory`, creating it (and its parents) when missing.
    public init(directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The file holding the entry for `url`: `<SHA-256 of the URL, hex>.json`.
    public func fileURL(for url: URL) -> URL {
        let digest = SHA256.hash(data: Data(url.absoluteString.utf8))
        let name = digest.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        return directory.appendingPathComponent(name + ".json")
    }

    /// The entry stored for `url`, or `nil` when there is none or it cannot be decoded as these types.
    public func entry<Item, Summary>(
        for url: URL, as type: CachedPage<Item, Summary>.Type = CachedPage<Item, Summary>.self
    ) -> CachedPage<Item, Summary>? {
        guard let data = try? Data(contentsOf: fileURL(for: url)),
            let entry = try? JSONDecoder().decode(CachedPage<Item, Summary>.self, from: data),
            entry.url == url
        else { return nil }
        return entry
    }

    /// Stores `entry` under its URL, replacing any entry there.
    public func store<Item, Summary>(_ entry: CachedPage<Item, Summary>) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try encoder.encode(entry).write(to: fileURL(for: entry.url), options: .atomic)
    }

    /// Removes the entry for `url`, if any.
    public func removeEntry(for url: URL) throws {
        let file = fileURL(for: url)
        if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
