import AtomStream
import Foundation

/// What ``FeedFinder`` found for a pasted address: the feeds, where each came from, the page's metadata, and what
/// finding them cost.
public struct FoundFeeds: Sendable, Hashable, Codable {
    /// The feeds, best first (``DiscoveredFeed/ranked(_:)``): the address itself, else the page's declared links
    /// (typeless ones confirmed), else confirmed body links, else the first well-known path that answered with a
    /// feed.
    public var feeds: [DiscoveredFeed]
    /// The page's title, icons, preview image and hubs; when the address was a feed itself, its home page's (the
    /// feed's `link`), or just the site's root address and the feed's title when that cannot be read.
    /// ``FeedLinkParser/PageMetadata/bestIcon(minimumSize:)`` picks the icon to show.
    public var page: FeedLinkParser.PageMetadata?
    /// The address after redirects.
    public var url: URL?
    /// Body bytes received over every request made (the page's and each candidate's first bytes): bounded by the
    /// finder's ``FeedFinder/Budget``.
    public var bytesFetched: Int
    /// Requests made (redirects followed count as one).
    public var requests: Int

    /// Creates a result.
    public init(
        feeds: [DiscoveredFeed], page: FeedLinkParser.PageMetadata? = nil, url: URL? = nil, bytesFetched: Int = 0,
        requests: Int = 0
    ) {
        self.feeds = feeds
        self.page = page
        self.url = url
        self.bytesFetched = bytesFetched
        self.requests = requests
    }
}
