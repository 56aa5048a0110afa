@_spi(XMLEngine) import XMLStream
/// One open element of a feed document: what it means to the decoder (`Role`: ``AtomRole``, ``RSSRole``), its name
/// for the element path of errors, and whether it pushed an `xml:base`. One stack of these per decoder.
struct ElementFrame<Role> {
    var role: Role
    let localName: XMLName
    /// Whether this element set an `xml:base`, to be popped when it closes.
    let setsBase: Bool
}
