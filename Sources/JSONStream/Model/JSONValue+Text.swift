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
        case .string(let string): JSONStringLiteral.append(string, to: &text)
        case .array(let elements):
            JSONCompactText.appendArray(elements, to: &text) { element, text in element.write(to: &text) }
        case .object(let members):
            JSONCompactText.appendObject(members, to: &text, key: \.key) { member, text in
                member.value.write(to: &text)
            }
        }
    }

    /// Shortest round-trip form; integral values keep a `.0` so they read back as doubles.
    private static func numberText(_ value: Double) -> String {
        value.description
    }
}
