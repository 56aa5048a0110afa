/// `podcast:contentLink`: a page where the content of a live item (or an item) can be played when the app cannot
/// play the stream itself — the stream on YouTube, Twitch or the podcaster's site.
public struct PodcastContentLink: Sendable, Hashable, Codable {
    /// `href`, resolved.
    public var href: String
    /// The element's text: what the link offers (`Listen Live!`).
    public var title: String?

    /// Creates a content link.
    public init(href: String, title: String? = nil) {
        self.href = href
        self.title = title
    }
}
