import ArticleExtraction
import Foundation
import StreamTestSupport
import Testing

/// ``ArticleExtractor`` on pages made for one behaviour each, every one checked identical in every chunking.
@Suite struct ArticleExtractorTests {
    /// The article of `page`, the same in every one of the standard chunkings.
    static func extract(_ page: String, options: ArticleExtractor.Options = .init()) throws -> Article {
        let bytes = Array(page.utf8)
        let whole = DripFeed.run(ArticleExtractor(options: options), bytes: bytes, splits: [])
        #expect(whole.error == nil)
        let article = try #require(whole.items.first)
        #expect(whole.items.count == 1)
        let chunkings = DripFeed.standardChunkings(bytes.count).prefix(bytes.count <= 2048 ? 400 : 12)
        for splits in chunkings.dropFirst() {
            let outcome = DripFeed.run(ArticleExtractor(options: options), bytes: bytes, splits: splits)
            #expect(outcome.items == [article], "chunked at \(splits.prefix(8))…")
        }
        return article
    }

    static let paragraph = """
        The council met on Tuesday evening to discuss the new library, which has been delayed twice, and \
        residents asked why the budget had grown by a third since the plans were first shown in spring.
        """

    static func page(head: String = "", body: String) -> String {
        "<!DOCTYPE html><html lang=\"en-GB\"><head><meta charset=\"utf-8\">\(head)</head><body>\(body)</body></html>"
    }

    static var story: String {
        """
        <div id="nav"><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li></ul></div>
        <div class="sidebar"><p>Popular: <a href="/a">one</a>, <a href="/b">two</a>, <a href="/c">three</a></p></div>
        <article class="post-content">
        <h1>Library delayed again</h1>
        <p>\(paragraph)</p><p>\(paragraph)</p>
        <p>Officials said the <a href="/docs/plan.pdf">revised plan</a>, published today, explains the costs.</p>
        <p>\(paragraph)</p>
        <figure><img data-src="/images/site.jpg" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="The site">
        <figcaption>The site in March.</figcaption></figure>
        <p>\(paragraph)</p>
        </article>
        <div class="comments"><p>First! <a href="/u/1">someone</a></p></div>
        <footer><p>Copyright 2024, The Gazette, all rights reserved, and more words here.</p></footer>
        """
    }

    @Test("The article's paragraphs, not the navigation, sidebar, comments or footer")
    func findsTheArticle() throws {
        let article = try Self.extract(Self.page(body: Self.story))
        #expect(article.text.contains("The council met on Tuesday evening"))
        #expect(article.text.contains("revised plan"))
        #expect(!article.text.contains("Popular"))
        #expect(!article.text.contains("First!"))
        #expect(!article.text.contains("Copyright"))
        #expect(!article.text.contains("Home"))
        let paragraphs = article.text.components(separatedBy: "\n\n")
        #expect(paragraphs.contains(Self.paragraph))
        #expect(article.wordCount == ShingleScore.words(article.text).count)
        #expect(article.language == "en-GB")
    }

    @Test("URLs resolved against <base href> and the page's URL; lazy images get their real src")
    func resolvesURLs() throws {
        let options = ArticleExtractor.Options(baseURL: URL(string: "https://gazette.example/2024/05/library.html"))
        let article = try Self.extract(Self.page(head: #"<base href="/news/">"#, body: Self.story), options: options)
        #expect(article.content.contains(#"href="https://gazette.example/docs/plan.pdf""#))
        #expect(article.content.contains(#"src="https://gazette.example/images/site.jpg""#))
        #expect(!article.content.contains("data:image"))
        #expect(article.leadImage == URL(string: "https://gazette.example/images/site.jpg"))
    }

    @Test("Title, byline, date, site name and excerpt from meta; JSON-LD first")
    func metadata() throws {
        let head = """
            <title>Library delayed again | The Gazette</title>
            <meta property="og:title" content="Library delayed again (og)">
            <meta property="og:site_name" content="The Gazette">
            <meta name="author" content="Ann Writer">
            <meta property="article:published_time" content="2024-05-02T09:30:00Z">
            <meta property="og:image" content="https://cdn.gazette.example/lead.jpg">
            <meta name="description" content="The library is late &amp;amp; over budget.">
            """
        let article = try Self.extract(Self.page(head: head, body: Self.story))
        #expect(article.title == "Library delayed again (og)")
        #expect(article.byline == "Ann Writer")
        #expect(article.siteName == "The Gazette")
        #expect(article.published == Date(timeIntervalSince1970: 1_714_642_200))
        #expect(article.leadImage == URL(string: "https://cdn.gazette.example/lead.jpg"))
        #expect(article.excerpt == "The library is late & over budget.")

        let jsonLD = """
            <title>Library delayed again | The Gazette</title>
            <script type="application/ld+json">{"@context": "https://schema.org", "@graph": [
              {"@type": "WebSite", "name": "The Gazette"},
              {"@type": "NewsArticle", "headline": "Library delayed again (ld)",
               "datePublished": "2024-05-03T10:00:00Z",
               "author": [{"@type": "Person", "name": "Ann Writer"}, {"@type": "Person", "name": "Bo Reporter"}],
               "publisher": {"@type": "Organization", "name": "Gazette Ltd"}}]}</script>
            """
        let fromJSONLD = try Self.extract(Self.page(head: jsonLD, body: Self.story))
        #expect(fromJSONLD.title == "Library delayed again (ld)")
        #expect(fromJSONLD.byline == "Ann Writer, Bo Reporter")
        #expect(fromJSONLD.siteName == "Gazette Ltd")
        #expect(fromJSONLD.published == Date(timeIntervalSince1970: 1_714_730_400))
        // No excerpt in the page: the article's first paragraph.
        #expect(fromJSONLD.excerpt == Self.paragraph)
    }

    @Test("The page's <title> less its site name; a <time datetime> when meta has no date")
    func titleAndTime() throws {
        let body = "<time datetime=\"2023-11-20T08:00:00Z\">20 November</time>" + Self.story
        let head = "<title>Library delayed again as costs grow - The Gazette</title>"
        let article = try Self.extract(Self.page(head: head, body: body))
        #expect(article.title == "Library delayed again as costs grow")
        // Readability keeps a title the cut would leave at four words or fewer.
        let short = try Self.extract(Self.page(head: "<title>Library delayed again - The Gazette</title>", body: body))
        #expect(short.title == "Library delayed again - The Gazette")
        #expect(article.published == Date(timeIntervalSince1970: 1_700_467_200))
    }

    @Test("A site rule picks the article before the general method; a rule that matches nothing does not")
    func siteRules() throws {
        let body = """
            <div class="teaser"><p>\(Self.paragraph)</p><p>\(Self.paragraph)</p><p>\(Self.paragraph)</p></div>
            <div class="story body"><p>Short story text that the rule says is the article.</p></div>
            """
        let rule = SiteRule(host: "gazette.example", selector: "div.story.body")
        let options = ArticleExtractor.Options(baseURL: URL(string: "https://www.gazette.example/x"), rules: [rule])
        let ruled = try Self.extract(Self.page(body: body), options: options)
        #expect(ruled.text == "Short story text that the rule says is the article.")

        let otherHost = ArticleExtractor.Options(baseURL: URL(string: "https://elsewhere.example/x"), rules: [rule])
        #expect(try Self.extract(Self.page(body: body), options: otherHost).text.contains("The council met"))
        let unmatched = ArticleExtractor.Options(
            baseURL: URL(string: "https://gazette.example/x"),
            rules: [SiteRule(host: "gazette.example", selector: "#missing, main article")])
        #expect(try Self.extract(Self.page(body: body), options: unmatched).text.contains("The council met"))
        let unreadable = ArticleExtractor.Options(
            baseURL: URL(string: "https://gazette.example/x"),
            rules: [SiteRule(host: "gazette.example", selector: "div > p")])
        #expect(try Self.extract(Self.page(body: body), options: unreadable).text.contains("The council met"))
    }

    @Test("Descendant selectors, several alternatives, page order")
    func selectorAlternatives() throws {
        let body = """
            <main><section id="lede"><p>First part.</p></section><aside><p>Not this.</p></aside>
            <div class="more"><p>Second part.</p></div></main>
            """
        let rule = SiteRule(host: "gazette.example", selector: "main .more p, #lede")
        let options = ArticleExtractor.Options(baseURL: URL(string: "https://gazette.example/x"), rules: [rule])
        #expect(try Self.extract(Self.page(body: body), options: options).text == "First part.\n\nSecond part.")
    }

    @Test("A summary-only page with JSON-LD articleBody gives that body")
    func jsonLDArticleBody() throws {
        let long = Array(repeating: Self.paragraph, count: 6).joined(separator: "\n")
        let head = """
            <script type="application/ld+json">{"@context": "http://schema.org", "@type": "Article",
            "headline": "H", "articleBody": \(String(data: try JSONEncoder().encode(long), encoding: .utf8)!)}</script>
            """
        let article = try Self.extract(Self.page(head: head, body: "<div id=\"app\"></div>"))
        #expect(article.text == Array(repeating: Self.paragraph, count: 6).joined(separator: "\n\n"))
        #expect(article.content.hasPrefix("<p>The council met"))
    }
}
