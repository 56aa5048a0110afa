/// `media:restriction`: where, on what or by whom the object may (`allow`) or may not (`deny`) be played.
public struct MediaRestriction: Sendable, Hashable, Codable {
    /// `relationship`: `allow` or `deny`.
    public var relationship: String
    /// `type`: `country` (ISO 3166 codes), `uri` or `sharing`; every type when absent.
    public var type: String?
    /// The element's text: space-separated codes or URIs, or `all` / `none`.
    public var value: String

    /// Creates a restriction.
    public init(relationship: String, type: String? = nil, value: String) {
        self.relationship = relationship
        self.type = type
        self.value = value
    }
}
