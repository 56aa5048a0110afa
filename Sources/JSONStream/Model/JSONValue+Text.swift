import StreamCore

extension JSONValue {
    /// The value as compact JSON text, members in document order (what `feedstream json` prints).
    public var jsonText: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// Appends the compact JSON text of the value.
    public func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .integer(let value): text += String(value)
        case .unsignedInteger(let value): text += String(value)
        case .double(let value): text += Self.numberText(value)
        case .string(let string): Self.writeString(string, to: &text)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                Self.writeString(member.key, to: &text)
                text += ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    /// Shortest round-trip form; integral values keep a `.0` so they read back as doubles.
    private static func numberText(_ value: Double) -> String {
        value.description
    }

    private static func writeString(_ string: String, to text: inout String) {
        JSONStringLiteral.append(string, to: &text)
    }
}
