/// `media:embed`: how to embed the object's player in a page, with the parameters the player takes.
public struct MediaEmbed: Sendable, Hashable, Codable {
    /// `url`, resolved: the player.
    public var url: String?
    /// `width` in pixels.
    public var width: Int?
    /// `height` in pixels.
    public var height: Int?
    /// `media:param` children.
    public var parameters: [MediaEmbedParameter]

    /// Creates an embed.
    public init(url: String? = nil, width: Int? = nil, height: Int? = nil, parameters: [MediaEmbedParameter] = []) {
        self.url = url
        self.width = width
        self.height = height
        self.parameters = parameters
    }
}

/// `media:param` of a ``MediaEmbed``.
public struct MediaEmbedParameter: Sendable, Hashable, Codable {
    /// `name`.
    public var name: String
    /// The element's text.
    public var value: String

    /// Creates a parameter.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
