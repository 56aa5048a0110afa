/// A feed an HTML page links to: `<link rel="alternate" type="application/rss+xml" href="…" title="…">`.
public struct DiscoveredFeed: Sendable, Hashable, Codable {
    /// The feed's address, resolved against the page's `<base href>` and URL.
    public var url: String
    /// The feed's media type, lowercase and without parameters: `application/rss+xml`, `application/atom+xml`,
    /// `application/rdf+xml`, `application/feed+json` or `application/json`.
    public var type: String
    /// The link's `title`, when it has one (a site with several feeds names them: "Comments", "Posts").
    public var title: String?

    /// Creates a discovered feed.
    public init(url: String, type: String, title: String? = nil) {
        self.url = url
        self.type = type
        self.title = title
    }
}
