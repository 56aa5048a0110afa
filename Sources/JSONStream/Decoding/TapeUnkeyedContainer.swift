@_spi(StreamPlumbing) import StreamCore

/// The elements of one array on the tape, read in order.
///
/// Three words, so `any UnkeyedDecodingContainer` holds it inline instead of boxing it on the heap.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: TapeDecoder
    /// The next element's token and the array's end token.
    private var cursor: Int32
    private let end: Int32
    private var position: Int32 = 0
    /// How many keys of the decoder's path are this container's.
    private let depth: Int32

    init(decoder: TapeDecoder, array: Int, depth: Int) {
        self.decoder = decoder
        cursor = Int32(truncatingIfNeeded: array + 1)
        end = Int32(truncatingIfNeeded: decoder.tape[array].first)
        self.depth = Int32(truncatingIfNeeded: depth)
    }

    var codingPath: [any CodingKey] { decoder.path(depth: Int(depth)) }
    /// The end token records where its array starts, whose token holds the element count.
    var count: Int? { Int(decoder.tape[Int(decoder.tape[Int(end)].first)].second) }
    var isAtEnd: Bool { cursor >= end }
    var currentIndex: Int { Int(position) }

    private var elementPath: [any CodingKey] {
        decoder.path(depth: Int(depth), appending: IndexCodingKey(currentIndex))
    }

    /// The next element's token; the path in an error names the element that is missing.
    @inline(__always)
    private mutating func advance() throws -> Int {
        guard cursor < end else {
            throw DecodingError.valueNotFound(
                Any.self,
                DecodingError.Context(
                    codingPath: elementPath, debugDescription: "the array has only \(currentIndex) elements"))
        }
        let index = Int(cursor)
        cursor = Int32(truncatingIfNeeded: decoder.tape.next(after: index))
        position += 1
        return index
    }

    /// Reads the next element as a scalar of type `V`.
    @inline(__always)
    private mutating func next<V: TapeScalar>() throws -> V {
        let element = currentIndex
        let index = try advance()
        return try decoder.required(V.self, index) {
            decoder.path(depth: Int(depth), appending: IndexCodingKey(element))
        }
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.isNull(Int(cursor)) else { return false }
        _ = try advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next() }
    mutating func decode(_ type: String.Type) throws -> String { try next() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next() }
    mutating func decode(_ type: Float.Type) throws -> Float { try next() }
    mutating func decode(_ type: Int.Type) throws -> Int { try next() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next() }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let key = IndexCodingKey(currentIndex)
        let index = try advance()
        return try decoder.decodeValue(type, at: index, depth: Int(depth), key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let key = IndexCodingKey(currentIndex)
        return try decoder.detached(at: try advance(), depth: Int(depth), key: key).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let key = IndexCodingKey(currentIndex)
        return try decoder.detached(at: try advance(), depth: Int(depth), key: key).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let key = IndexCodingKey(currentIndex)
        return decoder.detached(at: try advance(), depth: Int(depth), key: key)
    }
}

/// A single value on the tape.
struct TapeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: TapeDecoder
    let index: Int
    /// How many keys of the decoder's path are this value's.
    let depth: Int

    var codingPath: [any CodingKey] { decoder.path(depth: depth) }

    func decodeNil() -> Bool { decoder.isNull(index) }

    func decode(_ type: Bool.Type) throws -> Bool { try scalar() }
    func decode(_ type: String.Type) throws -> String { try scalar() }
    func decode(_ type: Double.Type) throws -> Double { try scalar() }
    func decode(_ type: Float.Type) throws -> Float { try scalar() }
    func decode(_ type: Int.Type) throws -> Int { try scalar() }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar() }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar() }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar() }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar() }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar() }

    @inline(__always)
    private func scalar<V: TapeScalar>() throws -> V {
        try decoder.required(V.self, index) { codingPath }
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if TapeDecoder.isPrimitive(type) { return try decoder.primitive(type, at: index, path: { codingPath }) }
        // Another type reads the same value through its own `init(from:)`, as JSONDecoder does.
        return try T(from: decoder.detached(at: index, depth: depth, key: nil))
    }
}
