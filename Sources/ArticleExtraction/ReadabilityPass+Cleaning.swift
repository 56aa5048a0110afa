/// Readability's `_prepArticle`: the article's own boilerplate goes — forms, share bars, asides, footers, embeds
/// that are no video, headings that score negative, and tables, lists and `div`s that look like navigation by
/// their link density, images, inputs and lists (`_cleanConditionally`).
extension ReadabilityPass {
    mutating func prepare(_ article: Int) {
        // Everything before moved nodes about; from here on, every change below a node goes through remove(_:).
        textLengths = NodeValues()
        markDataTables(article)
        fixLazyImages(article)
        cleanConditionally(article, "form")
        cleanConditionally(article, "fieldset")
        clean(article, "object")
        clean(article, "embed")
        clean(article, "footer")
        clean(article, "link")
        clean(article, "aside")
        for child in tree.children(article) {
            var node = tree.nextElement(after: child, within: child)
            while let current = node {
                if ReadabilityHints.isShare(tree.matchString(current)) && tree.textContent(current).utf16.count < 500 {
                    node = tree.nextElement(after: current, skippingChildren: true, within: child)
                    remove(current)
                } else {
                    node = tree.nextElement(after: current, within: child)
                }
            }
        }
        for tag in ["iframe", "input", "textarea", "select", "button"] { clean(article, tag) }
        for heading in tree.descendants(article, tags: ["h1", "h2"]).reversed() where classWeight(heading) < 0 {
            remove(heading)
        }
        cleanConditionally(article, "table")
        cleanConditionally(article, "ul")
        cleanConditionally(article, "div")
        for heading in tree.descendants(article, tag: "h1") { tree.setTag(heading, "h2") }
        for paragraph in tree.descendants(article, tag: "p").reversed() {
            let media = tree.descendants(paragraph, tags: ["img", "embed", "object", "iframe"]).count
            if media == 0 && tree.innerText(paragraph, normalizingSpaces: false).isEmpty { remove(paragraph) }
        }
    }

    /// Removes every `tag` below `node`, except embeds of a video site.
    private mutating func clean(_ node: Int, _ tag: String) {
        let isEmbed = ["object", "embed", "iframe"].contains(tag)
        for element in tree.descendants(node, tag: tag).reversed() {
            if isEmbed && tree.attributes(element).contains(where: { ReadabilityHints.isVideo($0.value) }) {
                continue
            }
            remove(element)
        }
    }

    /// Tables that hold data, not layout: kept whatever their links (`_markDataTables`).
    private mutating func markDataTables(_ root: Int) {
        for table in tree.descendants(root, tag: "table") {
            if tree.attribute(table, "role") == "presentation" || tree.attribute(table, "datatable") == "0" {
                continue
            }
            if tree.attribute(table, "summary").map({ !$0.isEmpty }) == true {
                dataTables.insert(table)
                continue
            }
            if let caption = tree.descendants(table, tag: "caption").first, tree.firstChild(caption) != nil {
                dataTables.insert(table)
                continue
            }
            if !tree.descendants(table, tags: ["col", "colgroup", "tfoot", "thead", "th"]).isEmpty {
                dataTables.insert(table)
                continue
            }
            if !tree.descendants(table, tag: "table").isEmpty { continue }
            var rows = 0
            var columns = 0
            for row in tree.descendants(table, tag: "tr") {
                rows += Int(tree.attribute(row, "rowspan") ?? "").flatMap { $0 > 0 ? $0 : nil } ?? 1
                var inRow = 0
                for cell in tree.descendants(row, tag: "td") {
                    inRow += Int(tree.attribute(cell, "colspan") ?? "").flatMap { $0 > 0 ? $0 : nil } ?? 1
                }
                columns = max(columns, inRow)
            }
            if columns == 1 || rows == 1 { continue }
            if rows >= 10 || columns > 4 || rows * columns > 10 { dataTables.insert(table) }
        }
    }

    /// Lazy-loaded images get their real `src` and `srcset` from `data-src`, `data-srcset` and the like.
    mutating func fixLazyImages(_ root: Int) {
        for element in tree.descendants(root, tags: ["img", "picture", "figure"]) {
            let src = tree.attribute(element, "src") ?? ""
            if src.lowercased().hasPrefix("data:"), !src.lowercased().hasPrefix("data:image/svg+xml") {
                let hasOther = tree.attributes(element).contains { $0.name != "src" && Self.looksLikeImage($0.value) }
                if hasOther, let marker = src.lowercased().firstRange(of: "base64"),
                    src.lowercased()[marker.upperBound...].utf16.count < 134
                {
                    tree.removeAttribute(element, "src")
                }
            }
            let hasSource =
                tree.attribute(element, "src").map { !$0.isEmpty } == true
                || tree.attribute(element, "srcset").map { !$0.isEmpty && $0 != "null" } == true
            let isLazy = TextScan.withUTF8(tree.attribute(element, "class") ?? "") { classes in
                TextScan.firstIndex(ofASCII: Self.lazy, in: classes, from: 0) != nil
            }
            if hasSource && !isLazy { continue }
            for attribute in tree.attributes(element) where !["src", "srcset", "alt"].contains(attribute.name) {
                let copyTo: String
                if Self.looksLikeSourceSet(attribute.value) {
                    copyTo = "srcset"
                } else if Self.isImageURL(attribute.value) {
                    copyTo = "src"
                } else {
                    continue
                }
                let tag = tree.tag(element)
                if tag == "img" || tag == "picture" {
                    tree.setAttribute(element, copyTo, attribute.value)
                } else if tag == "figure", tree.descendants(element, tags: ["img", "picture"]).isEmpty {
                    let image = tree.makeElement("img", attributes: [.init(name: copyTo, value: attribute.value)])
                    tree.append(image, to: element)
                }
            }
        }
    }

    private static let lazy = Array("lazy".utf8)

    /// Read in the value's UTF-8, ASCII case ignored: these are tried on every attribute of every image.
    private static let imageExtensions = [".jpg", ".jpeg", ".png", ".webp"].map { Array($0.utf8) }

    private static func looksLikeImage(_ value: String) -> Bool {
        TextScan.withUTF8(value) { bytes in
            imageExtensions.contains { TextScan.firstIndex(ofASCII: $0, in: bytes, from: 0) != nil }
        }
    }

    /// `/\.(jpg|jpeg|png|webp)\s+\d/`: an image URL followed by a descriptor.
    private static func looksLikeSourceSet(_ value: String) -> Bool {
        TextScan.withUTF8(value) { bytes in
            for ext in imageExtensions {
                var search = 0
                while let found = TextScan.firstIndex(ofASCII: ext, in: bytes, from: search) {
                    var after = found + ext.count
                    while after < bytes.count, [0x20, 0x09, 0x0A].contains(bytes[after]) { after += 1 }
                    if after > found + ext.count && after < bytes.count
                        && TextScan.scalar(in: bytes, at: after).scalar.properties.numericType != nil
                    {
                        return true
                    }
                    search = found + ext.count
                }
            }
            return false
        }
    }

    /// `/^\s*\S+\.(jpg|jpeg|png|webp)\S*\s*$/`: one image URL.
    private static func isImageURL(_ value: String) -> Bool {
        let trimmed = TextScan.trimmed(value)
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: \.properties.isWhitespace) else { return false }
        return TextScan.withUTF8(trimmed) { bytes in
            imageExtensions.contains { ext in
                guard let found = TextScan.firstIndex(ofASCII: ext, in: bytes, from: 0) else { return false }
                return found > 0
            }
        }
    }

    /// Removes each `tag` below `node` that looks like boilerplate (`_cleanConditionally`).
    private mutating func cleanConditionally(_ node: Int, _ tag: String) {
        guard flags.contains(.cleanConditionally) else { return }
        for element in tree.descendants(node, tag: tag).reversed() where shouldRemove(element, tag) {
            remove(element)
        }
    }

    private mutating func shouldRemove(_ node: Int, _ tag: String) -> Bool {
        let tables = dataTables
        let isDataTable = { (table: Int) in tables.contains(table) }
        let contentLength = textLength(node)
        var isList = tag == "ul" || tag == "ol"
        if !isList {
            var listLength = 0
            for list in tree.descendants(node, tags: ["ul", "ol"]) { listLength += textLength(list) }
            isList = contentLength > 0 ? Double(listLength) / Double(contentLength) > 0.9 : listLength > 0
        }
        if tag == "table" && isDataTable(node) { return false }
        if tree.hasAncestor(node, tag: "table", maximumDepth: -1, where: isDataTable) { return false }
        if tree.hasAncestor(node, tag: "code") { return false }
        if tree.descendants(node, tag: "table").contains(where: isDataTable) { return false }
        let weight = classWeight(node)
        if weight < 0 { return true }
        guard tree.commaCount(node) < 10 else { return false }
        let paragraphs = tree.count(node, tag: "p")
        let images = tree.count(node, tag: "img")
        let items = tree.count(node, tag: "li") - 100
        let inputs = tree.count(node, tag: "input")
        let headingDensity = textDensity(node, ["h1", "h2", "h3", "h4", "h5", "h6"], length: contentLength)
        var embeds = 0
        for embed in tree.descendants(node, tags: ["object", "embed", "iframe"]) {
            if tree.attributes(embed).contains(where: { ReadabilityHints.isVideo($0.value) }) { return false }
            embeds += 1
        }
        // The longest of those words is 13 characters: longer text is never one.
        if contentLength <= 16 && ReadabilityHints.isAdOrLoading(tree.innerText(node)) { return true }
        let density = linkDensity(node)
        let textDensity = textDensity(node, Self.textishTags, length: contentLength)
        let isFigureChild = tree.hasAncestor(node, tag: "figure")
        var remove = false
        if !isFigureChild && images > 1 && Double(paragraphs) / Double(images) < 0.5 { remove = true }
        if !isList && items > paragraphs { remove = true }
        if inputs > paragraphs / 3 { remove = true }
        if !isList && !isFigureChild && headingDensity < 0.9 && contentLength < 25 && (images == 0 || images > 2)
            && density > 0
        {
            remove = true
        }
        if !isList && weight < 25 && density > 0.2 { remove = true }
        if weight >= 25 && density > 0.5 { remove = true }
        if (embeds == 1 && contentLength < 75) || embeds > 1 { remove = true }
        if images == 0 && textDensity == 0 { remove = true }
        // A list of images stays when every item holds one image and nothing else.
        if isList && remove {
            if tree.children(node).contains(where: { tree.children($0).count > 1 }) { return true }
            if images == tree.count(node, tag: "li") { return false }
        }
        return remove
    }

    /// The elements whose text counts as text in `_cleanConditionally`'s text density.
    private static let textishTags = Array(divToParagraphTags) + ["span", "li", "td"]

    private mutating func textDensity(_ node: Int, _ tags: [String], length: Int) -> Double {
        guard length > 0 else { return 0 }
        var childrenLength = 0
        for child in tree.descendants(node, tags: tags) { childrenLength += textLength(child) }
        return Double(childrenLength) / Double(length)
    }
}
