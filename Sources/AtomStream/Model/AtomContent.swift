/// An entry's `content`: inline text or markup, or a reference to content elsewhere (`src`).
public struct AtomContent: Sendable, Hashable, Codable {
    /// `text`, `html`, `xhtml`, or a media type such as `application/xml` or `image/png`.
    public var type: String
    /// The inline content: text, HTML, re-serialized XHTML (wrapper `div` removed) or XML, or the base64 text of
    /// other media types. `nil` when the content is out of line.
    public var value: String?
    /// The resolved address of out-of-line content.
    public var src: String?

    /// Creates content.
    public init(type: String = "text", value: String? = nil, src: String? = nil) {
        self.type = type
        self.value = value
        self.src = src
    }
}
