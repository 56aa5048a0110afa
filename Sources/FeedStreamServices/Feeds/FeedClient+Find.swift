import AtomStream
import Foundation

extension FeedClient {
    /// Finds the feeds behind an address a person pasted, with this client's transport and limits: the address
    /// itself when it is a feed, else the page's head links, its body links, or the site's well-known paths
    /// (``FeedFinder``), and the page's title and icons.
    public func find(_ pasted: URL) async throws -> FoundFeeds {
        try await FeedFinder(transport: transport, limits: limits).find(pasted)
    }
}
