/// The view of a start tag a SAX2 `startElementNs` callback receives, valid only during the callback.
struct XMLStartTag {
    /// The element's local name.
    let localName: XMLName
    /// The element's prefix, if it had one.
    let prefix: XMLName
    /// The element's namespace URI.
    let namespace: XMLName
    /// Namespace declarations made on this element: `namespaceCount` (prefix, URI) pairs.
    let namespaceCount: Int
    let namespaces: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    /// Attributes: `attributeCount` groups of five pointers (local name, prefix, URI, value start, value end).
    let attributeCount: Int
    let attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?

    /// One attribute of the tag.
    struct Attribute {
        let localName: XMLName
        let prefix: XMLName
        let namespace: XMLName
        /// The value's UTF-8 bytes, entity and character references already replaced — except `&`, which libxml2
        /// leaves as `&#38;` (see ``XMLStartTag/decodedString(_:)``).
        let value: UnsafeRawBufferPointer

        var stringValue: String { XMLStartTag.decodedString(value) }
    }

    /// The attribute at `index`.
    func attribute(at index: Int) -> Attribute {
        let base = attributes! + index * 5
        let start = base[3]!
        let end = base[4]!
        return Attribute(
            localName: XMLName(bytes: base[0]), prefix: XMLName(bytes: base[1]), namespace: XMLName(bytes: base[2]),
            value: UnsafeRawBufferPointer(start: start, count: start.distance(to: end)))
    }

    /// The value of the attribute with this local name and namespace (`.none` for an unprefixed attribute).
    func value(of localName: XMLName, namespace: XMLName = .none) -> UnsafeRawBufferPointer? {
        guard let attributes else { return nil }
        var cursor = attributes
        for _ in 0..<attributeCount {
            if cursor[0] == localName.bytes && cursor[2] == namespace.bytes {
                let start = cursor[3]!
                return UnsafeRawBufferPointer(start: start, count: start.distance(to: cursor[4]!))
            }
            cursor += 5
        }
        return nil
    }

    /// The value of an attribute as a `String`, `&` restored.
    func string(of localName: XMLName, namespace: XMLName = .none) -> String? {
        value(of: localName, namespace: namespace).map(Self.decodedString)
    }

    /// An attribute value as a `String`.
    ///
    /// Without entity substitution (which the engine keeps off), libxml2 hands `&amp;` and `&#38;` in attribute
    /// values over as the five bytes `&#38;`, so that a tree could write them back; every other reference
    /// arrives replaced. A raw `&` cannot occur in a well-formed value, so each `&#38;` here stands for one `&`:
    /// `href="?a=1&amp;b=2"` is `?a=1&b=2`.
    static func decodedString(_ value: UnsafeRawBufferPointer) -> String {
        guard value.contains(UInt8(ascii: "&")) else { return String(decoding: value, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.count)
        var index = 0
        while index < value.count {
            bytes.append(value[index])
            index += isEscapedAmpersand(value, at: index) ? 5 : 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the bytes at `index` are the `&#38;` libxml2 writes for an `&` in an attribute value.
    static func isEscapedAmpersand(_ value: UnsafeRawBufferPointer, at index: Int) -> Bool {
        index + 4 < value.count && value[index] == UInt8(ascii: "&") && value[index + 1] == UInt8(ascii: "#")
            && value[index + 2] == UInt8(ascii: "3") && value[index + 3] == UInt8(ascii: "8")
            && value[index + 4] == UInt8(ascii: ";")
    }

    /// The namespace declaration at `index`: its prefix (`.none` for the default namespace) and URI.
    func namespaceDeclaration(at index: Int) -> (prefix: XMLName, uri: XMLName) {
        let base = namespaces! + index * 2
        return (XMLName(bytes: base[0]), XMLName(bytes: base[1]))
    }
}
