#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A `Decoder` over one value on a ``TokenTape``: `Decodable` records are decoded straight from the selected
/// value's tokens, with no tree of values in between.
///
/// Besides the JSON types it reads `Date` from a string in any form ``DateParser`` knows (or a number of seconds
/// since 1970) and `URL` from a string.
///
/// One decoder serves every item of a parser in turn, and the whole of each item: a nested value is decoded by
/// pointing ``index`` at it and pushing its key on ``path`` for the duration of the nested `init(from:)`, as
/// containers are used in nested order. Containers keep the depth of their path rather than a copy of it, and
/// build a coding path only for an error, so reading a member costs no allocation. Every keyed container's member
/// names go into one list (``memberKeys``), never reused during the item, so a container kept past its turn still
/// reads its own members; the lists keep their capacity from item to item.
final class TapeDecoder: Decoder {
    let tape: TokenTape
    // The mutable state is only touched by the synchronous `init(from:)` calls of one item; the dynamic
    // exclusivity checks cost more than the member lookups they guard.
    /// The value the next container request reads.
    // Kept by measurement: removing the unchecked exclusivity and unowned(unsafe) of the JSON decoders costs --child
    // employees +20.8 %, twitter +21.8 %, jive-inbox +19.2 % (callgrind net of start-up; BENCHMARKS.md, "What unchecked
    // exclusivity buys").
    @exclusivity(unchecked) var index: Int
    /// Keys from the item to ``index``.
    @exclusivity(unchecked) var path: [any CodingKey]
    /// Token indices of member names; each keyed container owns one range.
    @exclusivity(unchecked) var memberKeys: [Int32] = []
    /// Short string values seen recently, shared by the decoders made for `superDecoder` and nested containers.
    let shortStrings: ShortStringCache

    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(
        tape: TokenTape, index: Int, codingPath: [any CodingKey], shortStrings: ShortStringCache = ShortStringCache()
    ) {
        self.tape = tape
        self.shortStrings = shortStrings
        self.index = index
        self.path = codingPath
        memberKeys.reserveCapacity(64)
    }

    /// Decodes the value recorded from the tape's first token, reusing the lists of the previous item.
    func decodeItem<T: Decodable>(_ type: T.Type) throws -> T {
        index = 0
        path.removeAll(keepingCapacity: true)
        memberKeys.removeAll(keepingCapacity: true)
        if Self.isPrimitive(type) { return try primitive(type, at: 0, path: { [] }) }
        if MemoryLayout<T>.size == MemoryLayout<[Int]>.size, let arrayType = type as? any TapeDecodableArray.Type {
            return try decodeArray(arrayType, as: type, at: 0)
        }
        return try T(from: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let object = tape[index]
        guard object.kind == .objectStart else { throw mismatch(expected: "an object", at: index, path: path) }
        let first = memberKeys.count
        var child = index + 1
        let end = Int(object.first)
        while child < end {
            memberKeys.append(Int32(truncatingIfNeeded: child))
            child = tape.next(after: child + 1)
        }
        return KeyedDecodingContainer(
            TapeKeyedContainer<Key>(decoder: self, keys: first..<memberKeys.count, depth: path.count))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tape[index].kind == .arrayStart else {
            throw mismatch(expected: "an array", at: index, path: path)
        }
        return TapeUnkeyedContainer(decoder: self, array: index, depth: path.count)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TapeSingleValueContainer(decoder: self, index: index, depth: path.count)
    }

    // MARK: - Nesting

    /// The coding path of a container at `depth` (its own keys, as long as containers are used in nested order),
    /// plus `key`.
    func path(depth: Int, appending key: (any CodingKey)? = nil) -> [any CodingKey] {
        var result = Array(path.prefix(depth))
        if let key { result.append(key) }
        return result
    }

    /// Decodes `T` from the value at `index`, found under `key` by a container at `depth`: primitives straight
    /// from the tape, anything else through its `init(from:)` on this decoder moved to the value.
    func decodeValue<T: Decodable>(_ type: T.Type, at index: Int, depth: Int, key: any CodingKey) throws -> T {
        if Self.isPrimitive(type) {
            return try primitive(type, at: index, path: { self.path(depth: depth, appending: key) })
        }
        let savedIndex = self.index
        if path.count > depth { path.removeSubrange(depth...) }
        path.append(key)
        self.index = index
        defer {
            self.index = savedIndex
            path.removeLast()
        }
        // An array is one pointer: the size test spares other records the conformance lookup.
        if MemoryLayout<T>.size == MemoryLayout<[Int]>.size, let arrayType = type as? any TapeDecodableArray.Type {
            return try decodeArray(arrayType, as: type, at: index)
        }
        return try T(from: self)
    }

    /// An array read by ``TapeDecodableArray``; `A` is `T`, opened from the conformance check.
    private func decodeArray<A: TapeDecodableArray, T>(
        _ arrayType: A.Type, as type: T.Type, at index: Int
    ) throws -> T {
        guard tape[index].kind == .arrayStart else {
            throw mismatch(expected: "an array", at: index, path: path)
        }
        return unsafeBitCast(try A.decode(from: self, array: index), to: T.self)
    }

    /// A decoder of its own for `superDecoder` and nested containers asked for by hand, which may outlive the
    /// call that made them.
    func detached(at index: Int, depth: Int, key: (any CodingKey)?) -> TapeDecoder {
        TapeDecoder(
            tape: tape, index: index, codingPath: path(depth: depth, appending: key), shortStrings: shortStrings)
    }
}

/// Arrays the decoder fills itself. The standard library's `Array.init(from:)` is generic code that looks up the
/// array's metadata for every element it appends (half the time of a record with two short arrays); here the
/// array's own type is at hand, so elements are appended into reserved capacity without a lookup.
protocol TapeDecodableArray {
    static func decode(from decoder: TapeDecoder, array index: Int) throws -> Self
}

extension Array: TapeDecodableArray where Element: Decodable {
    static func decode(from decoder: TapeDecoder, array index: Int) throws -> [Element] {
        var container = TapeUnkeyedContainer(decoder: decoder, array: index, depth: decoder.path.count)
        var elements = Self()
        elements.reserveCapacity(container.count ?? 0)
        while !container.isAtEnd {
            elements.append(try container.decode(Element.self))
        }
        return elements
    }
}
