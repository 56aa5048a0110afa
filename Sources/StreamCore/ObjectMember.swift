/// One member of an object in a value tree of any shape (`JSONMember`, `XMLRecordMember`): a name and a value,
/// kept in document order.
///
/// Both trees go through `Codable` the same way: objects as keyed containers with ``MemberCodingKey``, arrays as
/// unkeyed containers, `null` as a single value (a scalar encodes itself). The helpers below are that way, written once.
package protocol ObjectMember {
    associatedtype Value: Codable

    var key: String { get }
    var value: Value { get }

    init(key: String, value: Value)
}

extension Encoder {
    /// Encodes `members` as a keyed container, in their order.
    package func encodeObject<Member: ObjectMember>(_ members: [Member]) throws {
        var container = container(keyedBy: MemberCodingKey.self)
        for member in members {
            try container.encode(member.value, forKey: MemberCodingKey(stringValue: member.key))
        }
    }

    /// Encodes the tree's `null` as a single value.
    package func encodeNull() throws {
        var container = singleValueContainer()
        try container.encodeNil()
    }

    /// Encodes `elements` as an unkeyed container, in their order.
    package func encodeArray<Element: Encodable>(_ elements: [Element]) throws {
        var container = unkeyedContainer()
        for element in elements { try container.encode(element) }
    }
}

extension Decoder {
    /// The members of a keyed container, in the order the decoder lists its keys.
    package func decodeObject<Member: ObjectMember>(of member: Member.Type) throws -> [Member] {
        let container = try container(keyedBy: MemberCodingKey.self)
        return try container.allKeys.map { key in
            Member(key: key.stringValue, value: try container.decode(Member.Value.self, forKey: key))
        }
    }
}
