/// A name interned in one parser's libxml2 dictionary.
///
/// libxml2 hands every element, attribute and namespace name to the SAX callbacks as a pointer into its
/// dictionary, so two names are equal exactly when their pointers are: matching costs one comparison, with no
/// `String` made per callback. Names from different parsers never compare equal.
struct XMLName: Hashable {
    /// The NUL-terminated UTF-8 bytes in the dictionary; `nil` for "no name" (an element without a namespace).
    let bytes: UnsafePointer<UInt8>?

    /// The absent name.
    static var none: XMLName { XMLName(bytes: nil) }

    /// Whether this is the absent name.
    var isNone: Bool { bytes == nil }

    /// The name as a `String`, made only where a name is kept (extension elements, serialized XHTML).
    var string: String {
        guard let bytes else { return "" }
        return String(cString: bytes)
    }
}

/// The names one decoder matches on, looked up once per parser.
protocol XMLNameTable {
    /// Interns `name` in the parser's dictionary.
    func intern(_ name: String) -> XMLName
}
