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
        case .string(let string): JSONStringLiteral.append(string, to: &text)
        case .array(let elements):
            JSONCompactText.appendArray(elements, to: &text) { element, text in element.write(to: &text) }
        case .object(let members):
            JSONCompactText.appendObject(members, to: &text, key: \.key) { member, text in
                member.value.write(to: &text)
            }
        }
    }
}
