/// An Atom text construct (`title`, `subtitle`, `summary`, `rights`): the text and how to read it.
public struct AtomText: Sendable, Hashable, Codable {
    /// How ``value`` is to be read.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Plain text: display as is.
        case text
        /// HTML markup, already unescaped from the feed: `<b>bold</b>`.
        case html
        /// XHTML markup re-serialized from the feed, without the wrapper `div`.
        case xhtml
    }

    /// How ``value`` is to be read.
    public var type: Kind
    /// The text as the feed meant it: plain text, HTML markup, or re-serialized XHTML markup.
    public var value: String

    /// Creates a text construct.
    public init(type: Kind = .text, value: String) {
        self.type = type
        self.value = value
    }
}
