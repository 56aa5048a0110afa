/// A value tree that prints as compact JSON (`JSONValue`, `XMLRecordValue`): each writes its own cases to a
/// ``JSONWriter``; its text, from that, is written once here.
package protocol JSONTextValue {
    /// Writes the compact JSON text of the value.
    func write(to writer: JSONWriter)
}

extension JSONTextValue {
    /// The value as compact JSON text, members in document order (what `feedstream json`, `items` and
    /// `xml-items` print).
    public var jsonText: String {
        let writer = JSONWriter()
        write(to: writer)
        return writer.text
    }

    /// Appends the compact JSON text of the value.
    public func write(to text: inout String) {
        text += jsonText
    }
}
