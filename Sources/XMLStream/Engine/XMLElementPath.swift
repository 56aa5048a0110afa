/// The element path of an error (`/feed/entry[3]/title`), for every XML decoder.
///
/// A hostile document can nest thousands of elements deep: such a path keeps its first 8 and last 4 elements and
/// says how many it left out between them, so that an error stays one readable line.
package enum XMLElementPath {
    /// The path of `depth` open elements; `component(index)` names the element at that depth (with `[n]` for a
    /// counted item). `leading`: whether the path starts with `/` (feeds) or with the root's name (records).
    package static func make(depth: Int, leading: Bool = true, component: (Int) -> String) -> String {
        var path = ""
        for index in 0..<depth {
            if depth > 24, index == 8 {
                path += "/…\(depth - 12) more…"
            }
            if depth > 24, index >= 8, index < depth - 4 { continue }
            if leading || !path.isEmpty { path += "/" }
            path += component(index)
        }
        return path
    }
}
