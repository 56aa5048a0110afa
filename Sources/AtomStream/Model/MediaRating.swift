/// `media:rating`: who the object is fit for.
public struct MediaRating: Sendable, Hashable, Codable {
    /// The element's text: `adult`, `nonadult` (scheme `urn:simple`), `pg`, `r` (`urn:mpaa`), `tv-14`, ….
    public var value: String
    /// `scheme`; `urn:simple` when absent.
    public var scheme: String?

    /// Creates a rating.
    public init(value: String, scheme: String? = nil) {
        self.value = value
        self.scheme = scheme
    }
}
