/// `media:license`: the license the object is published under.
public struct MediaLicense: Sendable, Hashable, Codable {
    /// The element's text: the license's name (`Creative Commons Attribution 3.0 United States`).
    public var name: String?
    /// `type`: the media type of the license's document.
    public var type: String?
    /// `href`, resolved: the license's document.
    public var href: String?

    /// Creates a license.
    public init(name: String? = nil, type: String? = nil, href: String? = nil) {
        self.name = name
        self.type = type
        self.href = href
    }
}
