import StreamCore

extension XMLRecordValue {
    /// The value as compact JSON text, members in document order (what `feedstream xml-items` prints).
    public var jsonText: String { JSONWriter.text(of: write(to:)) }

    /// Appends the compact JSON text of the value.
    public func write(to text: inout String) {
        text += jsonText
    }

    /// Writes the compact JSON text of the value.
    package func write(to writer: JSONWriter) {
        switch self {
        case .null: writer.writeNull()
        case .string(let string): writer.writeString(string)
        case .array(let elements): writer.writeArray(elements) { $0.write(to: writer) }
        case .object(let members): writer.writeObject(members, key: \.key) { $0.value.write(to: writer) }
        }
    }
}
