import ArticleExtraction
import Foundation
import StreamTestSupport
import Testing

/// Mozilla Readability's test pages (Apache-2.0) in the corpus: each folder's `source.html`, the article
/// Readability makes of it (`expected.html`) and its metadata (`expected-metadata.json`).
struct ReadabilityPage {
    static let folder = "readability-test-pages"
    /// The URL Readability's own tests give every page.
    static let pageURL = URL(string: "http://fakehost/test/page.html")!

    let name: String
    let source: [UInt8]
    let expectedText: String

    static func all() -> [ReadabilityPage] {
        guard let root = Corpus.directory(folder) else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().compactMap { name in
            let directory = root.appendingPathComponent(name, isDirectory: true)
            guard let source = try? Corpus.bytes(directory.appendingPathComponent("source.html")),
                let expected = try? String(
                    contentsOf: directory.appendingPathComponent("expected.html"), encoding: .utf8)
            else { return nil }
            return ReadabilityPage(name: name, source: source, expectedText: ShingleScore.text(ofHTML: expected))
        }
    }

    func extract(splits: [Int] = []) throws -> Article? {
        let extractor = ArticleExtractor(options: .init(baseURL: Self.pageURL))
        let outcome = DripFeed.run(extractor, bytes: source, splits: splits)
        if let error = outcome.error { throw error }
        return outcome.items.first
    }
}
