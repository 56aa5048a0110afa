import AtomStream
import Foundation

extension FeedClient {
    /// Finds the feeds behind an address a person pasted, with this client's transport and limits: the address
    /// itself when it is a feed (with its home page's metadata), else the page's `<link rel="alternate">` feeds,
    /// its body links, or well-known paths under the page's directory and the site's root (``FeedFinder``), ranked,
    /// with the page's title and icons.
    public func find(_ pasted: URL) async throws -> FoundFeeds {
        try await FeedFinder(transport: transport, limits: limits).find(pasted)
    }

    /// Finds the feeds behind pasted text: `feed:` URLs, a host with no scheme, white space and `<…>` around it
    /// (``PastedAddress``), as `FeedFinder.find(_:)` does with text.
    public func find(_ pasted: String) async throws -> FoundFeeds {
        try await FeedFinder(transport: transport, limits: limits).find(pasted)
    }
}
