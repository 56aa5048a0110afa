import StreamCore

extension XMLRecordValue {
    /// The value as compact JSON text, members in document order (what `feedstream xml-items` prints).
    public var jsonText: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// Appends the compact JSON text of the value.
    public func write(to text: inout String) {
        switch self {
        case .null: text += "null"
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

    private static func writeString(_ string: String, to text: inout String) {
        JSONStringLiteral.append(string, to: &text)
    }
}
