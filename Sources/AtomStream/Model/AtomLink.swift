/// A `link` element.
public struct AtomLink: Sendable, Hashable, Codable {
    /// The target, resolved against `xml:base` and the document URL.
    public var href: String
    /// The relation; `alternate` when the feed gives none.
    public var rel: String
    /// The media type of the target.
    public var type: String?
    /// The language of the target.
    public var hreflang: String?
    /// A human-readable title for the link.
    public var title: String?
    /// The advertised size of the target in bytes.
    public var length: Int64?
    /// The number of replies (`thr:count`, RFC 4685), as IBM Connections puts on `rel="replies"` links.
    public var threadCount: Int?

    /// Creates a link.
    public init(
        href: String, rel: String = "alternate", type: String? = nil, hreflang: String? = nil,
        title: String? = nil, length: Int64? = nil, threadCount: Int? = nil
    ) {
        self.href = href
        self.rel = rel
        self.type = type
        self.hreflang = hreflang
        self.title = title
        self.length = length
        self.threadCount = threadCount
    }
}
