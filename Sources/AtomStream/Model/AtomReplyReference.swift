/// A `thr:in-reply-to` element (RFC 4685): the resource this entry answers.
public struct AtomReplyReference: Sendable, Hashable, Codable {
    /// The id of the resource replied to.
    public var ref: String
    /// Where the resource can be fetched, resolved against `xml:base`.
    public var href: String?

    /// Creates a reply reference.
    public init(ref: String, href: String? = nil) {
        self.ref = ref
        self.href = href
    }
}
