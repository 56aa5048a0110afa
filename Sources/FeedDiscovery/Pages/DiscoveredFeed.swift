/// A feed an HTML page links to: `<link rel="alternate" type="application/rss+xml" href="…" title="…">`, or one
/// ``FeedFinder`` found another way (``source``).
public struct DiscoveredFeed: Sendable, Hashable, Codable {
    /// Where a feed was found.
    public enum Source: String, Sendable, Hashable, Codable {
        /// The address given was the feed itself.
        case `self`
        /// A `<link rel="alternate">` in the page's head.
        case head
        /// An `<a href>` in the page's body that looks like a feed.
        case body
        /// A well-known path on the site (`/feed`, `/rss.xml`, …), tried because the page links to none.
        case guess
    }

    /// The feed's address, resolved against the page's `<base href>` and URL.
    public var url: String
    /// The feed's media type, lowercase and without parameters: `application/rss+xml`, `application/atom+xml`,
    /// `application/rdf+xml`, `application/feed+json` or `application/json`. For a body link, a guess from the
    /// address until ``FeedFinder`` has read the feed's first bytes; `nil` for a `<link rel="alternate">` that
    /// declares no type (left out of the JSON, as NetNewsWire leaves it unset), until ``FeedFinder`` has read it.
    public var type: String?
    /// The link's `title`, when it has one (a site with several feeds names them: "Comments", "Posts").
    public var title: String?
    /// Where the feed was found: `head` for every link ``FeedLinkParser`` reads in a page's head.
    public var source: Source

    /// Creates a discovered feed.
    public init(url: String, type: String?, title: String? = nil, source: Source = .head) {
        self.url = url
        self.type = type
        self.title = title
        self.source = source
    }

    private enum CodingKeys: String, CodingKey {
        case url, type, title, source
    }

    /// A value stored before ``source`` existed reads as a head link, and one stored with an empty `type` (before
    /// a typeless link's type was `nil`) as typeless.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(String.self, forKey: .url)
        type = try container.decodeIfPresent(String.self, forKey: .type).flatMap { $0.isEmpty ? nil : $0 }
        title = try container.decodeIfPresent(String.self, forKey: .title)
        source = try container.decodeIfPresent(Source.self, forKey: .source) ?? .head
    }
}
