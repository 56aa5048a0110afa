/// `media:text`: a transcript, closed captions or lyrics, whole or for one stretch of the object.
public struct MediaText: Sendable, Hashable, Codable {
    /// The element's text.
    public var value: String
    /// `type`: `plain` or `html`.
    public var type: String?
    /// `lang`.
    public var language: String?
    /// `start` in seconds (written `00:00:03.000`).
    public var start: Double?
    /// `end` in seconds.
    public var end: Double?

    /// Creates a text.
    public init(value: String, type: String? = nil, language: String? = nil, start: Double? = nil, end: Double? = nil)
    {
        self.value = value
        self.type = type
        self.language = language
        self.start = start
        self.end = end
    }
}
