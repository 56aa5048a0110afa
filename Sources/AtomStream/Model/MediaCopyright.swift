/// `media:copyright`.
public struct MediaCopyright: Sendable, Hashable, Codable {
    /// The element's text: the notice (`2005 FooBar Media`).
    public var value: String
    /// `url`, resolved: the terms of use.
    public var url: String?

    /// Creates a copyright notice.
    public init(value: String, url: String? = nil) {
        self.value = value
        self.url = url
    }
}
