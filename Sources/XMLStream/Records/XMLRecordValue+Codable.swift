@_spi(StreamPlumbing) import StreamCore

/// Encodes as the JSON the value prints as (``XMLRecordValue/jsonText``), so records can be cached with any
/// encoder and read back.
extension XMLRecordValue: Codable {
    public init(from decoder: any Decoder) throws {
        if let record = decoder as? XMLRecordDecoder {
            self = XMLRecordValue(tree: record.tree, node: record.node)
            return
        }
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() {
                self = .null
                return
            }
            if let text = try? container.decode(String.self) {
                self = .string(text)
                return
            }
            if let elements = try? container.decode([XMLRecordValue].self) {
                self = .array(elements)
                return
            }
        }
        let container = try decoder.container(keyedBy: MemberCodingKey.self)
        self = .object(
            try container.allKeys.map { key in
                XMLRecordMember(key: key.stringValue, value: try container.decode(XMLRecordValue.self, forKey: key))
            })
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: MemberCodingKey.self)
            for member in members {
                try container.encode(member.value, forKey: MemberCodingKey(stringValue: member.key))
            }
        }
    }
}
