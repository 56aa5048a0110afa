/// `media:subTitle`: a subtitle file for the object.
public struct MediaSubtitle: Sendable, Hashable, Codable {
    /// `href`, resolved.
    public var href: String
    /// `type`: the file's media type (`application/smil`, `text/vtt`).
    public var type: String?
    /// `lang`.
    public var language: String?

    /// Creates a subtitle reference.
    public init(href: String, type: String? = nil, language: String? = nil) {
        self.href = href
        self.type = type
        self.language = language
    }
}
