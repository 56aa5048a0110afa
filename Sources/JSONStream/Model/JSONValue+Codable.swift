@_spi(StreamPlumbing) import StreamCore

extension JSONValue {
    /// Decodes any value; with a JSON decoder, integers that fit `Int64` or `UInt64` stay exact.
    public init(from decoder: any Decoder) throws {
        if let value = try? decoder.singleValueContainer() {
            if value.decodeNil() {
                self = .null
                return
            }
            if let flag = try? value.decode(Bool.self) {
                self = .bool(flag)
                return
            }
            if let integer = try? value.decode(Int64.self) {
                self = .integer(integer)
                return
            }
            if let integer = try? value.decode(UInt64.self) {
                self = .unsignedInteger(integer)
                return
            }
            if let number = try? value.decode(Double.self) {
                self = .double(number)
                return
            }
            if let text = try? value.decode(String.self) {
                self = .string(text)
                return
            }
        }
        if var elements = try? decoder.unkeyedContainer() {
            var array: [JSONValue] = []
            while !elements.isAtEnd {
                array.append(try elements.decode(JSONValue.self))
            }
            self = .array(array)
            return
        }
        self = .object(try decoder.decodeObject(of: JSONMember.self))
    }

    /// Encodes the value as the JSON it stands for.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null: try encoder.encodeNull()
        case .bool(let flag): try flag.encode(to: encoder)
        case .integer(let value): try value.encode(to: encoder)
        case .unsignedInteger(let value): try value.encode(to: encoder)
        case .double(let value): try value.encode(to: encoder)
        case .string(let text): try text.encode(to: encoder)
        case .array(let elements): try encoder.encodeArray(elements)
        case .object(let members): try encoder.encodeObject(members)
        }
    }
}

extension JSONMember: ObjectMember {}
