/// The containers of ``JSONWriter``: each writes straight into the encoder's bytes.
///
/// A container handed out for a use the encoder does not mirror (a second container for one value) is invalid:
/// its first write throws ``JSONWriter/Unsupported``, and the value is encoded by `JSONEncoder` instead.
///
extension JSONWriter {
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        /// Unowned: the writer keeps the containers it made (``JSONWriter/keyedContainers``), and a strong
        /// reference back would keep both alive forever. The container never outlasts the writer. `Unmanaged`
        /// rather than `unowned let`, by measurement: the checked unowned reference costs `--child atom-json`
        /// +2.6 % (700.93 M -> 713.29 M with the writer's exclusivity checked too, callgrind net of start-up).
        let writer: Unmanaged<JSONWriter>
        let valid: Bool

        init(encoder: JSONWriter, valid: Bool) {
            writer = .passUnretained(encoder)
            self.valid = valid
        }

        private var encoder: JSONWriter { writer.takeUnretainedValue() }

        var codingPath: [any CodingKey] { [] }

        /// Writes the member `key`, its value written by `write`; the writer is lent without a retain.
        @inline(__always)
        private func member(_ key: Key, _ write: (JSONWriter) throws -> Void) throws {
            guard valid else { throw Unsupported() }
            try writer._withUnsafeGuaranteedRef { encoder in
                let member = encoder.beginMember(key.stringValue)
                try write(encoder)
                encoder.endMember(member)
            }
        }

        mutating func encodeNil(forKey key: Key) throws { try member(key) { $0.writeNull() } }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try member(key) { $0.writeBool(value) } }
        mutating func encode(_ value: String, forKey key: Key) throws { try member(key) { $0.writeString(value) } }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try member(key) { try $0.encodeValue(value) }
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            try member(key) { try $0.writeFloatingPoint(value) }
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            try member(key) { try $0.writeFloatingPoint(value) }
        }
        mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

        @inline(__always)
        private func integer(_ value: some BinaryInteger, _ key: Key) throws {
            try member(key) { $0.writeInteger(value) }
        }

        // What synthesized conformances call for optionals. The protocol's default for a generic `T?` looks up
        // `Optional<T>`'s metadata on every call; these skip `nil` first.
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) }
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
            if let value { try integer(value, key) }
        }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
            if let value { try integer(value, key) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            encoder.unsupportedUse = true
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: encoder, valid: false))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            encoder.unsupportedUse = true
            return UnkeyedContainer(encoder: encoder, valid: false)
        }

        mutating func superEncoder() -> any Encoder {
            encoder.unsupportedUse = true
            return encoder
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            encoder.unsupportedUse = true
            return encoder
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer, ScalarContainer {
        let encoder: JSONWriter
        let valid: Bool

        var codingPath: [any CodingKey] { [] }
        var count: Int { encoder.currentCount }

        @inline(__always)
        func begin() throws {
            guard valid else { throw Unsupported() }
            encoder.beginElement()
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            encoder.unsupportedUse = true
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: encoder, valid: false))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            encoder.unsupportedUse = true
            return UnkeyedContainer(encoder: encoder, valid: false)
        }

        mutating func superEncoder() -> any Encoder {
            encoder.unsupportedUse = true
            return encoder
        }
    }

    struct SingleValueContainer: SingleValueEncodingContainer, ScalarContainer {
        let encoder: JSONWriter
        let valid: Bool

        var codingPath: [any CodingKey] { [] }

        @inline(__always)
        func begin() throws {
            guard valid else { throw Unsupported() }
        }
    }
}

/// What arrays and single values share: every value is one write after ``begin()`` (a comma before an element).
protocol ScalarContainer {
    var encoder: JSONWriter { get }
    func begin() throws
}

extension ScalarContainer {
    mutating func encodeNil() throws {
        try begin()
        encoder.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        try begin()
        encoder.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        try begin()
        encoder.writeString(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try begin()
        try encoder.encodeValue(value)
    }

    mutating func encode(_ value: Double) throws {
        try begin()
        try encoder.writeFloatingPoint(value)
    }

    mutating func encode(_ value: Float) throws {
        try begin()
        try encoder.writeFloatingPoint(value)
    }

    @inline(__always)
    private func integer(_ value: some BinaryInteger) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }
}
