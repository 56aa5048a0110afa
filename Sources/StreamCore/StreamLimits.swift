/// Bounds that keep a parser's memory and work finite on hostile input.
///
/// Exceeding any of them stops the parser with a ``StreamError`` of kind ``StreamError/Kind/limitExceeded``
/// naming the limit. The defaults admit every real feed and API response we know of while refusing inputs that
/// exist only to exhaust memory.
public struct StreamLimits: Sendable, Hashable, Codable {
    /// The deepest nesting of elements, arrays or objects. XML is additionally bounded by libxml2's own limit of
    /// 256 levels.
    public var maximumDepth: Int
    /// The most bytes one text value (an element's text, a JSON string or number) may hold.
    public var maximumTextBytes: Int
    /// The most bytes of decoded text and attributes one item (entry, tweet, record) may hold.
    public var maximumItemBytes: Int

    /// Creates limits; every parameter defaults to the safe default.
    public init(
        maximumDepth: Int = 512,
        maximumTextBytes: Int = 32 << 20,
        maximumItemBytes: Int = 64 << 20
    ) {
        self.maximumDepth = maximumDepth
        self.maximumTextBytes = maximumTextBytes
        self.maximumItemBytes = maximumItemBytes
    }

    /// Depth 512, 32 MiB per text value, 64 MiB per item.
    public static let `default` = StreamLimits()
}
