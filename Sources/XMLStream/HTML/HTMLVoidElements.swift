/// HTML's void elements: the ones that never have content or an end tag (`<br>`, `<img …>`), written `<br />`
/// when markup is re-serialized.
///
/// The list is WHATWG's (area … wbr) plus the obsolete void elements feeds still carry (basefont, bgsound,
/// command, frame, image, isindex, keygen, spacer is not one). One list for every user: the sanitizer's and
/// the serializers' idea of "void" must agree, or an element left open by one is closed by another.
package enum HTMLVoidElements {
    /// Every void element name, lowercase.
    package static let names: Set<String> = [
        "area", "base", "basefont", "bgsound", "br", "col", "command", "embed", "frame", "hr", "image", "img",
        "input", "isindex", "keygen", "link", "meta", "param", "source", "track", "wbr",
    ]

    /// Whether `name` (any case) is a void element.
    package static func contains(_ name: String) -> Bool {
        names.contains(name.lowercased())
    }
}
