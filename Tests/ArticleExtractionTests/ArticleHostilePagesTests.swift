import ArticleExtraction
import Foundation
import StreamTestSupport
import Testing

/// Pages made to break an extractor: each gives an article or a ``StreamError``, never a crash or unbounded
/// memory (the bounds are ``ArticleExtractor/Options``'; peak RSS is measured in the Benchmarks executable).
@Suite struct ArticleHostilePagesTests {
    static func run(_ bytes: [UInt8], options: ArticleExtractor.Options = .init(), chunk: Int = 65_536) -> Article? {
        let extractor = ArticleExtractor(options: options)
        var splits: [Int] = []
        var offset = chunk
        while offset < bytes.count {
            splits.append(offset)
            offset += chunk
        }
        let outcome = DripFeed.run(extractor, bytes: bytes, splits: splits)
        #expect(outcome.error == nil)
        return outcome.items.first
    }

    @Test("5,000 nested divs around a paragraph: the paragraph kept; 100,000: read up to the bound", .ownThread)
    func deeplyNested() throws {
        func nested(_ depth: Int) -> [UInt8] {
            Array(("<html><body><p>Before the nesting, a short line.</p>" + String(repeating: "<div>", count: depth)
                + "<p>\(ArticleExtractorTests.paragraph)</p>" + String(repeating: "</div>", count: depth)
                + "</body></html>").utf8)
        }
        let deep = try #require(Self.run(nested(5_000)))
        #expect(deep.text.contains("The council met"))
        let extractor = ArticleExtractor()
        let outcome = DripFeed.run(extractor, bytes: nested(100_000), splits: [65_536, 300_000])
        #expect(outcome.error == nil)
        #expect(extractor.wasTruncated)
        #expect(outcome.items.first?.text == "Before the nesting, a short line.")
    }

    @Test("A million tiny paragraphs: the kept part bounded, the extractor says it was truncated", .ownThread)
    func millionParagraphs() throws {
        var page = Array("<html><body><div>".utf8)
        page.reserveCapacity(12_000_000)
        for index in 0..<1_000_000 { page += Array("<p>w\(index % 10)</p>".utf8) }
        page += Array("</div></body></html>".utf8)
        let options = ArticleExtractor.Options(maximumNodes: 20_000)
        let extractor = ArticleExtractor(options: options)
        let splits = Array(stride(from: 65_536, to: page.count, by: 65_536))
        let outcome = DripFeed.run(extractor, bytes: page, splits: splits)
        #expect(outcome.error == nil)
        #expect(extractor.wasTruncated)
        let article = try #require(outcome.items.first)
        #expect(article.wordCount <= 20_000)
    }

    @Test("No body, an empty page, text only: an article with what there is")
    func noBody() throws {
        #expect(Self.run(Array("<html><head><title>Only a title here, nothing else at all</title></head></html>".utf8))?
            .title == "Only a title here, nothing else at all")
        #expect(Self.run([])?.text == "")
        #expect(Self.run(Array("just some words".utf8))?.text == "just some words")
    }

    @Test("Binary garbage: an article or an error, in every chunking the same")
    func binaryGarbage() throws {
        var generator = SplitMix64(seed: 44)
        for length in [1, 7, 300, 5_000, 200_000] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let whole = DripFeed.run(ArticleExtractor(), bytes: bytes, splits: [])
            for splits in DripFeed.randomChunkings(bytes.count, count: 3, maximumChunk: 999, seed: UInt64(length)) {
                let outcome = DripFeed.run(ArticleExtractor(), bytes: bytes, splits: splits)
                #expect(outcome.items == whole.items)
                #expect(outcome.error == whole.error)
            }
        }
    }

    /// The sanitizer's browser-check vectors (scripts/sanitizer-browser-check/xss-vectors.txt) in an article:
    /// no element, attribute or URL that can run script reaches the content.
    @Test("Script-injection vectors inside an article: none survives into content")
    func injectionVectors() throws {
        let file = Corpus.projectRoot.appendingPathComponent("scripts/sanitizer-browser-check/xss-vectors.txt")
        let vectors = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter { !$0.isEmpty }
        #expect(vectors.count >= 100)
        // The check itself tells a handler from a quoted value that names one.
        #expect(Self.canRunScript("<p><img src=x onerror=alert(1)></p>"))
        #expect(Self.canRunScript(#"<a href=" JaVa&#10;script:alert(1)">x</a>"#.replacing("&#10;", with: "\n")))
        #expect(!Self.canRunScript(#"<img src="x" alt="&quot; onerror=&quot;alert(1)">"#))
        var survivors: [String] = []
        for vector in vectors {
            let body = "<article><p>\(ArticleExtractorTests.paragraph)</p><p>\(vector)</p>"
                + "<p>\(ArticleExtractorTests.paragraph)</p><p>\(ArticleExtractorTests.paragraph)</p></article>"
            let article = try #require(Self.run(Array(ArticleExtractorTests.page(body: body).utf8)))
            #expect(article.text.contains("The council met"))
            if Self.canRunScript(article.content) { survivors.append(String(vector)) }
        }
        #expect(survivors.isEmpty, "survived: \(survivors)")
    }

    /// Whether `html` has an element, event handler or URL that runs script: the elements the sanitizer never
    /// writes, any `on…` attribute, and any `javascript:`, `vbscript:` or `data:` URL, however spaced or cased.
    static func canRunScript(_ html: String) -> Bool {
        let lowered = html.lowercased()
        let compact = String(lowered.unicodeScalars.filter { $0.value > 0x20 }.map(Character.init))
        for element in ["<script", "<iframe", "<object", "<embed", "<applet", "<meta", "<link", "<base", "<form",
            "<frame", "<style", "<foreignobject"]
        where lowered.contains(element) {
            return true
        }
        // An event handler: an attribute named on… in a tag, its quoted values set aside.
        for tag in lowered.matches(of: /<[a-z][^>]*>/) {
            let unquoted = String(tag.output).replacing(/"[^"]*"|'[^']*'/, with: "\"\"")
            if unquoted.contains(/[\s\/]on[a-z]+\s*=/) { return true }
        }
        return compact.contains("javascript:") || compact.contains("vbscript:") || compact.contains("=\"data:")
    }
}
