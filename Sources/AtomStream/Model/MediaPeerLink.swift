/// `media:peerLink`: the object on a peer-to-peer network (a torrent, …).
public struct MediaPeerLink: Sendable, Hashable, Codable {
    /// `href`, resolved.
    public var href: String
    /// `type`: the media type (`application/x-bittorrent`).
    public var type: String?

    /// Creates a peer link.
    public init(href: String, type: String? = nil) {
        self.href = href
        self.type = type
    }
}
