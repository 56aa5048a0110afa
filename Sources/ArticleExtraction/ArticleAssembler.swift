#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StreamCore
import HTMLSanitizing

/// Makes the ``Article`` at the end of a page: the site's rule or Readability's passes over the kept tree, the
/// metadata by Readability's order of preference, the content sanitized with its URLs resolved.
struct ArticleAssembler {
    let tree: PageTree
    let body: Int
    let facts: PageFacts
    let options: ArticleExtractor.Options

    /// The shortest article text Readability accepts before it tries again with fewer flags.
    static let characterThreshold = 500

    func assemble() -> Article {
        let jsonLD = facts.articleJSONLD()
        let values = facts.readabilityValues
        let other = facts.otherValues
        let documentTitle = articleTitle()
        var title = Self.firstNonEmpty(
            jsonLDTitle(jsonLD, documentTitle: documentTitle), values["dc:title"], values["dcterm:title"],
            values["og:title"], values["weibo:article:title"], values["weibo:webpage:title"], values["title"],
            values["twitter:title"], values["parsely-title"], other["citation_title"])
        if title == nil, !documentTitle.isEmpty { title = documentTitle }
        let metadataByline = Self.firstNonEmpty(
            jsonLD?.byline, values["dc:creator"], values["dcterm:creator"], values["author"], values["parsely-author"],
            facts.citationAuthors.isEmpty ? nil : facts.citationAuthors.joined(separator: ", "))

        var (articleTree, articleNode, byline) = extract(
            title: title.map(Self.unescaped) ?? "", hasMetadataByline: metadataByline != nil)
        let base = baseURL()
        if let articleNode { ReadabilityPass.fixJavaScriptLinks(&articleTree, articleNode) }
        var text = articleNode.map { ArticleRenderer.text(articleTree, $0) } ?? ""
        var html = articleNode.map { ArticleRenderer.html(articleTree, $0) } ?? ""
        // A page whose markup hides its article (rendered by script) often still states it in JSON-LD.
        if let body = jsonLD?.articleBody, TextScan.trimmed(body).utf16.count > text.utf16.count,
            text.utf16.count < Self.characterThreshold
        {
            let paragraphs = body.split(whereSeparator: \.isNewline).map { TextScan.squeezed(String($0)) }
                .filter { !$0.isEmpty }
            text = paragraphs.joined(separator: "\n\n")
            var escaped = ""
            for paragraph in paragraphs {
                escaped += "<p>" + paragraph.replacing("&", with: "&amp;").replacing("<", with: "&lt;") + "</p>"
            }
            html = escaped
        }
        var excerpt = Self.firstNonEmpty(
            jsonLD?.excerpt, values["dc:description"], values["dcterm:description"], values["og:description"],
            values["weibo:article:description"], values["weibo:webpage:description"], values["description"],
            values["twitter:description"])
        if excerpt == nil, let articleNode, let first = articleTree.descendants(articleNode, tag: "p").first {
            excerpt = Self.firstNonEmpty(TextScan.trimmed(articleTree.textContent(first)))
        }
        let published = Self.firstNonEmpty(
            jsonLD?.datePublished, values["article:published_time"], values["parsely-pub-date"],
            other["citation_publication_date"], other["citation_date"], other["datepublished"], facts.firstTime)
        var imageSource = Self.firstNonEmpty(
            other["og:image"], other["og:image:secure_url"], other["og:image:url"], other["twitter:image"],
            other["twitter:image:src"], jsonLD?.image)
        if imageSource == nil, let articleNode {
            imageSource = articleTree.descendants(articleNode, tag: "img").lazy
                .compactMap { articleTree.attribute($0, "src") }.first { !$0.isEmpty && !$0.hasPrefix("data:") }
        }
        let content = HTMLSanitizer(baseURL: base).sanitize(html)
        return Article(
            title: title.map(Self.unescaped),
            byline: (metadataByline ?? byline).map(Self.unescaped),
            published: published.map(Self.unescaped).flatMap(DateParser.parse),
            siteName: Self.firstNonEmpty(jsonLD?.siteName, values["og:site_name"]).map(Self.unescaped),
            language: facts.language,
            leadImage: imageSource.flatMap { Self.resolve($0, against: base) },
            excerpt: excerpt.map(Self.unescaped),
            content: content, text: text, wordCount: TextScan.wordCount(text))
    }

    /// The article's tree and node: the site's rule when one matches, else the first of Readability's passes
    /// that finds enough text, else the longest it found.
    private func extract(title: String, hasMetadataByline: Bool) -> (PageTree, Int?, String?) {
        if let ruled = ruleArticle() { return ruled }
        var attempts: [(tree: PageTree, node: Int, length: Int, byline: String?)] = []
        for flags: ReadabilityPass.Flags in [.all, [.weightClasses, .cleanConditionally], [.cleanConditionally], []] {
            var pass = ReadabilityPass(
                tree: tree, body: body, flags: flags, articleTitle: title, hasMetadataByline: hasMetadataByline)
            let node = pass.grab()
            pass.prepare(node)
            let length = pass.tree.innerTextLength(node)
            if length >= Self.characterThreshold { return (pass.tree, node, pass.byline) }
            attempts.append((pass.tree, node, length, pass.byline))
        }
        guard let best = attempts.max(by: { $0.length < $1.length }), best.length > 0 else { return (tree, nil, nil) }
        return (best.tree, best.node, best.byline)
    }

    /// The elements the page's site rule selects, moved into one `div`, their lazy images fixed.
    private func ruleArticle() -> (PageTree, Int?, String?)? {
        guard let host = options.baseURL?.host, !options.rules.isEmpty else { return nil }
        for rule in options.rules where rule.applies(to: host) {
            guard let selector = SiteSelector(rule.selector) else { continue }
            var pass = ReadabilityPass(
                tree: tree, body: body, flags: .all, articleTitle: "", hasMetadataByline: true)
            let found = selector.matches(in: pass.tree, below: body)
            guard !found.isEmpty else { continue }
            let article = pass.tree.makeElement("div")
            for node in found { pass.tree.append(node, to: article) }
            pass.fixLazyImages(article)
            return (pass.tree, article, nil)
        }
        return nil
    }

    /// The URL the page's relative references resolve against: its `<base href>`, itself resolved against the
    /// page's URL.
    private func baseURL() -> URL? {
        guard let href = facts.baseHref.map(TextScan.trimmed), !href.isEmpty else { return options.baseURL }
        return URL(string: href, relativeTo: options.baseURL)?.absoluteURL ?? options.baseURL
    }

    private static func resolve(_ reference: String, against base: URL?) -> URL? {
        let trimmed = TextScan.trimmed(reference)
        guard let url = URL(string: trimmed, relativeTo: base)?.absoluteURL,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        return url
    }

    private func jsonLDTitle(_ jsonLD: JSONLDArticle?, documentTitle: String) -> String? {
        guard let jsonLD else { return nil }
        if let name = jsonLD.name, let headline = jsonLD.headline, name != headline {
            let nameMatches = ReadabilityPass.textSimilarity(name, documentTitle) > 0.75
            let headlineMatches = ReadabilityPass.textSimilarity(headline, documentTitle) > 0.75
            return headlineMatches && !nameMatches ? headline : name
        }
        return Self.firstNonEmpty(jsonLD.name, jsonLD.headline)
    }

    static func firstNonEmpty(_ values: String?...) -> String? {
        values.lazy.compactMap { $0 }.first { !TextScan.isBlank($0) }
    }

    /// Character references a page escaped twice in its meta (`&amp;amp;`, `&#039;`): Readability's unescaping.
    static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            output += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(10).firstIndex(of: ";") else {
                output += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            var replacement: String?
            switch name {
            case "quot": replacement = "\""
            case "amp": replacement = "&"
            case "apos": replacement = "'"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            default:
                if name.hasPrefix("#") {
                    let digits = name.dropFirst()
                    let value = digits.first == "x" || digits.first == "X"
                        ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                    if let value {
                        replacement = String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}")
                        if value == 0 { replacement = "\u{FFFD}" }
                    }
                }
            }
            if let replacement {
                output += replacement
                rest = after[after.index(after: semicolon)...]
            } else {
                output += "&"
                rest = after
            }
        }
        return output + rest
    }
}
