#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The article a web page holds, as a reader app shows it in place of a feed's summary.
///
/// Made by ``ArticleExtractor`` at the end of a page. ``content`` is safe to show in a web view: it went through the
/// sanitizer, its relative URLs are absolute, and lazy-loaded images carry their real `src`.
public struct Article: Sendable, Hashable, Codable {
    /// The article's headline: JSON-LD, then `og:`/`twitter:`/`citation_` meta, then the page's `<title>` less its
    /// site-name part.
    public var title: String?
    /// Who wrote it: JSON-LD `author`, `author`/`citation_author` meta, or a byline element of the page.
    public var byline: String?
    /// When it was published: JSON-LD `datePublished`, `article:published_time` or `citation_publication_date`
    /// meta, or the first `<time datetime>`.
    public var published: Date?
    /// The site's name (`og:site_name`, JSON-LD `publisher.name`).
    public var siteName: String?
    /// The page's language (`<html lang>`).
    public var language: String?
    /// The picture a reader shows beside the article: `og:image`, `twitter:image`, JSON-LD `image`, else the
    /// article's first image.
    public var leadImage: URL?
    /// A short description: the page's own (meta, JSON-LD), else the article's first paragraph.
    public var excerpt: String?
    /// The article as sanitized HTML, its URLs absolute.
    public var content: String
    /// The article as plain text, paragraphs separated by blank lines.
    public var text: String
    /// The words in ``text``: runs of letters and digits.
    public var wordCount: Int

    /// Creates an article.
    public init(
        title: String? = nil, byline: String? = nil, published: Date? = nil, siteName: String? = nil,
        language: String? = nil, leadImage: URL? = nil, excerpt: String? = nil, content: String = "",
        text: String = "", wordCount: Int = 0
    ) {
        self.title = title
        self.byline = byline
        self.published = published
        self.siteName = siteName
        self.language = language
        self.leadImage = leadImage
        self.excerpt = excerpt
        self.content = content
        self.text = text
        self.wordCount = wordCount
    }
}
