/// Input conventions a JSON parser accepts besides plain RFC 8259 JSON.
public struct JSONReadingOptions: Sendable, Hashable {
    /// Whether a leading Jive anti-hijacking prefix, `throw 'allowIllegalResourceCall is false.';`, is skipped.
    /// Jive REST responses start with it; it is not JSON.
    public var skipsJivePrefix: Bool

    /// Creates options.
    public init(skipsJivePrefix: Bool = false) {
        self.skipsJivePrefix = skipsJivePrefix
    }

    /// Plain JSON (a leading UTF-8 byte order mark is always ignored).
    public static let strict = JSONReadingOptions()
    /// JSON that may start with the Jive prefix.
    public static let jive = JSONReadingOptions(skipsJivePrefix: true)
}
