#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A schema.org article in a page's JSON-LD (`<script type="application/ld+json">`): Readability's reading of it,
/// plus `articleBody` and `image`.
struct JSONLDArticle {
    var name: String?
    var headline: String?
    var byline: String?
    var excerpt: String?
    var siteName: String?
    var datePublished: String?
    var articleBody: String?
    var image: String?

    /// The article in `script`, or `nil` when it holds none (not JSON, not schema.org, no article type).
    init?(script: String) {
        var text = TextScan.trimmed(script)
        if text.hasPrefix("<![CDATA[") { text.removeFirst(9) }
        if text.hasSuffix("]]>") { text.removeLast(3) }
        guard let data = text.data(using: .utf8),
            let value = try? JSONDecoder().decode(JSONValue.self, from: data)
        else { return nil }
        guard let object = Self.articleObject(in: value) else { return nil }
        self.init(object: object)
    }

    private init(object: [String: JSONValue]) {
        name = object["name"]?.string.map(TextScan.trimmed)
        headline = object["headline"]?.string.map(TextScan.trimmed)
        switch object["author"] {
        case .object(let author)?: byline = author["name"]?.string.map(TextScan.trimmed)
        case .array(let authors)?:
            let names = authors.compactMap { $0.objectValue?["name"]?.string }.map(TextScan.trimmed)
            byline = names.isEmpty ? nil : names.joined(separator: ", ")
        case .string(let author)?: byline = TextScan.trimmed(author)
        default: break
        }
        excerpt = object["description"]?.string.map(TextScan.trimmed)
        siteName = object["publisher"]?.objectValue?["name"]?.string.map(TextScan.trimmed)
        datePublished = object["datePublished"]?.string.map(TextScan.trimmed)
        articleBody = object["articleBody"]?.string
        switch object["image"] {
        case .string(let url)?: image = url
        case .object(let image)?: self.image = image["url"]?.string
        case .array(let images)?:
            image = images.first.flatMap { $0.string ?? $0.objectValue?["url"]?.string }
        default: break
        }
    }

    /// The object of an article type: the value itself, one of an array, or one of its `@graph`.
    private static func articleObject(in value: JSONValue) -> [String: JSONValue]? {
        switch value {
        case .array(let items):
            for item in items { if let found = articleObject(in: item) { return found } }
            return nil
        case .object(let object):
            if let context = object["@context"]?.string, !isSchemaOrg(context) { return nil }
            if object["@type"] == nil, case .array(let graph)? = object["@graph"] {
                return graph.lazy.compactMap(\.objectValue).first { isArticleType($0["@type"]) }
            }
            return isArticleType(object["@type"]) ? object : nil
        default:
            return nil
        }
    }

    private static func isSchemaOrg(_ context: String) -> Bool {
        let lowered = context.lowercased()
        return ["http://schema.org", "https://schema.org", "http://schema.org/", "https://schema.org/"]
            .contains(lowered)
    }

    /// schema.org's Article and its subtypes (Readability's `jsonLdArticleTypes`).
    private static func isArticleType(_ type: JSONValue?) -> Bool {
        switch type {
        case .string(let name)?:
            let kinds = [
                "AdvertiserContentArticle", "NewsArticle", "AnalysisNewsArticle", "AskPublicNewsArticle",
                "BackgroundNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle", "Report",
                "SatiricalArticle", "ScholarlyArticle", "MedicalScholarlyArticle", "SocialMediaPosting",
                "BlogPosting", "LiveBlogPosting", "DiscussionForumPosting", "TechArticle",
            ]
            return name.hasPrefix("Article") || name.hasSuffix("APIReference") || kinds.contains { name.contains($0) }
        case .array(let names)?:
            return names.contains { isArticleType($0) }
        default:
            return false
        }
    }
}

/// Any JSON value, for reading JSON-LD whose shape varies from site to site.
enum JSONValue: Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var objectValue: [String: JSONValue]? { if case .object(let value) = self { value } else { nil } }
}
