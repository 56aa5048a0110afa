/// One of Readability's attempts at finding the article in a ``PageTree`` (Mozilla Readability's `_grabArticle`,
/// ported to the tree): unlikely candidates and bylines removed, `div`s that hold only phrasing content made
/// paragraphs, each paragraph's score (one, plus its commas, plus a point per 100 characters up to three) given
/// to its parent, half to its grandparent and a third of a level to the ancestors above, up to five; each
/// candidate's score scaled by its link density; the best one, moved up while its ancestors score alike, with
/// the siblings that score near it.
///
/// A pass works on its own copy of the tree: when the article it finds is too short, the next pass starts from the
/// page as it was, with fewer of the flags on.
struct ReadabilityPass {
    struct Flags: OptionSet {
        let rawValue: Int
        static let stripUnlikely = Flags(rawValue: 1)
        static let weightClasses = Flags(rawValue: 2)
        static let cleanConditionally = Flags(rawValue: 4)
        static let all: Flags = [.stripUnlikely, .weightClasses, .cleanConditionally]
    }

    var tree: PageTree
    let body: Int
    let flags: Flags
    let articleTitle: String
    let hasMetadataByline: Bool
    /// The byline element's text, when the page has no byline in its metadata.
    private(set) var byline: String?
    /// Readability's `contentScore` of each node scored.
    private(set) var scores = NodeValues<Double>()
    var dataTables: Set<Int> = []
    /// ``PageTree/innerTextLength(_:)`` of the nodes measured since the last change below them: the cleaning
    /// measures each element and every element inside it, which without it costs the square of the depth.
    var textLengths = NodeValues<Int32>()

    static let topCandidateCount = 5
    static let scoredTags: Set<String> = ["section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"]
    static let divToParagraphTags: Set<String> = ["blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul"]
    static let phrasingTags: Set<String> = [
        "abbr", "audio", "b", "bdo", "br", "button", "cite", "code", "data", "datalist", "dfn", "em", "embed", "i",
        "img", "input", "kbd", "label", "mark", "math", "meter", "noscript", "object", "output", "progress", "q",
        "ruby", "samp", "script", "select", "small", "span", "strong", "sub", "sup", "textarea", "time", "var", "wbr",
    ]

    init(tree: PageTree, body: Int, flags: Flags, articleTitle: String, hasMetadataByline: Bool) {
        self.tree = tree
        self.body = body
        self.flags = flags
        self.articleTitle = articleTitle
        self.hasMetadataByline = hasMetadataByline
    }

    // MARK: The pass

    /// Finds the article; returns the element that holds it (detached from the page).
    mutating func grab() -> Int {
        let elementsToScore = prepareNodes()
        // The walk measured some elements before it removed things below them.
        textLengths = NodeValues()
        let candidates = scoreParagraphs(elementsToScore)
        let top = selectTopCandidate(candidates)
        return gatherSiblings(of: top)
    }

    /// Readability's first walk: removes what looks like boilerplate and makes phrasing-only `div`s paragraphs;
    /// returns the elements to score, in document order.
    private mutating func prepareNodes() -> [Int] {
        var elementsToScore: [Int] = []
        var shouldRemoveTitleHeader = true
        var node: Int? = body
        while let current = node {
            let match = tree.matchString(current)
            let tag = tree.tag(current)
            if checkByline(current, match) {
                node = removeAndGetNext(current)
                continue
            }
            if shouldRemoveTitleHeader && headerDuplicatesTitle(current) {
                shouldRemoveTitleHeader = false
                node = removeAndGetNext(current)
                continue
            }
            if flags.contains(.stripUnlikely) && current != body {
                if ReadabilityHints.matches(match, ReadabilityHints.unlikely)
                    && !ReadabilityHints.matches(match, ReadabilityHints.maybeCandidate)
                    && !tree.hasAncestor(current, tag: "table") && !tree.hasAncestor(current, tag: "code")
                    && tag != "a"
                {
                    node = removeAndGetNext(current)
                    continue
                }
                if let role = tree.attribute(current, "role"), ReadabilityHints.unlikelyRoles.contains(role) {
                    node = removeAndGetNext(current)
                    continue
                }
            }
            if ["div", "section", "header", "h1", "h2", "h3", "h4", "h5", "h6"].contains(tag)
                && isElementWithoutContent(current)
            {
                node = removeAndGetNext(current)
                continue
            }
            if Self.scoredTags.contains(tag) { elementsToScore.append(current) }
            var here = current
            if tag == "div" {
                wrapPhrasingContent(in: current)
                if hasSingleTag(inside: current, "p") && linkDensity(current) < 0.25 {
                    let paragraph = tree.children(current)[0]
                    tree.replace(current, with: paragraph)
                    here = paragraph
                    elementsToScore.append(paragraph)
                } else if !hasChildBlockElement(current) {
                    tree.setTag(current, "p")
                    elementsToScore.append(current)
                }
            }
            node = tree.nextElement(after: here)
        }
        return elementsToScore
    }

    /// Puts each run of phrasing content directly in a `div` into a paragraph of its own.
    private mutating func wrapPhrasingContent(in div: Int) {
        var paragraph: Int?
        var child = tree.firstChild(div)
        while let current = child {
            let nextSibling = tree.next(current)
            if isPhrasingContent(current) {
                if let paragraph {
                    tree.append(current, to: paragraph)
                } else if !isWhitespace(current) {
                    let made = tree.makeElement("p")
                    tree.replace(current, with: made)
                    tree.append(current, to: made)
                    paragraph = made
                }
            } else if let open = paragraph {
                while let last = tree.lastChild(open), isWhitespace(last) { tree.detach(last) }
                paragraph = nil
            }
            child = nextSibling
        }
    }

    /// Scores each paragraph's ancestors; returns the candidates in the order they were first scored.
    private mutating func scoreParagraphs(_ elementsToScore: [Int]) -> [Int] {
        var candidates: [Int] = []
        for element in elementsToScore {
            guard tree.parent(element) != nil else { continue }
            // The inner text's length and commas, measured without making it: collapsing blank runs changes
            // neither.
            let length = textLength(element)
            if length < 25 { continue }
            let ancestors = self.ancestors(of: element, maximumDepth: 5)
            if ancestors.isEmpty { continue }
            let score = 1 + Double(tree.scoringCommaCount(element) + 1) + Double(min(length / 100, 3))
            for (level, ancestor) in ancestors.enumerated() {
                guard tree.parent(ancestor) != nil else { continue }
                if scores[ancestor] == nil {
                    initializeNode(ancestor)
                    candidates.append(ancestor)
                }
                let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level * 3)
                scores[ancestor, default: 0] += score / divider
            }
        }
        return candidates
    }

    /// The best candidate, after Readability's adjustments; the body's content in a new `div` when there is none.
    private mutating func selectTopCandidate(_ candidates: [Int]) -> Int {
        var topCandidates: [Int] = []
        for candidate in candidates {
            let score = scores[candidate, default: 0] * (1 - linkDensity(candidate))
            scores[candidate] = score
            for index in 0..<Self.topCandidateCount {
                if index >= topCandidates.count || score > scores[topCandidates[index], default: 0] {
                    topCandidates.insert(candidate, at: index)
                    if topCandidates.count > Self.topCandidateCount { topCandidates.removeLast() }
                    break
                }
            }
        }
        guard var top = topCandidates.first, tree.tag(top) != "body" else {
            let made = tree.makeElement("div")
            for child in tree.childNodes(body) { tree.append(child, to: made) }
            tree.append(made, to: body)
            initializeNode(made)
            return made
        }
        // Several near-best candidates under one ancestor: the article is that ancestor.
        var alternatives: [[Int]] = []
        for candidate in topCandidates.dropFirst()
        where scores[candidate, default: 0] / scores[top, default: 1] >= 0.75 {
            alternatives.append(ancestors(of: candidate, maximumDepth: 0))
        }
        if alternatives.count >= 3, var parent = tree.parent(top) {
            while tree.tag(parent) != "body" {
                if alternatives.filter({ $0.contains(parent) }).count >= 3 {
                    top = parent
                    break
                }
                guard let up = tree.parent(parent) else { break }
                parent = up
            }
        }
        if scores[top] == nil { initializeNode(top) }
        // A parent that scores higher than the candidate holds more of the article.
        var parent = tree.parent(top)
        var lastScore = scores[top, default: 0]
        let threshold = lastScore / 3
        while let current = parent, tree.tag(current) != "body" {
            guard let parentScore = scores[current] else {
                parent = tree.parent(current)
                continue
            }
            if parentScore < threshold { break }
            if parentScore > lastScore {
                top = current
                break
            }
            lastScore = parentScore
            parent = tree.parent(current)
        }
        // An only child: its parent, so that the sibling search looks where the rest of the article may be.
        while let current = tree.parent(top), tree.tag(current) != "body", tree.children(current).count == 1 {
            top = current
        }
        if scores[top] == nil { initializeNode(top) }
        return top
    }

    /// The top candidate and the siblings that belong with it, moved into a new `div`.
    private mutating func gatherSiblings(of top: Int) -> Int {
        let article = tree.makeElement("div")
        let topScore = scores[top, default: 0]
        let threshold = max(10, topScore * 0.2)
        guard let parent = tree.parent(top) else {
            tree.append(top, to: article)
            return article
        }
        let topClass = tree.attribute(top, "class") ?? ""
        for sibling in tree.children(parent) {
            var append = sibling == top
            if !append {
                let bonus = !topClass.isEmpty && tree.attribute(sibling, "class") == topClass ? topScore * 0.2 : 0
                if let score = scores[sibling], score + bonus >= threshold {
                    append = true
                } else if tree.tag(sibling) == "p" {
                    let density = linkDensity(sibling)
                    let content = tree.innerText(sibling)
                    let length = content.utf16.count
                    if length > 80 && density < 0.25 {
                        append = true
                    } else if length < 80 && length > 0 && density == 0
                        && (content.contains(". ") || content.hasSuffix("."))
                    {
                        append = true
                    }
                }
            }
            guard append else { continue }
            if !["div", "article", "section", "p"].contains(tree.tag(sibling)) { tree.setTag(sibling, "div") }
            tree.append(sibling, to: article)
        }
        return article
    }

    // MARK: Readability's measures

    mutating func initializeNode(_ node: Int) {
        var score = 0.0
        switch tree.tag(node) {
        case "div": score += 5
        case "pre", "td", "blockquote": score += 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": score -= 3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": score -= 5
        default: break
        }
        scores[node] = score + Double(classWeight(node))
    }

    func classWeight(_ node: Int) -> Int {
        guard flags.contains(.weightClasses) else { return 0 }
        var weight = 0
        for value in [tree.attribute(node, "class"), tree.attribute(node, "id")] {
            guard let value, !value.isEmpty else { continue }
            if ReadabilityHints.isNegative(value) { weight -= 25 }
            if ReadabilityHints.matches(value, ReadabilityHints.positive) { weight += 25 }
        }
        return weight
    }

    /// The share of the node's text that is link text (links to a fragment count 0.3 of theirs).
    mutating func linkDensity(_ node: Int) -> Double {
        let length = textLength(node)
        guard length > 0 else { return 0 }
        var linkLength = 0.0
        for link in tree.descendants(node, tag: "a") {
            let href = tree.attribute(link, "href") ?? ""
            let coefficient = href.hasPrefix("#") && href.count > 1 ? 0.3 : 1
            linkLength += Double(textLength(link)) * coefficient
        }
        return linkLength / Double(length)
    }

    /// The node's inner text length, measured once until something below it changes.
    mutating func textLength(_ node: Int) -> Int {
        if let known = textLengths[node] { return Int(known) }
        let length = tree.innerTextLength(node)
        textLengths[node] = Int32(clamping: length)
        return length
    }

    /// Detaches `node`, forgetting the measures of the nodes whose text it was part of.
    mutating func remove(_ node: Int) {
        var current: Int? = node
        while let here = current {
            textLengths[here] = nil
            current = tree.parent(here)
        }
        tree.detach(node)
    }

    func ancestors(of node: Int, maximumDepth: Int) -> [Int] {
        var found: [Int] = []
        var current = node
        while let parent = tree.parent(current) {
            found.append(parent)
            if maximumDepth > 0 && found.count == maximumDepth { break }
            current = parent
        }
        return found
    }

    func isElementWithoutContent(_ node: Int) -> Bool {
        guard tree.isElement(node), !tree.hasText(node) else { return false }
        let children = tree.children(node)
        return children.isEmpty || children.count == tree.count(node, tag: "br") + tree.count(node, tag: "hr")
    }

    func isPhrasingContent(_ node: Int) -> Bool {
        if tree.isText(node) { return true }
        let tag = tree.tag(node)
        if Self.phrasingTags.contains(tag) { return true }
        return (tag == "a" || tag == "del" || tag == "ins") && tree.childNodes(node).allSatisfy(isPhrasingContent)
    }

    func isWhitespace(_ node: Int) -> Bool {
        tree.isText(node) ? TextScan.isBlank(tree.text(node)) : tree.tag(node) == "br"
    }

    func hasSingleTag(inside node: Int, _ tag: String) -> Bool {
        let children = tree.children(node)
        guard children.count == 1, tree.tag(children[0]) == tag else { return false }
        return !tree.childNodes(node).contains { child in
            tree.isText(child) && tree.text(child).unicodeScalars.last.map { !TextScan.isBlank($0) } == true
        }
    }

    func hasChildBlockElement(_ node: Int) -> Bool {
        tree.childNodes(node).contains { child in
            tree.isElement(child) && (Self.divToParagraphTags.contains(tree.tag(child)) || hasChildBlockElement(child))
        }
    }

    private mutating func removeAndGetNext(_ node: Int) -> Int? {
        let next = tree.nextElement(after: node, skippingChildren: true)
        tree.detach(node)
        return next
    }

    private mutating func checkByline(_ node: Int, _ match: String) -> Bool {
        guard byline == nil, !hasMetadataByline else { return false }
        let isByline =
            tree.attribute(node, "rel") == "author" || (tree.attribute(node, "itemprop") ?? "").contains("author")
            || ReadabilityHints.matches(match, ReadabilityHints.byline)
        guard isByline else { return false }
        let text = TextScan.trimmed(tree.textContent(node))
        guard !text.isEmpty && text.utf16.count < 100 else { return false }
        byline = text
        return true
    }

    private func headerDuplicatesTitle(_ node: Int) -> Bool {
        let tag = tree.tag(node)
        guard tag == "h1" || tag == "h2" else { return false }
        return Self.textSimilarity(articleTitle, tree.innerText(node, normalizingSpaces: false)) > 0.75
    }

    /// How much of `second`'s words `first` also has: 1 for the same words, 0 for none in common.
    static func textSimilarity(_ first: String, _ second: String) -> Double {
        let firstWords = TextScan.words(first)
        let secondWords = TextScan.words(second)
        guard !firstWords.isEmpty, !secondWords.isEmpty else { return 0 }
        let known = Set(firstWords)
        let unique = secondWords.filter { !known.contains($0) }
        let uniqueLength = unique.isEmpty ? 0 : unique.joined(separator: " ").utf16.count
        return 1 - Double(uniqueLength) / Double(secondWords.joined(separator: " ").utf16.count)
    }
}
