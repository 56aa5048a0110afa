/// HTML's void elements: the ones that never have content or an end tag (`<br>`, `<img …>`). Written once for
/// every part that needs them: re-serializing markup (`<br />`, never `<br></br>`), and repairing the unescaped
/// HTML of hand-made feeds before libxml2 sees it.
package enum HTMLVoidElements {
    /// Every void element, by lower-case name.
    package static let names: [String] = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]

    /// The void elements ``MarkupRepair`` closes where feeds leave them open. `link` and `source` are left out: RSS
    /// has elements of those names; `base` and `track` never appear in the HTML feeds carry.
    package static let repairedInFeeds: [String] = names.filter { !["base", "link", "source", "track"].contains($0) }
}
