/// HTML's void elements: the ones that never have content or an end tag (`<br>`, `<img …>`). Written once for
/// every part that needs them: re-serializing markup (`<br />`, never `<br></br>`), sanitizing, and repairing the
/// unescaped HTML of hand-made feeds before libxml2 sees it. The sanitizer's and the serializers' idea of "void"
/// must agree, or an element left open by one is closed by another.
package enum HTMLVoidElements {
    /// Every void element name, lowercase: WHATWG's (area … wbr) plus the obsolete void elements feeds still carry
    /// (basefont, bgsound, command, frame, image, isindex, keygen).
    package static let names: Set<String> = [
        "area", "base", "basefont", "bgsound", "br", "col", "command", "embed", "frame", "hr", "image", "img",
        "input", "isindex", "keygen", "link", "meta", "param", "source", "track", "wbr",
    ]

    /// Whether `name` (any case) is a void element.
    package static func contains(_ name: String) -> Bool {
        names.contains(name.lowercased())
    }

    /// The void elements ``MarkupRepair`` closes where feeds leave them open: WHATWG's, less `link` and `source`
    /// (RSS has elements of those names) and `base` and `track` (never in the HTML feeds carry).
    package static let repairedInFeeds: [String] = [
        "area", "br", "col", "embed", "hr", "img", "input", "meta", "param", "wbr",
    ]
}
