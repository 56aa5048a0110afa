#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore

/// The attributes and child elements of one element, found by local name.
struct XMLRecordKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: XMLRecordDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { decoder.tree.childNames(of: decoder.node).compactMap { Key(stringValue: $0) } }

    /// The first child named `key`, or -1; the search starts after the previous match.
    private func find(_ key: some CodingKey) -> Int32 {
        var name = key.stringValue
        let found = name.withUTF8 { bytes in
            decoder.tree.child(of: decoder.node, named: UnsafeRawBufferPointer(bytes), after: decoder.hint)
        }
        if found >= 0 { decoder.hint = found }
        return found
    }

    private func require(_ key: some CodingKey) throws -> Int32 {
        let found = find(key)
        guard found >= 0 else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "no element or attribute \"\(key.stringValue)\""))
        }
        return found
    }

    private func list(_ key: Key) -> [Int32] {
        var name = key.stringValue
        return name.withUTF8 { decoder.tree.children(of: decoder.node, named: UnsafeRawBufferPointer($0)) }
    }

    func contains(_ key: Key) -> Bool { find(key) >= 0 }

    /// A missing key reads as `nil`, as an empty element does.
    func decodeNil(forKey key: Key) throws -> Bool {
        let found = find(key)
        return found < 0 || decoder.tree[found].isEmpty
    }

    /// A key asked for as an array is read as its first child; that child's decoder collects the siblings of its
    /// name when asked for an unkeyed container, so no field pays for a check of its type.
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let found = find(key)
        if found < 0, let repeatable = type as? any XMLRecordRepeatable.Type { return repeatable.none as! T }
        return try decoder.decode(
            type, node: found < 0 ? try require(key) : found, key: key, siblingsOf: decoder.node)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let found = find(key)
        if found < 0 { return nil }
        // An empty element is nil, unless an array is asked for: then it is one of the elements.
        if decoder.tree[found].isEmpty, !(type is any XMLRecordRepeatable.Type) { return nil }
        return try decoder.decode(type, node: found, key: key, siblingsOf: decoder.node)
    }

    // The scalar overloads go straight to the text: each is one lookup, where the protocol's defaults for
    // `decodeIfPresent` would make three.

    private func scalar<T>(_ type: T.Type, _ key: Key) throws -> T {
        try decoder.scalar(XMLScalarKind(type), as: type, node: try require(key), key: key)
    }

    private func optionalScalar<T>(_ type: T.Type, _ key: Key) throws -> T? {
        let found = find(key)
        if found < 0 || decoder.tree[found].isEmpty { return nil }
        return try decoder.scalar(XMLScalarKind(type), as: type, node: found, key: key)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(type, key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optionalScalar(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optionalScalar(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optionalScalar(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optionalScalar(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalScalar(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optionalScalar(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optionalScalar(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optionalScalar(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optionalScalar(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optionalScalar(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optionalScalar(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optionalScalar(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optionalScalar(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optionalScalar(type, key) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try XMLRecordDecoder(tree: decoder.tree, node: try require(key), parent: decoder, key: key)
            .container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        XMLRecordUnkeyedContainer(
            decoder: XMLRecordDecoder(tree: decoder.tree, node: decoder.node, parent: decoder, key: key),
            elements: list(key))
    }

    /// The decoder of the child element `super`, as `Codable` defines it; `Key` need not have a `super` case.
    func superDecoder() throws -> any Decoder {
        try superDecoder(under: MemberCodingKey.superKey)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder(under: key)
    }

    private func superDecoder(under key: some CodingKey) throws -> any Decoder {
        XMLRecordDecoder(tree: decoder.tree, node: try require(key), parent: decoder, key: key)
    }
}

/// The repeated children of one name, read in order.
struct XMLRecordUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: XMLRecordDecoder
    let elements: [Int32]
    private(set) var currentIndex = 0

    init(decoder: XMLRecordDecoder, elements: [Int32]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func advance() throws -> (node: Int32, key: IndexCodingKey) {
        let key = IndexCodingKey(currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self,
                DecodingError.Context(
                    codingPath: codingPath + [key], debugDescription: "there are only \(elements.count) elements"))
        }
        currentIndex += 1
        return (elements[currentIndex - 1], key)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.tree[elements[currentIndex]].isEmpty else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (node, key) = try advance()
        return try decoder.decode(type, node: node, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let (node, key) = try advance()
        return try XMLRecordDecoder(tree: decoder.tree, node: node, parent: decoder, key: key).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (node, key) = try advance()
        return XMLRecordUnkeyedContainer(
            decoder: XMLRecordDecoder(tree: decoder.tree, node: node, parent: decoder, key: key), elements: [node])
    }

    mutating func superDecoder() throws -> any Decoder {
        let (node, key) = try advance()
        return XMLRecordDecoder(tree: decoder.tree, node: node, parent: decoder, key: key)
    }
}

/// The text of one element or attribute.
struct XMLRecordSingleValueContainer: SingleValueDecodingContainer {
    let decoder: XMLRecordDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.tree[decoder.node].isEmpty }

    private func scalar<T>(_ type: T.Type) throws -> T {
        try decoder.scalar(XMLScalarKind(type), as: type, node: decoder.node, key: nil)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) }
    func decode(_ type: String.Type) throws -> String { try scalar(type) }
    func decode(_ type: Double.Type) throws -> Double { try scalar(type) }
    func decode(_ type: Float.Type) throws -> Float { try scalar(type) }
    func decode(_ type: Int.Type) throws -> Int { try scalar(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let kind = XMLScalarKind(type)
        if kind == .none { return try T(from: decoder) }
        return try decoder.scalar(kind, as: type, node: decoder.node, key: nil)
    }
}
