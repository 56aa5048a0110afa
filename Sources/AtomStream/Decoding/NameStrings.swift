@_spi(XMLEngine) import XMLStream
/// The `String`s of the extension elements' names, made once per parser.
///
/// A feed's items repeat the same few extension elements (`itunes:duration`, `slash:comments`, ...), so a short
/// scan comparing interned pointers finds the pair of strings for an element; hashing each name, as a dictionary
/// would, costs several times more. Past `capacity` distinct elements (no real feed has that many) further names
/// are made afresh each time, so a hostile document cannot make the scan long.
struct NameStrings {
    private struct Entry {
        let namespace: XMLName
        let localName: XMLName
        let strings: (namespace: String, localName: String)
    }

    private var entries: [Entry] = []
    private let capacity = 64

    /// The strings for an element's namespace and local name.
    mutating func strings(namespace: XMLName, localName: XMLName) -> (namespace: String, localName: String) {
        for entry in entries where entry.localName == localName && entry.namespace == namespace {
            return entry.strings
        }
        // A namespace met before with another local name keeps sharing its string.
        let namespaceString =
            entries.first { $0.namespace == namespace }?.strings.namespace ?? namespace.string
        let strings = (namespace: namespaceString, localName: localName.string)
        if entries.count < capacity {
            entries.append(Entry(namespace: namespace, localName: localName, strings: strings))
        }
        return strings
    }
}
