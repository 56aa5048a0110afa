@_spi(StreamPlumbing) import StreamCore
/// The members of one object on the tape; found by comparing names as bytes.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TapeDecoder
    /// This object's range of ``TapeDecoder/memberKeys``, in document order.
    private let first: Int32
    private let end: Int32
    /// How many keys of the decoder's path are this container's.
    private let depth: Int32

    init(decoder: TapeDecoder, keys: Range<Int>, depth: Int) {
        self.decoder = decoder
        first = Int32(truncatingIfNeeded: keys.lowerBound)
        end = Int32(truncatingIfNeeded: keys.upperBound)
        self.depth = Int32(truncatingIfNeeded: depth)
    }

    var codingPath: [any CodingKey] { decoder.path(depth: Int(depth)) }

    var allKeys: [Key] {
        let keys = decoder.memberKeys
        guard Int(end) <= keys.count else { return [] }
        return keys[Int(first)..<Int(end)].compactMap { Key(stringValue: decoder.tape.string(Int($0))) }
    }

    /// The value of the last member with this name, as JSON objects read in JavaScript.
    @inline(__always)
    private func valueIndex(_ key: some CodingKey) -> Int? {
        var name = key.stringValue
        return name.withUTF8 { name in
            decoder.memberKeys.withUnsafeBufferPointer { keys in
                // A container kept past its item finds its range gone (the lists restart with every item).
                guard Int(end) <= keys.count else { return nil }
                return decoder.tape.lastValue(
                    among: UnsafeBufferPointer(rebasing: keys[Int(first)..<Int(end)]),
                    named: UnsafeRawBufferPointer(name))
            }
        }
    }

    private func require(_ key: some CodingKey) throws -> Int {
        guard let index = valueIndex(key) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "no member \"\(key.stringValue)\""))
        }
        return index
    }

    /// The value's index, or `nil` when the member is missing or `null`.
    @inline(__always)
    private func present(_ key: Key) -> Int? {
        guard let index = valueIndex(key), !decoder.isNull(index) else { return nil }
        return index
    }

    private func path(_ key: Key) -> [any CodingKey] { decoder.path(depth: Int(depth), appending: key) }

    func contains(_ key: Key) -> Bool { valueIndex(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.isNull(try require(key)) }

    // MARK: - Required members

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key) }

    /// The member's scalar; an error for a missing member or a value that is not a `V`.
    @inline(__always)
    private func value<V: TapeScalar>(_ key: Key) throws -> V {
        try scalar(at: try require(key), key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decodeValue(type, at: try require(key), depth: Int(depth), key: key)
    }

    // MARK: - Optional members: one lookup instead of the default `contains`, `decodeNil` and `decode`

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optionalValue(key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optionalValue(key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optionalValue(key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optionalValue(key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalValue(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optionalValue(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optionalValue(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optionalValue(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optionalValue(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optionalValue(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optionalValue(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optionalValue(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optionalValue(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optionalValue(key) }

    /// The member's scalar, or `nil` when it is missing or `null`.
    @inline(__always)
    private func optionalValue<V: TapeScalar>(_ key: Key) throws -> V? {
        guard let index = present(key) else { return nil }
        return try scalar(at: index, key)
    }

    /// The value at `index` as `V`. The error's path is built here rather than in a closure: a closure capturing
    /// the generic `Key` costs a metadata lookup on every member, failing or not.
    @inline(__always)
    private func scalar<V: TapeScalar>(at index: Int, _ key: Key) throws -> V {
        guard let value = V.read(index, in: decoder) else {
            throw decoder.failure(V.expected, at: index, path: path(key))
        }
        return value
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = present(key) else { return nil }
        return try decoder.decodeValue(type, at: index, depth: Int(depth), key: key)
    }

    // MARK: - Containers asked for by hand

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.detached(at: try require(key), depth: Int(depth), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.detached(at: try require(key), depth: Int(depth), key: key).unkeyedContainer()
    }

    /// The decoder of the member `super`, as `Codable` defines it; `Key` need not have a `super` case.
    func superDecoder() throws -> any Decoder {
        try superDecoder(under: MemberCodingKey.superKey)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder(under: key)
    }

    private func superDecoder(under key: some CodingKey) throws -> any Decoder {
        decoder.detached(at: try require(key), depth: Int(depth), key: key)
    }
}
