import StreamCore
@_spi(XMLEngine) import XMLStream

/// Receives the HTML parser's events and keeps what an article can be made of: the body's readable elements in a
/// ``PageTree``, and the head's title, meta, base and JSON-LD in ``PageFacts``.
///
/// Memory is bounded by ``ArticleExtractor/Options``: past ``ArticleExtractor/Options/maximumNodes`` nodes or
/// ``ArticleExtractor/Options/maximumRetainedBytes`` bytes of text and attributes, the rest of the page is read
/// for its metadata only; elements nested deeper than the depth limit are read as part of the deepest one kept
/// (their text stays, their markup goes); JSON-LD scripts are kept up to ``maximumScriptBytes`` each, at most
/// ``maximumScripts`` of them. libxml2 itself keeps a name for every open element, whatever the depth: past
/// ``openDepthFactor`` times the depth limit (8,192 by default) the page is read no further, so that 100 MB of
/// nested `div`s costs libxml2 no more than a few hundred kilobytes.
final class PageTreeBuilder: HTMLEventHandler {
    // The state is exempt from dynamic exclusivity checks, as XMLStream's record selector's is: it is touched only
    // from the SAX callbacks of one parse call (and by the assembler after the last), never re-entrantly, and the
    // checks cost a fifth of a characters event.
    @exclusivity(unchecked) var tree = PageTree()
    @exclusivity(unchecked) var facts = PageFacts()
    let htmlNode: Int
    let bodyNode: Int

    static let maximumScriptBytes = 1 << 20
    static let maximumScripts = 16
    static let openDepthFactor = 16

    private let maximumNodes: Int
    private let maximumBytes: Int
    private let maximumDepth: Int
    /// Every element open in libxml2, kept or not.
    @exclusivity(unchecked) private var openDepth = 0
    private let maximumOpenDepth: Int
    @exclusivity(unchecked) private var retainedBytes = 0
    /// Whether a bound was reached: from then on nothing more is kept.
    @exclusivity(unchecked) private(set) var isTruncated = false

    /// The open elements kept in the tree (the innermost last).
    @exclusivity(unchecked) private var open: [Int] = []
    /// Open elements below the depth bound, read as part of the deepest kept one.
    @exclusivity(unchecked) private var flattenedDepth = 0
    /// Open elements inside a subtree that is not kept (a script, a hidden element, the head's other content).
    @exclusivity(unchecked) private var skippedDepth = 0
    /// What the skipped subtree's text is wanted for.
    @exclusivity(unchecked) private var capture: Capture = .none
    @exclusivity(unchecked) private var captured: [UInt8] = []
    @exclusivity(unchecked) private var headDepth = 0
    @exclusivity(unchecked) private var seenBody = false

    private enum Capture { case none, title, jsonLD }

    init(options: ArticleExtractor.Options) {
        maximumNodes = options.maximumNodes
        maximumBytes = options.maximumRetainedBytes
        maximumDepth = max(8, options.limits.maximumDepth)
        maximumOpenDepth = maximumDepth * Self.openDepthFactor
        htmlNode = tree.makeElement("html")
        bodyNode = tree.makeElement("body")
        tree.append(bodyNode, to: htmlNode)
        open = [bodyNode]
    }

    /// Whether the page nests deeper than libxml2 should be let go: it is then stopped.
    private(set) var isSatisfied = false

    func startElement(_ tag: HTMLStartTag) throws(StreamError) {
        openDepth += 1
        if openDepth > maximumOpenDepth {
            isTruncated = true
            isSatisfied = true
            return
        }
        if skippedDepth > 0 {
            skippedDepth += 1
            return
        }
        if flattenedDepth > 0 {
            flattenedDepth += 1
            return
        }
        let name = tag.name.string
        switch name {
        case "html":
            if facts.language == nil, let lang = tag.value(of: "lang"), !TextScan.isBlank(lang) {
                facts.language = TextScan.trimmed(lang)
            }
            return
        case "head":
            headDepth += 1
            return
        case "body":
            seenBody = true
            try tag.forEachAttribute { name, value in
                tree.setAttribute(bodyNode, name.string, String(decoding: value, as: UTF8.self))
            }
            return
        default: break
        }
        readFacts(name, tag)
        if headDepth > 0 || Self.neverKept.contains(name) || Self.isHidden(tag) {
            startSkipping(name, tag)
            return
        }
        if open.count >= maximumDepth {
            flattenedDepth = 1
            return
        }
        guard reserve(32) else {
            startSkipping(name, tag)
            return
        }
        var attributes: [PageTree.Attribute] = []
        var bytes = 0
        try tag.forEachAttribute { attributeName, value in
            // Event handlers and inline styles are never kept: passed over before any string is made.
            guard let raw = attributeName.bytes, !Self.isDropped(raw) else { return }
            let key = attributeName.string.lowercased()
            let text = String(decoding: value, as: UTF8.self)
            bytes += key.utf8.count + text.utf8.count
            attributes.append(PageTree.Attribute(name: key, value: text))
        }
        guard reserve(bytes) else {
            startSkipping(name, tag)
            return
        }
        let node = tree.makeElement(name, attributes: attributes)
        tree.append(node, to: open.last!)
        if HTMLVoidElements.names.contains(name) { return }
        open.append(node)
    }

    func endElement(_ name: XMLName) throws(StreamError) {
        openDepth -= 1
        if skippedDepth > 0 {
            skippedDepth -= 1
            if skippedDepth == 0 { endCapture() }
            return
        }
        if flattenedDepth > 0 {
            flattenedDepth -= 1
            return
        }
        let tag = name.string
        switch tag {
        case "html", "body": return
        case "head":
            headDepth = max(0, headDepth - 1)
            return
        default: break
        }
        if HTMLVoidElements.names.contains(tag) { return }
        // libxml2 balances every element, so the end is the innermost open one's.
        if open.count > 1 { open.removeLast() }
    }

    func characters(_ text: UnsafeRawBufferPointer) throws(StreamError) {
        if skippedDepth > 0 {
            if capture != .none && captured.count + text.count <= Self.maximumScriptBytes {
                captured.append(contentsOf: text)
            }
            return
        }
        if headDepth > 0 { return }
        guard reserve(text.count) else { return }
        let string = String(decoding: text, as: UTF8.self)
        let parent = open.last!
        if let last = tree.lastChild(parent), tree.isText(last) {
            tree.appendText(last, string)
        } else {
            tree.append(tree.makeText(string), to: parent)
        }
    }

    // MARK: What is kept

    /// Elements whose content a reader never sees as text.
    private static let neverKept: Set<String> = [
        "script", "style", "noscript", "template", "title", "meta", "link", "base",
    ]

    /// Hidden from readers: `hidden`, `aria-hidden="true"` (less Wikimedia's `fallback-image`s), `display: none`,
    /// `visibility: hidden`, a modal dialog.
    private static let hidingStyles: HintWords = ["display:none", "visibility:hidden"]

    /// `on…` (any case) and `style`, from the name's NUL-terminated bytes.
    private static func isDropped(_ name: UnsafePointer<UInt8>) -> Bool {
        if name[0] | 0x20 == UInt8(ascii: "o") && name[1] | 0x20 == UInt8(ascii: "n") { return true }
        return HTMLName.equals(name, "style")
    }

    private static func isHidden(_ tag: HTMLStartTag) -> Bool {
        if tag.value(of: "hidden") != nil { return true }
        if tag.value(of: "aria-hidden") == "true", !(tag.value(of: "class") ?? "").contains("fallback-image") {
            return true
        }
        if tag.value(of: "aria-modal") == "true" && tag.value(of: "role") == "dialog" { return true }
        if let style = tag.value(of: "style") {
            let compact = String(
                decoding: style.utf8.filter { $0 != 0x20 && !(0x09...0x0D).contains($0) }, as: UTF8.self)
            if ReadabilityHints.matches(compact, hidingStyles) { return true }
        }
        return false
    }

    private func startSkipping(_ name: String, _ tag: HTMLStartTag) {
        if HTMLVoidElements.names.contains(name) { return }
        skippedDepth = 1
        captured.removeAll(keepingCapacity: true)
        if name == "title" && facts.documentTitle == nil {
            capture = .title
        } else if name == "script", tag.value(of: "type")?.lowercased() == "application/ld+json",
            facts.jsonLD.count < Self.maximumScripts
        {
            capture = .jsonLD
        } else {
            capture = .none
        }
    }

    private func endCapture() {
        switch capture {
        case .title: facts.documentTitle = String(decoding: captured, as: UTF8.self)
        case .jsonLD: facts.jsonLD.append(String(decoding: captured, as: UTF8.self))
        case .none: break
        }
        capture = .none
        captured.removeAll(keepingCapacity: true)
    }

    /// Counts `bytes` (and a node) against the bounds; `false` once they are passed.
    private func reserve(_ bytes: Int) -> Bool {
        guard !isTruncated else { return false }
        retainedBytes += bytes
        if retainedBytes > maximumBytes || tree.nodes.count >= maximumNodes {
            isTruncated = true
            return false
        }
        return true
    }

    /// Metadata read from the start tags as they pass, wherever they stand.
    private func readFacts(_ name: String, _ tag: HTMLStartTag) {
        switch name {
        case "meta":
            guard let content = tag.value(of: "content") else { return }
            facts.readMeta(name: tag.value(of: "name"), property: tag.value(of: "property"), content: content)
            if let itemprop = tag.value(of: "itemprop") {
                facts.readMeta(name: itemprop, property: nil, content: content)
            }
        case "base":
            if facts.baseHref == nil, let href = tag.value(of: "href") { facts.baseHref = href }
        case "time":
            if facts.firstTime == nil, headDepth == 0, let datetime = tag.value(of: "datetime") {
                facts.firstTime = datetime
            }
        default: break
        }
    }
}
