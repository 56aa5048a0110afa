/// An XML record of any shape, for untyped reading: `XMLItemParser<XMLRecordValue>`, and what
/// `feedstream xml-items` prints.
///
/// The shape follows the usual XML-to-JSON convention: an element with attributes or child elements is an
/// ``object(_:)`` whose members are the attributes as `"@name"` (the qualified name as written), then the
/// child elements by qualified name in document order (a name that repeats becomes one ``array(_:)`` member at
/// its first place), then any text beside the children as `"#text"`; an element with only text is a
/// ``string(_:)``; an empty element is ``null``.
public enum XMLRecordValue: Sendable, Hashable {
    /// An empty element.
    case null
    /// An element with only text, or an attribute value.
    case string(String)
    /// The repeated child elements of one name.
    case array([XMLRecordValue])
    /// An element with attributes or children: its members in document order.
    case object([XMLRecordMember])

    /// The value of the member named `key` (`"@id"`, `"firstName"`, `"#text"`), or `nil`.
    public subscript(key: String) -> XMLRecordValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The element at `index` of an array, or `nil`.
    public subscript(index: Int) -> XMLRecordValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The text, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

/// One member of an ``XMLRecordValue/object(_:)``.
public struct XMLRecordMember: Sendable, Hashable, Codable {
    /// `"@name"` for an attribute, the element's qualified name, or `"#text"`.
    public var key: String
    /// The member's value.
    public var value: XMLRecordValue

    /// Creates a member.
    public init(key: String, value: XMLRecordValue) {
        self.key = key
        self.value = value
    }
}
