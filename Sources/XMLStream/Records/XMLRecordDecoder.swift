#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
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
    /// For a node found by key: the element whose children of the same name an array holds; -1 otherwise.
    let siblingsOf: Int32
    /// The decoder this one was made by, and the key or index it was made for: the coding path, built only
    /// when someone asks for it (an error, or the model itself).
    private let parent: XMLRecordDecoder?
    private let key: (any CodingKey)?
    /// The child found by the previous key lookup, where the next lookup starts.
    var hint: Int32 = -1
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(
        tree: XMLRecordTree, node: Int32, elements: [Int32]? = nil, siblingsOf: Int32 = -1,
        parent: XMLRecordDecoder? = nil, key: (any CodingKey)? = nil
    ) {
        self.tree = tree
        self.node = node
        self.elements = elements
        self.siblingsOf = siblingsOf
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

    /// The elements of an array: the children asked for, or every child of this one's parent with its name (a
    /// key asked for as an array), or this node alone.
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if let elements { return XMLRecordUnkeyedContainer(decoder: self, elements: elements) }
        guard siblingsOf >= 0 else { return XMLRecordUnkeyedContainer(decoder: self, elements: [node]) }
        return XMLRecordUnkeyedContainer(decoder: self, elements: tree.children(of: siblingsOf, like: node))
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
    ///
    /// Called unspecialized from the models' synthesized `init(from:)`: the type is told apart by comparing
    /// metatypes and the value handed over by reinterpreting it, because dynamic casts, protocol conformance
    /// checks and `Optional<T>` metadata cost more than the rest of decoding a field.
    /// `siblingsOf` is the element whose children named like `node` an array asked for here holds (-1 for a
    /// node found by index, which is an array of itself).
    func decode<T: Decodable>(_ type: T.Type, node: Int32, key: any CodingKey, siblingsOf: Int32 = -1) throws -> T {
        let kind = XMLScalarKind(type)
        if kind == .none {
            return try T(
                from: XMLRecordDecoder(tree: tree, node: node, siblingsOf: siblingsOf, parent: self, key: key))
        }
        return try scalar(kind, as: type, node: node, key: key)
    }

    /// The value of a type read from text; `kind` is `XMLScalarKind(T.self)` and not `.none`.
    func scalar<T>(_ kind: XMLScalarKind, as type: T.Type, node: Int32, key: (any CodingKey)?) throws -> T {
        switch kind {
        case .string: return reinterpret(tree.string(node), as: type)
        case .bool: return reinterpret(try read(node, key, "a boolean", XMLRecordScalars.bool), as: type)
        case .int: return reinterpret(try integer(Int.self, node: node, key: key), as: type)
        case .int64: return reinterpret(try integer(Int64.self, node: node, key: key), as: type)
        case .int32: return reinterpret(try integer(Int32.self, node: node, key: key), as: type)
        case .int16: return reinterpret(try integer(Int16.self, node: node, key: key), as: type)
        case .int8: return reinterpret(try integer(Int8.self, node: node, key: key), as: type)
        case .uint: return reinterpret(try integer(UInt.self, node: node, key: key), as: type)
        case .uint64: return reinterpret(try integer(UInt64.self, node: node, key: key), as: type)
        case .uint32: return reinterpret(try integer(UInt32.self, node: node, key: key), as: type)
        case .uint16: return reinterpret(try integer(UInt16.self, node: node, key: key), as: type)
        case .uint8: return reinterpret(try integer(UInt8.self, node: node, key: key), as: type)
        case .double: return reinterpret(try floatingPoint(Double.self, node: node, key: key), as: type)
        case .float: return reinterpret(try floatingPoint(Float.self, node: node, key: key), as: type)
        case .decimal:
            return reinterpret(try read(node, key, "a decimal number", XMLRecordScalars.decimal), as: type)
        case .date: return reinterpret(try read(node, key, "a date", date), as: type)
        case .url: return reinterpret(try read(node, key, "a URL", Self.url), as: type)
        case .recordValue: return reinterpret(XMLRecordValue(tree: tree, node: node), as: type)
        case .none: preconditionFailure("\(T.self) is not read from text")
        }
    }

    func integer<I: FixedWidthInteger>(_ type: I.Type, node: Int32, key: (any CodingKey)?) throws -> I {
        try read(node, key, "an integer that fits in \(I.self)") { XMLRecordScalars.integer(I.self, $0) }
    }

    func floatingPoint<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: F.Type, node: Int32, key: (any CodingKey)?
    ) throws -> F {
        try read(node, key, "a number in the range of \(F.self)") { XMLRecordScalars.floatingPoint(F.self, $0) }
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
        let text = bytes.trimmingWhitespace()
        guard !text.isEmpty else { return nil }
        return URL(string: String(decoding: text, as: UTF8.self))
    }
}

/// The types read from an element's text, told apart by metatype comparison.
enum XMLScalarKind {
    case none, string, bool, int, int64, int32, int16, int8, uint, uint64, uint32, uint16, uint8
    case double, float, decimal, date, url, recordValue

    /// The kind of `type`, most frequent first.
    init<T>(_ type: T.Type) {
        if type == String.self {
            self = .string
        } else if type == Int.self {
            self = .int
        } else if type == Bool.self {
            self = .bool
        } else if type == Date.self {
            self = .date
        } else if type == Int64.self {
            self = .int64
        } else if type == Double.self {
            self = .double
        } else if type == URL.self {
            self = .url
        } else if type == Decimal.self {
            self = .decimal
        } else if type == XMLRecordValue.self {
            self = .recordValue
        } else if type == Float.self {
            self = .float
        } else if type == Int32.self {
            self = .int32
        } else if type == UInt64.self {
            self = .uint64
        } else if type == UInt.self {
            self = .uint
        } else if type == UInt32.self {
            self = .uint32
        } else if type == Int16.self {
            self = .int16
        } else if type == UInt16.self {
            self = .uint16
        } else if type == Int8.self {
            self = .int8
        } else if type == UInt8.self {
            self = .uint8
        } else {
            self = .none
        }
    }
}

/// `value` as `T`, which the caller has established is `V`: a copy, with no dynamic cast.
@inline(__always)
func reinterpret<V, T>(_ value: V, as type: T.Type) -> T {
    withUnsafePointer(to: value) { UnsafeRawPointer($0).assumingMemoryBound(to: T.self).pointee }
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
