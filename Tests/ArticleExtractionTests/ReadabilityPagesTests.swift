import ArticleExtraction
import Foundation
import StreamTestSupport
import Testing

/// ``ArticleExtractor`` on Mozilla Readability's 130 test pages, scored as article-extraction benchmarks score:
/// 4-gram shingle F1 of the article's text against Readability's own article.
@Suite(.corpus(ReadabilityPage.folder)) struct ReadabilityPagesTests {
    /// The mean F1 measured on the corpus: 0.9835 (the issue's bar is 0.95). A change that lowers it fails here;
    /// the pages below 0.8 are qq (UTF-8 bytes under a `gb2312` meta, read as the meta says, as browsers do),
    /// mathjax (its MathML sits in elements whose class names a menu) and hukumusume.
    static let meanFloor = 0.98

    @Test("Readability's test pages: mean 4-gram shingle F1 of the text, pages below 0.8 listed", .ownThread)
    func shingleF1() throws {
        let pages = ReadabilityPage.all()
        #expect(pages.count >= 130)
        var scores: [(name: String, f1: Double)] = []
        for page in pages {
            let article = try #require(try page.extract())
            scores.append((page.name, ShingleScore.f1(extracted: article.text, expected: page.expectedText)))
        }
        let mean = scores.map(\.f1).reduce(0, +) / Double(max(scores.count, 1))
        let low = scores.filter { $0.f1 < 0.8 }.sorted { $0.f1 < $1.f1 }
        print("readability-test-pages: \(scores.count) pages, mean shingle F1 \(String(format: "%.4f", mean))")
        let listed = low.map { "\($0.name) \(String(format: "%.3f", $0.f1))" }
        print("below 0.8 (\(low.count)): " + listed.joined(separator: ", "))
        #expect(mean >= Self.meanFloor)
    }
}
