import FeedStreamNetworking
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Conditional GET cache files")
struct ConditionalGETCacheTests {
    @Test func oneFilePerURLNamedBySHA256() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("c-\(UUID().uuidString)/x")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let cache = try ConditionalGETCache(directory: directory)
        let url = URL(string: "https://example.com/feed?page=1")!
        // The SHA-256 of the URL's text, computed apart from swift-crypto (`printf %s "$URL" | sha256sum`).
        let expected = "939db8a0dcca1cb67b3066b50043e099897b1173727dbb52d6159d7717440f3a"
        #expect(cache.fileURL(for: url).lastPathComponent == expected + ".json")
        let folder = cache.fileURL(for: url).deletingLastPathComponent()
        #expect(folder.standardizedFileURL.path == directory.standardizedFileURL.path)
        let entry = CachedPage(
            url: url, entityTag: "\"1\"", lastModified: nil, response: HTTPResponseInfo(statusCode: 200),
            items: ["a", "b"], summary: 2)
        try cache.store(entry)
        #expect(cache.entry(for: url, as: CachedPage<String, Int>.self) == entry)
        #expect(cache.entry(for: url, as: CachedPage<Int, Int>.self) == nil, "other types: a miss")
        #expect(cache.entry(for: URL(string: "https://example.com/feed?page=2")!, as: CachedPage<String, Int>.self)
            == nil)
        try cache.removeEntry(for: url)
        #expect(cache.entry(for: url, as: CachedPage<String, Int>.self) == nil)
    }
}
