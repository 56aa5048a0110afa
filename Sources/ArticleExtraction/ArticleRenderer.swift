@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

/// Writes an article subtree of a ``PageTree`` as HTML (for the sanitizer) and as plain text.
enum ArticleRenderer {
    /// Elements that begin a paragraph of the plain text.
    static let blockTags: Set<String> = [
        "address", "article", "aside", "blockquote", "caption", "dd", "details", "dialog", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr",
        "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "thead", "tfoot", "tr", "ul",
    ]

    /// The subtree below `root` (not `root` itself) as HTML: text and attribute values escaped, void elements
    /// unclosed, `javascript:` links without their `href`.
    static func html(_ tree: PageTree, _ root: Int) -> String {
        var output = ByteAccumulator(capacity: 16 << 10)
        func append(_ text: String, escaped: Bool = false, quotes: Bool = false) {
            TextScan.withUTF8(text) { bytes in
                let raw = UnsafeRawBufferPointer(bytes)
                if escaped { output.appendEscaped(raw, attribute: quotes) } else { output.append(raw) }
            }
        }
        var stack: [(node: Int, closing: Bool)] = tree.childNodes(root).reversed().map { ($0, false) }
        while let (node, closing) = stack.popLast() {
            let tag = tree.tag(node)
            if closing {
                output.append("</")
                append(tag)
                output.append(UInt8(ascii: ">"))
                continue
            }
            if tree.isText(node) {
                append(tree.text(node), escaped: true)
                continue
            }
            output.append(UInt8(ascii: "<"))
            append(tag)
            for attribute in tree.attributes(node) where isWritable(attribute.name) {
                output.append(UInt8(ascii: " "))
                append(attribute.name)
                output.append("=\"")
                append(attribute.value, escaped: true, quotes: true)
                output.append(UInt8(ascii: "\""))
            }
            output.append(UInt8(ascii: ">"))
            guard !HTMLVoidNames.contains(tag) else { continue }
            stack.append((node, true))
            stack += tree.childNodes(node).reversed().map { ($0, false) }
        }
        return output.string(0..<output.count)
    }

    private static let HTMLVoidNames: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]

    /// Attribute names a serializer can write (the sanitizer decides which of them stay).
    private static func isWritable(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            let folded = byte | 0x20
            return (folded >= 0x61 && folded <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
        }
    }

    /// The subtree's text as a reader reads it: one paragraph per block element, separated by a blank line; white
    /// space squeezed except in `pre`; a `br` a line break.
    static func text(_ tree: PageTree, _ root: Int) -> String {
        var paragraphs: [String] = []
        var lines: [String] = []
        var line = ""
        var preformatted = 0
        func endLine() {
            let squeezed = TextScan.squeezed(line)
            if !squeezed.isEmpty || !lines.isEmpty { lines.append(squeezed) }
            line = ""
        }
        func endParagraph() {
            endLine()
            while lines.last?.isEmpty == true { lines.removeLast() }
            if !lines.isEmpty { paragraphs.append(lines.joined(separator: "\n")) }
            lines = []
        }
        var stack: [(node: Int, closing: Bool)] = tree.childNodes(root).reversed().map { ($0, false) }
        while let (node, closing) = stack.popLast() {
            let tag = tree.tag(node)
            if closing {
                if tag == "pre" {
                    preformatted -= 1
                    endPreformatted(&line, &paragraphs, &lines)
                } else if blockTags.contains(tag) {
                    endParagraph()
                } else if tag == "td" || tag == "th" {
                    line += " "
                }
                continue
            }
            if tree.isText(node) {
                if preformatted > 0 { line += tree.text(node) } else { line += tree.text(node) }
                continue
            }
            if tag == "br" {
                if preformatted > 0 { line += "\n" } else { endLine() }
                continue
            }
            if tag == "pre" {
                endParagraph()
                preformatted += 1
            } else if blockTags.contains(tag) {
                endParagraph()
            }
            stack.append((node, true))
            stack += tree.childNodes(node).reversed().map { ($0, false) }
        }
        endParagraph()
        return paragraphs.joined(separator: "\n\n")
    }

    /// A `pre` block is its own paragraph, its lines as written (trailing blanks and blank edges dropped).
    private static func endPreformatted(_ line: inout String, _ paragraphs: inout [String], _ lines: inout [String]) {
        let kept = line.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                String(line.unicodeScalars[..<(line.unicodeScalars.lastIndex { !$0.properties.isWhitespace }
                    .map(line.unicodeScalars.index(after:)) ?? line.startIndex)])
            }
        var trimmed = kept.drop { $0.isEmpty }
        while trimmed.last?.isEmpty == true { trimmed.removeLast() }
        if !trimmed.isEmpty { paragraphs.append(trimmed.joined(separator: "\n")) }
        line = ""
        lines = []
    }
}
