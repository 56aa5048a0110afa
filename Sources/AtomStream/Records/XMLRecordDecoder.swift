import Foundation
import StreamCore

/// A `Decoder` over one node of an ``XMLRecordTree``: `Decodable` records are decoded straight from the record's
/// elements, with no tree of values in between.
///
/// Keys are local names of attributes and child elements alike. A key asked for as an array collects every
/// child of that name (none is an empty array); asked for as anything else, it reads the first. Scalars are
/// read from text: `Bool`, every integer type (exactly), `Double`, `Float`, `Decimal`, `Date` (RFC 3339, or
/// zone-less ISO 8601 in the parser's time zone), `URL` and `String`; an empty element is `nil` for an optional
/// and `""` for a `String`.
final class XMLRecordDecoder: Decoder {
    let tree: XMLRecordTree
    /// The element or attribute decoded; for a list, the element whose children it holds.
    let node: Int32
    /// For a value asked for as an array: the children with the key's name. `nil` for a single node.
    let elements: [Int32]?
    /// The decoder this one was made by, and the key or index it was made for: the coding path, built only
    /// when someone asks for it (an error, or the model itself).
    private let parent: XMLRecordDecoder?
    private let key: (any CodingKey)?
    /// The child found by the previous key lookup, where the next lookup starts.
    var hint: Int32 = -1
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(
        tree: XMLRecordTree, node: Int32, elements: [Int32]? = nil, parent: XMLRecordDecoder? = nil,
        key: (any CodingKey)? = nil
    ) {
        self.tree = tree
        self.node = node
        self.elements = elements
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var decoder: XMLRecordDecoder? = self
        while let current = decoder {
            if let key = current.key { path.append(key) }
            decoder = current.parent
        }
        return path.reversed()
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if tree[node].isAttribute {
            throw mismatch(expected: "an element with attributes or children", node: node, path: codingPath)
        }
        return KeyedDecodingContainer(XMLRecordKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        XMLRecordUnkeyedContainer(decoder: self, elements: elements ?? [node])
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        XMLRecordSingleValueContainer(decoder: self)
    }

    // MARK: - Values

    func mismatch(expected: String, node: Int32, path: [any CodingKey]) -> DecodingError {
        let found = tree.withText(node, XMLRecordScalars.describe)
        return DecodingError.typeMismatch(
            Any.self, DecodingError.Context(codingPath: path, debugDescription: "expected \(expected), found \(found)"))
    }

    /// Decodes `node` as `T`; `key` is what it was found by, for the coding path.
    func decode<T: Decodable>(_ type: T.Type, node: Int32, key: any CodingKey) throws -> T {
        if let value = try scalar(type, node: node, key: key) { return value }
        return try T(from: XMLRecordDecoder(tree: tree, node: node, parent: self, key: key))
    }

    /// Decodes the children named by `key` as the array type `T`.
    func decodeList<T: Decodable>(_ type: T.Type, elements: [Int32], key: any CodingKey) throws -> T {
        try T(from: XMLRecordDecoder(tree: tree, node: node, elements: elements, parent: self, key: key))
    }

    /// The value when `T` is read from text (or is an ``XMLRecordValue``); `nil` for a type of its own.
    func scalar<T>(_ type: T.Type, node: Int32, key: (any CodingKey)?) throws -> T? {
        switch type {
        case is String.Type: return tree.string(node) as? T
        case is Bool.Type: return try read(node, key, "a boolean", XMLRecordScalars.bool) as? T
        case is Int.Type: return try integer(Int.self, node: node, key: key) as? T
        case is Int64.Type: return try integer(Int64.self, node: node, key: key) as? T
        case is Int32.Type: return try integer(Int32.self, node: node, key: key) as? T
        case is Int16.Type: return try integer(Int16.self, node: node, key: key) as? T
        case is Int8.Type: return try integer(Int8.self, node: node, key: key) as? T
        case is UInt.Type: return try integer(UInt.self, node: node, key: key) as? T
        case is UInt64.Type: return try integer(UInt64.self, node: node, key: key) as? T
        case is UInt32.Type: return try integer(UInt32.self, node: node, key: key) as? T
        case is UInt16.Type: return try integer(UInt16.self, node: node, key: key) as? T
        case is UInt8.Type: return try integer(UInt8.self, node: node, key: key) as? T
        case is Double.Type: return try read(node, key, "a number", XMLRecordScalars.double) as? T
        case is Float.Type:
            return try read(node, key, "a number", XMLRecordScalars.double).map { Float($0) } as? T
        case is Decimal.Type: return try read(node, key, "a decimal number", XMLRecordScalars.decimal) as? T
        case is Date.Type: return try read(node, key, "a date", date) as? T
        case is URL.Type: return try read(node, key, "a URL", Self.url) as? T
        case is XMLRecordValue.Type: return XMLRecordValue(tree: tree, node: node) as? T
        default: return nil
        }
    }

    func integer<I: FixedWidthInteger>(_ type: I.Type, node: Int32, key: (any CodingKey)?) throws -> I {
        try read(node, key, "an integer that fits in \(I.self)") { XMLRecordScalars.integer(I.self, $0) }
    }

    /// Reads a node's text with `parse`; text it rejects is a type mismatch naming what was expected.
    func read<V>(
        _ node: Int32, _ key: (any CodingKey)?, _ expected: @autoclosure () -> String,
        _ parse: (UnsafeRawBufferPointer) -> V?
    ) throws -> V {
        if let value = tree.withText(node, parse) { return value }
        throw mismatch(expected: expected(), node: node, path: codingPath + (key.map { [$0] } ?? []))
    }

    private func date(_ bytes: UnsafeRawBufferPointer) -> Date? {
        tree.timeZoneIsUTC ? DateParser.parse(bytes) : DateParser.parse(bytes, zonelessIn: tree.timeZone)
    }

    private static func url(_ bytes: UnsafeRawBufferPointer) -> URL? {
        let text = XMLRecordScalars.trim(bytes)
        guard !text.isEmpty else { return nil }
        return URL(string: String(decoding: text, as: UTF8.self))
    }
}

/// The collection types whose elements are the repeated children of one name, so that a missing key is an empty
/// collection rather than a missing value.
protocol XMLRecordRepeatable {
    static var none: Self { get }
}

extension Array: XMLRecordRepeatable where Element: Decodable {
    static var none: Self { [] }
}

extension Set: XMLRecordRepeatable where Element: Decodable {
    static var none: Self { [] }
}

/// A coding key for an array index, in coding paths.
struct XMLRecordIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }

    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
