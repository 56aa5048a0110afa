/// A name interned in one parser's libxml2 dictionary.
///
/// libxml2 hands every element, attribute and namespace name to the SAX callbacks as a pointer into its
/// dictionary, so two names are equal exactly when their pointers are: matching costs one comparison, with no
/// `String` made per callback. Names from different parsers never compare equal.
@_spi(XMLEngine) public struct XMLName: Hashable, BitwiseCopyable {
    /// The NUL-terminated UTF-8 bytes in the dictionary; `nil` for "no name" (an element without a namespace).
    public let bytes: UnsafePointer<UInt8>?

    @inlinable public init(bytes: UnsafePointer<UInt8>?) { self.bytes = bytes }

    // Spelled out and inlinable: the decoders in other modules compare names on every SAX event, and the
    // synthesized conformance would be a call across the module boundary each time. (`@inlinable` takes effect
    // across modules only on public declarations, hence SPI rather than `package` for the engine's hot types.)
    @inlinable public static func == (lhs: XMLName, rhs: XMLName) -> Bool { lhs.bytes == rhs.bytes }

    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

    /// The absent name.
    @inlinable public static var none: XMLName { XMLName(bytes: nil) }

    /// Whether this is the absent name.
    @inlinable public var isNone: Bool { bytes == nil }

    /// The name as a `String`, made only where a name is kept (extension elements, serialized XHTML).
    public var string: String {
        guard let bytes else { return "" }
        return String(cString: bytes)
    }
}

/// The names one decoder matches on, looked up once per parser.
package protocol XMLNameTable {
    /// Interns `name` in the parser's dictionary.
    func intern(_ name: String) -> XMLName
}
