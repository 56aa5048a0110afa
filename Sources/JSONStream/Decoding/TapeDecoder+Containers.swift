/// The members of one object on the tape; found by comparing names as bytes.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TapeDecoder
    /// Token indices of the member names, in document order.
    private let keyIndices: [Int]

    init(decoder: TapeDecoder) {
        self.decoder = decoder
        var indices: [Int] = []
        let tape = decoder.tape
        let start = decoder.index
        indices.reserveCapacity(Int(tape.tokens[start].second))
        var child = start + 1
        let end = Int(tape.tokens[start].first)
        while child < end {
            indices.append(child)
            child = tape.next(after: child + 1)
        }
        keyIndices = indices
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { keyIndices.compactMap { Key(stringValue: decoder.tape.string($0)) } }

    /// The value of the last member with this name, as JSON objects read in JavaScript.
    private func valueIndex(_ key: Key) -> Int? {
        var name = key.stringValue
        return name.withUTF8 { decoder.tape.lastKey(among: keyIndices, equalTo: UnsafeRawBufferPointer($0)) }
            .map { $0 + 1 }
    }

    private func require(_ key: Key) throws -> Int {
        guard let index = valueIndex(key) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "no member \"\(key.stringValue)\""))
        }
        return index
    }

    func contains(_ key: Key) -> Bool { valueIndex(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.decodeNil(at: try require(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decode(type, at: try require(key), path: codingPath + [key])
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decoder.decodeBool(at: try require(key), path: codingPath + [key])
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decoder.decodeString(at: try require(key), path: codingPath + [key])
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decoder.decodeDouble(at: try require(key), path: codingPath + [key])
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        Float(try decoder.decodeDouble(at: try require(key), path: codingPath + [key]))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

    private func integer<I: FixedWidthInteger>(_ key: Key) throws -> I {
        try decoder.decodeInteger(I.self, at: try require(key), path: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try TapeDecoder(tape: decoder.tape, index: try require(key), codingPath: codingPath + [key])
            .container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TapeDecoder(tape: decoder.tape, index: try require(key), codingPath: codingPath + [key])
            .unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        try superDecoder(forKey: Key(stringValue: "super")!)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TapeDecoder(tape: decoder.tape, index: try require(key), codingPath: codingPath + [key])
    }
}

/// The elements of one array on the tape, read in order.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: TapeDecoder
    private var cursor: Int
    private let end: Int
    private(set) var currentIndex = 0

    init(decoder: TapeDecoder) {
        self.decoder = decoder
        cursor = decoder.index + 1
        end = Int(decoder.tape.tokens[decoder.index].first)
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { Int(decoder.tape.tokens[decoder.index].second) }
    var isAtEnd: Bool { cursor >= end }

    private var elementPath: [any CodingKey] { codingPath + [AnyCodingKey(intValue: currentIndex)] }

    private mutating func advance() throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self,
                DecodingError.Context(
                    codingPath: elementPath, debugDescription: "the array has only \(currentIndex) elements"))
        }
        let index = cursor
        cursor = decoder.tape.next(after: cursor)
        currentIndex += 1
        return index
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.decodeNil(at: cursor) else { return false }
        _ = try advance()
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let path = elementPath
        return try decoder.decode(type, at: try advance(), path: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let path = elementPath
        return try TapeDecoder(tape: decoder.tape, index: try advance(), codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let path = elementPath
        return try TapeDecoder(tape: decoder.tape, index: try advance(), codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let path = elementPath
        return TapeDecoder(tape: decoder.tape, index: try advance(), codingPath: path)
    }
}

/// A single value on the tape.
struct TapeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: TapeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.decodeNil(at: decoder.index) }

    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool(at: decoder.index, path: codingPath) }
    func decode(_ type: String.Type) throws -> String { try decoder.decodeString(at: decoder.index, path: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decodeDouble(at: decoder.index, path: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try integer() }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    private func integer<I: FixedWidthInteger>() throws -> I {
        try decoder.decodeInteger(I.self, at: decoder.index, path: codingPath)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        return try decoder.decode(type, at: decoder.index, path: codingPath)
    }
}
