/// The containers of ``JSONWriter``: each writes straight into the encoder's bytes.
///
/// A container handed out for a use the encoder does not mirror (a second container for one value) is invalid:
/// its first write throws ``JSONWriter/Unsupported``, and the value is encoded by `JSONEncoder` instead.
extension JSONWriter {
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: JSONWriter
        let valid: Bool

        var codingPath: [any CodingKey] { [] }

        private func member(_ key: Key, _ write: () throws -> Void) throws {
            guard valid else { throw Unsupported() }
            let name = key.stringValue
            let start = encoder.beginMember(name)
            try write()
            encoder.endMember(name, start: start)
        }

        mutating func encodeNil(forKey key: Key) throws { try member(key) { encoder.writeNull() } }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try member(key) { encoder.writeBool(value) } }
        mutating func encode(_ value: String, forKey key: Key) throws {
            try member(key) { encoder.writeString(value) }
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            try member(key) { try encoder.writeFloatingPoint(value) }
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            try member(key) { try encoder.writeFloatingPoint(value) }
        }
    mutating func encode(_ value: Int, forKey key: Key) throws { try member(key) { encoder.writeInteger(value) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try member(key) { encoder.writeInteger(value) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try member(key) { encoder.writeInteger(value) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try member(key) { encoder.writeInteger(value) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try member(key) { encoder.writeInteger(value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try member(key) { encoder.writeInteger(value) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try member(key) { encoder.writeInteger(value) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try member(key) { encoder.writeInteger(value) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try member(key) { encoder.writeInteger(value) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try member(key) { encoder.writeInteger(value) } }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try member(key) { try encoder.encodeValue(value) }
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

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let encoder: JSONWriter
        let valid: Bool

        var codingPath: [any CodingKey] { [] }
        var count: Int { encoder.currentCount }

        private func element(_ write: () throws -> Void) throws {
            guard valid else { throw Unsupported() }
            encoder.beginElement()
            try write()
        }

        mutating func encodeNil() throws { try element { encoder.writeNull() } }
        mutating func encode(_ value: Bool) throws { try element { encoder.writeBool(value) } }
        mutating func encode(_ value: String) throws { try element { encoder.writeString(value) } }
        mutating func encode(_ value: Double) throws { try element { try encoder.writeFloatingPoint(value) } }
        mutating func encode(_ value: Float) throws { try element { try encoder.writeFloatingPoint(value) } }
        mutating func encode(_ value: Int) throws { try element { encoder.writeInteger(value) } }
        mutating func encode(_ value: Int8) throws { try element { encoder.writeInteger(value) } }
        mutating func encode(_ value: Int16) throws { try element { encoder.writeInteger(value) } }
        mutating func encode(_ value: Int32) throws { try element { encoder.writeInteger(value) } }
        mutating func encode(_ value: Int64) throws { try element { encoder.writeInteger(value) } }
        mutating func encode(_ value: UInt) throws { try element { encoder.writeInteger(value) } }
        mutating func encode(_ value: UInt8) throws { try element { encoder.writeInteger(value) } }
        mutating func encode(_ value: UInt16) throws { try element { encoder.writeInteger(value) } }
        mutating func encode(_ value: UInt32) throws { try element { encoder.writeInteger(value) } }
        mutating func encode(_ value: UInt64) throws { try element { encoder.writeInteger(value) } }
        mutating func encode<T: Encodable>(_ value: T) throws { try element { try encoder.encodeValue(value) } }

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

    struct SingleValueContainer: SingleValueEncodingContainer {
        let encoder: JSONWriter
        let valid: Bool

        var codingPath: [any CodingKey] { [] }

        private func single(_ write: () throws -> Void) throws {
            guard valid else { throw Unsupported() }
            try write()
        }

        mutating func encodeNil() throws { try single { encoder.writeNull() } }
        mutating func encode(_ value: Bool) throws { try single { encoder.writeBool(value) } }
        mutating func encode(_ value: String) throws { try single { encoder.writeString(value) } }
        mutating func encode(_ value: Double) throws { try single { try encoder.writeFloatingPoint(value) } }
        mutating func encode(_ value: Float) throws { try single { try encoder.writeFloatingPoint(value) } }
        mutating func encode(_ value: Int) throws { try single { encoder.writeInteger(value) } }
        mutating func encode(_ value: Int8) throws { try single { encoder.writeInteger(value) } }
        mutating func encode(_ value: Int16) throws { try single { encoder.writeInteger(value) } }
        mutating func encode(_ value: Int32) throws { try single { encoder.writeInteger(value) } }
        mutating func encode(_ value: Int64) throws { try single { encoder.writeInteger(value) } }
        mutating func encode(_ value: UInt) throws { try single { encoder.writeInteger(value) } }
        mutating func encode(_ value: UInt8) throws { try single { encoder.writeInteger(value) } }
        mutating func encode(_ value: UInt16) throws { try single { encoder.writeInteger(value) } }
        mutating func encode(_ value: UInt32) throws { try single { encoder.writeInteger(value) } }
        mutating func encode(_ value: UInt64) throws { try single { encoder.writeInteger(value) } }
        mutating func encode<T: Encodable>(_ value: T) throws { try single { try encoder.encodeValue(value) } }
    }
}
