/// The view of a start tag a SAX2 `startElementNs` callback receives, valid only during the callback.
@_spi(XMLEngine) public struct XMLStartTag {
    /// The element's local name.
    public let localName: XMLName
    /// The element's prefix, if it had one.
    public let prefix: XMLName
    /// The element's namespace URI.
    public let namespace: XMLName
    /// Namespace declarations made on this element: `namespaceCount` (prefix, URI) pairs.
    public let namespaceCount: Int
    public let namespaces: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    /// Attributes: `attributeCount` groups of five pointers (local name, prefix, URI, value start, value end).
    public let attributeCount: Int
    public let attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?

    @inlinable public init(
        localName: XMLName, prefix: XMLName, namespace: XMLName, namespaceCount: Int,
        namespaces: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        self.localName = localName
        self.prefix = prefix
        self.namespace = namespace
        self.namespaceCount = namespaceCount
        self.namespaces = namespaces
        self.attributeCount = attributeCount
        self.attributes = attributes
    }

    /// One attribute of the tag.
    public struct Attribute {
        public let localName: XMLName
        public let prefix: XMLName
        public let namespace: XMLName
        /// The value's UTF-8 bytes, entity and character references already replaced.
        public let value: UnsafeRawBufferPointer

        @inlinable public init(
            localName: XMLName, prefix: XMLName, namespace: XMLName, value: UnsafeRawBufferPointer
        ) {
            self.localName = localName
            self.prefix = prefix
            self.namespace = namespace
            self.value = value
        }

        @inlinable public var stringValue: String { String(decoding: value, as: UTF8.self) }
    }

    /// The attribute at `index`.
    @inlinable public func attribute(at index: Int) -> Attribute {
        let base = attributes! + index * 5
        let start = base[3]!
        let end = base[4]!
        return Attribute(
            localName: XMLName(bytes: base[0]), prefix: XMLName(bytes: base[1]), namespace: XMLName(bytes: base[2]),
            value: UnsafeRawBufferPointer(start: start, count: start.distance(to: end)))
    }

    /// The value of the attribute with this local name and namespace (`.none` for an unprefixed attribute).
    @inlinable public func value(of localName: XMLName, namespace: XMLName = .none) -> UnsafeRawBufferPointer? {
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

    /// The value of an attribute as a `String`.
    @inlinable public func string(of localName: XMLName, namespace: XMLName = .none) -> String? {
        value(of: localName, namespace: namespace).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The namespace declaration at `index`: its prefix (`.none` for the default namespace) and URI.
    @inlinable public func namespaceDeclaration(at index: Int) -> (prefix: XMLName, uri: XMLName) {
        let base = namespaces! + index * 2
        return (XMLName(bytes: base[0]), XMLName(bytes: base[1]))
    }
}
