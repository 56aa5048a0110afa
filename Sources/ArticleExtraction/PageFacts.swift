#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a page says about its article outside the article: the `<title>`, meta, `<base href>`, the first
/// `<time datetime>`, `<html lang>` and its JSON-LD scripts, gathered as the page streams by.
struct PageFacts {
    var documentTitle: String?
    var language: String?
    var baseHref: String?
    var firstTime: String?
    var jsonLD: [String] = []
    /// Readability's meta values, keyed as it keys them (`og:title`, `dc:creator`, `author`, `parsely-pub-date`);
    /// the last one of a key wins, as there.
    var readabilityValues: [String: String] = [:]
    /// Every other meta by its lowercased name or property; the first one wins (`og:image`, `citation_title`).
    var otherValues: [String: String] = [:]
    /// `citation_author`, which scholarly pages repeat once per author.
    var citationAuthors: [String] = []

    private static let propertyPrefixes: Set<String> = ["article", "dc", "dcterm", "og", "twitter"]
    private static let propertyFields: Set<String> = [
        "author", "creator", "description", "published_time", "title", "site_name",
    ]
    private static let namePrefixes: Set<String> = ["dc", "dcterm", "og", "twitter", "parsely", "weibo:article",
        "weibo:webpage"]
    private static let nameFields: Set<String> = ["author", "creator", "pub-date", "description", "title", "site_name"]

    mutating func readMeta(name: String?, property: String?, content: String) {
        guard !content.isEmpty else { return }
        let value = TextScan.trimmed(content)
        var matched = false
        if let property {
            for token in property.lowercased().split(whereSeparator: \.isWhitespace) {
                let parts = token.split(separator: ":", maxSplits: 1)
                if parts.count == 2, Self.propertyPrefixes.contains(String(parts[0])),
                    Self.propertyFields.contains(String(parts[1]))
                {
                    readabilityValues[String(token)] = value
                    matched = true
                }
                if otherValues[String(token)] == nil { otherValues[String(token)] = value }
            }
        }
        if let name {
            let key = name.lowercased().filter { !$0.isWhitespace }
            if !matched, Self.isReadabilityName(key) {
                readabilityValues[key.replacing(".", with: ":")] = value
            }
            if key == "citation_author" { citationAuthors.append(value) }
            if otherValues[key] == nil { otherValues[key] = value }
        }
    }

    private static func isReadabilityName(_ key: String) -> Bool {
        if nameFields.contains(key) { return true }
        for prefix in namePrefixes where key.hasPrefix(prefix) {
            let rest = key.dropFirst(prefix.count)
            guard let separator = rest.first, "-.:".contains(separator) else { continue }
            if nameFields.contains(String(rest.dropFirst())) { return true }
        }
        return false
    }

    /// The first JSON-LD object of an article type, as Readability reads it.
    func articleJSONLD() -> JSONLDArticle? {
        for script in jsonLD {
            if let article = JSONLDArticle(script: script) { return article }
        }
        return nil
    }
}
