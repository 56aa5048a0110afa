/// A ``SiteRule``'s selector, read: alternatives of descendant chains of compound selectors (tag, `.class`,
/// `#id`).
struct SiteSelector {
    struct Compound: Equatable {
        var tag: String?
        var classes: [String] = []
        var id: String?
    }

    /// Each alternative's chain, outermost first.
    let alternatives: [[Compound]]

    /// Reads `text`; `nil` when it uses anything beyond the subset (combinators `>` `+` `~`, attributes,
    /// pseudo-classes) or is empty.
    init?(_ text: String) {
        var alternatives: [[Compound]] = []
        for alternative in text.split(separator: ",") {
            var chain: [Compound] = []
            for part in alternative.split(whereSeparator: \.isWhitespace) {
                guard let compound = Self.compound(part) else { return nil }
                chain.append(compound)
            }
            guard !chain.isEmpty else { return nil }
            alternatives.append(chain)
        }
        guard !alternatives.isEmpty else { return nil }
        self.alternatives = alternatives
    }

    private static func compound(_ text: Substring) -> Compound? {
        var compound = Compound()
        var index = text.startIndex
        func name() -> String? {
            let start = index
            while index < text.endIndex, text[index].isLetter || text[index].isNumber || "-_".contains(text[index]) {
                index = text.index(after: index)
            }
            return start == index ? nil : String(text[start..<index])
        }
        if let tag = name() {
            compound.tag = tag.lowercased()
        } else if text.first == "*" {
            index = text.index(after: index)
        }
        while index < text.endIndex {
            let marker = text[index]
            index = text.index(after: index)
            guard let value = name() else { return nil }
            switch marker {
            case ".": compound.classes.append(value)
            case "#": compound.id = value
            default: return nil
            }
        }
        return compound
    }

    /// The elements below `root` that match, in document order, none inside another one found.
    func matches(in tree: PageTree, below root: Int) -> [Int] {
        var found: [Int] = []
        var node = tree.nextElement(after: root, within: root)
        while let current = node {
            if alternatives.contains(where: { matches(current, $0, tree) }) {
                found.append(current)
                node = tree.nextElement(after: current, skippingChildren: true, within: root)
            } else {
                node = tree.nextElement(after: current, within: root)
            }
        }
        return found
    }

    private func matches(_ node: Int, _ chain: [Compound], _ tree: PageTree) -> Bool {
        guard let last = chain.last, matches(node, last, tree) else { return false }
        var remaining = chain.dropLast()
        var current = tree.parent(node)
        while let compound = remaining.last {
            guard let here = current else { return false }
            if matches(here, compound, tree) { remaining.removeLast() }
            current = tree.parent(here)
        }
        return true
    }

    private func matches(_ node: Int, _ compound: Compound, _ tree: PageTree) -> Bool {
        if let tag = compound.tag, tree.tag(node) != tag { return false }
        if let id = compound.id, tree.attribute(node, "id") != id { return false }
        if !compound.classes.isEmpty {
            let written = tree.attribute(node, "class") ?? ""
            let classes = Set(written.split(whereSeparator: \.isWhitespace).map(String.init))
            if !compound.classes.allSatisfy(classes.contains) { return false }
        }
        return true
    }
}
