/// The `String`s of the names kept in extension elements, made once per parser.
///
/// A feed's items repeat the same few extension names (`itunes:duration`, `slash:comments`, ...), so a short scan
/// comparing interned pointers finds them; hashing each name, as a dictionary would, costs several times more.
/// Past `capacity` distinct names (no real feed has that many) further names are made afresh each time, so a
/// hostile document cannot make the scan long.
struct NameStrings {
    private var names: [XMLName] = []
    private var strings: [String] = []
    private let capacity = 64

    /// The string for `name`.
    mutating func string(for name: XMLName) -> String {
        for index in names.indices where names[index] == name {
            return strings[index]
        }
        let string = name.string
        if names.count < capacity {
            names.append(name)
            strings.append(string)
        }
        return string
    }
}
