/// Any JSON value, for untyped reading: `JSONItemParser<JSONValue>`.
///
/// Numbers keep their exact type: integer literals are ``integer(_:)`` (or ``unsignedInteger(_:)`` above
/// `Int64.max`), everything else ``double(_:)``; a number none of them can hold is an error when parsing, never a
/// rounding. Objects keep their members in document order, duplicates included, so a value prints back as read.
public enum JSONValue: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer literal that fits in `Int64`.
    case integer(Int64)
    /// An integer literal above `Int64.max` that fits in `UInt64`.
    case unsignedInteger(UInt64)
    /// A number with a fraction or an exponent.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object: its members in document order.
    case object([JSONMember])

    /// The value of the member named `key` (the last one when the name repeats), or `nil`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The element at `index` of an array, or `nil`.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number as a `Double` (integers converted), when this is a number.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .unsignedInteger(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The number as an `Int64`, when it is one exactly.
    public var int64Value: Int64? {
        switch self {
        case .integer(let value): value
        case .unsignedInteger(let value): Int64(exactly: value)
        case .double(let value): Int64(exactly: value)
        default: nil
        }
    }
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Hashable, Codable {
    /// The member name.
    public var key: String
    /// The member value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
