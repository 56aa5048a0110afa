import StreamCore

extension JSONValue {
    /// The value as compact JSON text, members in document order (what `feedstream json` prints).
    public var jsonText: String { JSONWriter.text(of: write(to:)) }

    /// Appends the compact JSON text of the value.
    public func write(to text: inout String) {
        text += jsonText
    }

    /// Writes the compact JSON text of the value; doubles keep a `.0` when integral, so they read back as doubles.
    package func write(to writer: JSONWriter) {
        switch self {
        case .null: writer.writeNull()
        case .bool(let flag): writer.writeBool(flag)
        case .integer(let value): writer.writeInteger(value)
        case .unsignedInteger(let value): writer.writeInteger(value)
        case .double(let value): writer.writeDouble(value)
        case .string(let string): writer.writeString(string)
        case .array(let elements): writer.writeArray(elements) { $0.write(to: writer) }
        case .object(let members): writer.writeObject(members, key: \.key) { $0.value.write(to: writer) }
        }
    }
}
