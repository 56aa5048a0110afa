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
        self = .object(try decoder.decodeObject(of: XMLRecordMember.self))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null: try encoder.encodeNull()
        case .string(let text): try text.encode(to: encoder)
        case .array(let elements): try encoder.encodeArray(elements)
        case .object(let members): try encoder.encodeObject(members)
        }
    }
}

extension XMLRecordMember: ObjectMember {}
