/// The compact JSON text of the value trees FeedStream hands out (`JSONValue`, `XMLRecordValue`): arrays and
/// objects written the one way, members in the order given, strings through ``JSONStringLiteral``.
public enum JSONCompactText {
    /// Appends `[e1,e2,…]`, each element written by `write`.
    public static func appendArray<Elements: Sequence>(
        _ elements: Elements, to text: inout String, _ write: (Elements.Element, inout String) -> Void
    ) {
        text += "["
        var first = true
        for element in elements {
            if !first { text += "," }
            first = false
            write(element, &text)
        }
        text += "]"
    }

    /// Appends `{"k1":v1,…}`, each member's key from `key` and its value written by `write`.
    public static func appendObject<Members: Sequence>(
        _ members: Members, to text: inout String, key: (Members.Element) -> String,
        _ write: (Members.Element, inout String) -> Void
    ) {
        text += "{"
        var first = true
        for member in members {
            if !first { text += "," }
            first = false
            JSONStringLiteral.append(key(member), to: &text)
            text += ":"
            write(member, &text)
        }
        text += "}"
    }
}
