/// The readable part of a page, kept while it streams in: elements with their attributes and text, in arrays
/// indexed by node, so that a page's nodes cost one array slot each and the tree can be copied (each of
/// Readability's attempts starts from the page as it was).
///
/// What it never holds: the head (its title, meta and JSON-LD are read as they pass), `script`, `style`,
/// `noscript`, `template`, comments, and elements a reader never sees (`hidden`, `aria-hidden`,
/// `display: none`). ``ArticleExtractor/Options`` bounds the nodes and bytes it may hold.
struct PageTree {
    struct Attribute: Hashable {
        var name: String
        var value: String
    }

    struct Node {
        /// Lowercase element name; ``PageTree/textTag`` for a text node.
        var tag: String
        var content: Content
        var parent: Int32 = -1
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var next: Int32 = -1
        var previous: Int32 = -1
    }

    /// What a node holds besides its place: an element its attributes, a text node its text and the text's
    /// measure (kept as text is appended). One or the other, so that a node costs no more than before it kept a
    /// measure (``PackedTextMeasure``).
    enum Content {
        case element([Attribute])
        case text(String, PackedTextMeasure)
    }

    static let textTag = "#text"

    private(set) var nodes: [Node] = []

    /// Makes a detached element.
    mutating func makeElement(_ tag: String, attributes: [Attribute] = []) -> Int {
        nodes.append(Node(tag: tag, content: .element(attributes)))
        return nodes.count - 1
    }

    /// Makes a detached text node.
    mutating func makeText(_ text: String) -> Int {
        nodes.append(Node(tag: Self.textTag, content: .text(text, PackedTextMeasure(TextMeasure(text)))))
        return nodes.count - 1
    }

    func tag(_ node: Int) -> String { nodes[node].tag }
    func isText(_ node: Int) -> Bool {
        if case .text = nodes[node].content { true } else { false }
    }
    func isElement(_ node: Int) -> Bool { !isText(node) }
    func parent(_ node: Int) -> Int? { let parent = nodes[node].parent; return parent < 0 ? nil : Int(parent) }
    func firstChild(_ node: Int) -> Int? { let child = nodes[node].firstChild; return child < 0 ? nil : Int(child) }
    func lastChild(_ node: Int) -> Int? { let child = nodes[node].lastChild; return child < 0 ? nil : Int(child) }
    func next(_ node: Int) -> Int? { let next = nodes[node].next; return next < 0 ? nil : Int(next) }
    func previous(_ node: Int) -> Int? {
        let previous = nodes[node].previous
        return previous < 0 ? nil : Int(previous)
    }

    mutating func setTag(_ node: Int, _ tag: String) { nodes[node].tag = tag }
    mutating func appendText(_ node: Int, _ appended: String) {
        guard case .text(var text, let measure) = nodes[node].content else { return }
        nodes[node].content = .element([])  // so that the text is uniquely held while it grows
        text += appended
        nodes[node].content = .text(text, PackedTextMeasure(measure.measure.followed(by: TextMeasure(appended))))
    }

    func text(_ node: Int) -> String {
        if case .text(let text, _) = nodes[node].content { text } else { "" }
    }

    /// The measure of a text node's text (``TextMeasure/empty`` for an element).
    private func ownMeasure(_ node: Int) -> TextMeasure {
        if case .text(_, let measure) = nodes[node].content { measure.measure } else { .empty }
    }

    func attribute(_ node: Int, _ name: String) -> String? {
        attributes(node).first { $0.name == name }?.value
    }

    func attributes(_ node: Int) -> [Attribute] {
        if case .element(let attributes) = nodes[node].content { attributes } else { [] }
    }

    mutating func setAttribute(_ node: Int, _ name: String, _ value: String) {
        guard case .element(var attributes) = nodes[node].content else { return }
        nodes[node].content = .element([])
        if let index = attributes.firstIndex(where: { $0.name == name }) {
            attributes[index].value = value
        } else {
            attributes.append(Attribute(name: name, value: value))
        }
        nodes[node].content = .element(attributes)
    }

    mutating func removeAttribute(_ node: Int, _ name: String) {
        guard case .element(var attributes) = nodes[node].content else { return }
        nodes[node].content = .element([])
        attributes.removeAll { $0.name == name }
        nodes[node].content = .element(attributes)
    }

    /// `class` and `id` joined by a blank, as Readability matches its hints against them.
    func matchString(_ node: Int) -> String {
        (attribute(node, "class") ?? "") + " " + (attribute(node, "id") ?? "")
    }

    // MARK: Structure

    /// The node's children, elements and text, in order.
    func childNodes(_ node: Int) -> [Int] {
        var children: [Int] = []
        var child = firstChild(node)
        while let current = child {
            children.append(current)
            child = next(current)
        }
        return children
    }

    /// The node's element children, in order.
    func children(_ node: Int) -> [Int] { childNodes(node).filter(isElement) }

    /// Takes `node` out of its parent; it keeps its own children.
    mutating func detach(_ node: Int) {
        let entry = nodes[node]
        if entry.previous >= 0 { nodes[Int(entry.previous)].next = entry.next }
        if entry.next >= 0 { nodes[Int(entry.next)].previous = entry.previous }
        if entry.parent >= 0 {
            let parent = Int(entry.parent)
            if nodes[parent].firstChild == Int32(node) { nodes[parent].firstChild = entry.next }
            if nodes[parent].lastChild == Int32(node) { nodes[parent].lastChild = entry.previous }
        }
        nodes[node].parent = -1
        nodes[node].next = -1
        nodes[node].previous = -1
    }

    /// Moves `child` to the end of `parent`'s children.
    mutating func append(_ child: Int, to parent: Int) {
        detach(child)
        let last = nodes[parent].lastChild
        nodes[child].parent = Int32(parent)
        nodes[child].previous = last
        if last >= 0 { nodes[Int(last)].next = Int32(child) } else { nodes[parent].firstChild = Int32(child) }
        nodes[parent].lastChild = Int32(child)
    }

    /// Puts `node` where `old` is; `old` is detached.
    mutating func replace(_ old: Int, with node: Int) {
        guard old != node else { return }
        detach(node)
        let entry = nodes[old]
        nodes[node].parent = entry.parent
        nodes[node].previous = entry.previous
        nodes[node].next = entry.next
        if entry.previous >= 0 { nodes[Int(entry.previous)].next = Int32(node) }
        if entry.next >= 0 { nodes[Int(entry.next)].previous = Int32(node) }
        if entry.parent >= 0 {
            let parent = Int(entry.parent)
            if nodes[parent].firstChild == Int32(old) { nodes[parent].firstChild = Int32(node) }
            if nodes[parent].lastChild == Int32(old) { nodes[parent].lastChild = Int32(node) }
        }
        nodes[old].parent = -1
        nodes[old].next = -1
        nodes[old].previous = -1
    }

    /// The next node in document order (depth first) after `node`, skipping its subtree with `skippingChildren`,
    /// elements only, never leaving `root`'s subtree.
    func nextElement(after node: Int, skippingChildren: Bool = false, within root: Int? = nil) -> Int? {
        if !skippingChildren, let child = firstElementChild(node) { return child }
        var current: Int? = node
        while let here = current, here != root {
            if let sibling = nextElementSibling(here) { return sibling }
            current = parent(here)
        }
        return nil
    }

    func firstElementChild(_ node: Int) -> Int? {
        var child = firstChild(node)
        while let current = child, isText(current) { child = next(current) }
        return child
    }

    func nextElementSibling(_ node: Int) -> Int? {
        var sibling = next(node)
        while let current = sibling, isText(current) { sibling = next(current) }
        return sibling
    }

    func previousElementSibling(_ node: Int) -> Int? {
        var sibling = previous(node)
        while let current = sibling, isText(current) { sibling = previous(current) }
        return sibling
    }

    /// Every element below `node` (not `node` itself) whose tag is in `tags`, in document order.
    func descendants(_ node: Int, tags: [String]) -> [Int] {
        var found: [Int] = []
        var current = nextElement(after: node, within: node)
        while let here = current {
            // A few short names: comparing them costs less than hashing the tag.
            if tags.contains(nodes[here].tag) { found.append(here) }
            current = nextElement(after: here, within: node)
        }
        return found
    }

    func descendants(_ node: Int, tag: String) -> [Int] {
        var found: [Int] = []
        var current = nextElement(after: node, within: node)
        while let here = current {
            if nodes[here].tag == tag { found.append(here) }
            current = nextElement(after: here, within: node)
        }
        return found
    }

    func count(_ node: Int, tag: String) -> Int {
        var count = 0
        var current = nextElement(after: node, within: node)
        while let here = current {
            if nodes[here].tag == tag { count += 1 }
            current = nextElement(after: here, within: node)
        }
        return count
    }

    /// Whether an ancestor of `node`, at most `maximumDepth` levels up (unbounded when negative), is a `tag`
    /// for which `filter` holds.
    func hasAncestor(
        _ node: Int, tag: String, maximumDepth: Int = 3, where filter: ((Int) -> Bool)? = nil
    ) -> Bool {
        var depth = 0
        var current = node
        while let up = parent(current) {
            if maximumDepth > 0 && depth > maximumDepth { return false }
            if nodes[up].tag == tag && (filter?(up) ?? true) { return true }
            current = up
            depth += 1
        }
        return false
    }

    // MARK: Text

    /// Every text below `node`, concatenated (the DOM's `textContent`).
    func textContent(_ node: Int) -> String {
        if isText(node) { return text(node) }
        var text = ""
        var stack: [Int] = []
        var child = lastChild(node)
        while let current = child { stack.append(current); child = previous(current) }
        while let current = stack.popLast() {
            if isText(current) {
                text += self.text(current)
                continue
            }
            var child = lastChild(current)
            while let below = child { stack.append(below); child = previous(below) }
        }
        return text
    }

    /// Whether any text below `node` is not white space, found without making the text.
    func hasText(_ node: Int) -> Bool {
        if isText(node) { return !TextScan.isBlank(text(node)) }
        var current = firstChild(node)
        var stack: [Int] = []
        while true {
            guard let here = current else {
                guard let resume = stack.popLast() else { return false }
                current = next(resume)
                continue
            }
            if isText(here) {
                if !TextScan.isBlank(text(here)) { return true }
                current = next(here)
            } else {
                stack.append(here)
                current = firstChild(here)
            }
        }
    }

    /// The commas (`,` only) in the text below `node`.
    func commaCount(_ node: Int) -> Int { textMeasure(node).commas }

    /// The text nodes below `node`, in document order.
    func textNodes(below node: Int) -> [Int] {
        if isText(node) { return [node] }
        var found: [Int] = []
        var stack: [Int] = []
        var child = lastChild(node)
        while let current = child { stack.append(current); child = previous(current) }
        while let current = stack.popLast() {
            if isText(current) {
                found.append(current)
                continue
            }
            var child = lastChild(current)
            while let below = child { stack.append(below); child = previous(below) }
        }
        return found
    }

    /// `textContent` trimmed, runs of two or more blanks made one (Readability's `_getInnerText`).
    func innerText(_ node: Int, normalizingSpaces: Bool = true) -> String {
        let trimmed = TextScan.trimmed(textContent(node))
        return normalizingSpaces ? TextScan.collapsingBlankRuns(trimmed) : trimmed
    }

    /// The length of ``innerText(_:normalizingSpaces:)``, in UTF-16 code units as JavaScript counts it, made from
    /// the text nodes' measures: every character that is not white space, and one for each run of white space
    /// between two that are (a run of two or more becomes one blank; a single one stays one).
    func innerTextLength(_ node: Int) -> Int { textMeasure(node).length }

    /// The commas below `node` that Readability's scoring counts (``TextScan/isScriptComma(_:)``).
    func scoringCommaCount(_ node: Int) -> Int { textMeasure(node).scriptCommas }

    /// The measure of the text below `node`, made from its text nodes' in document order.
    func textMeasure(_ node: Int) -> TextMeasure {
        if isText(node) { return ownMeasure(node) }
        var measure = TextMeasure.empty
        var stack: [Int] = []
        var child = lastChild(node)
        while let current = child { stack.append(current); child = previous(current) }
        while let current = stack.popLast() {
            if isText(current) {
                measure = measure.followed(by: ownMeasure(current))
                continue
            }
            var child = lastChild(current)
            while let below = child { stack.append(below); child = previous(below) }
        }
        return measure
    }
}
