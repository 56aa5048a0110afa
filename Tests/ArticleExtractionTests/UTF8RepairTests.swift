@testable import ArticleExtraction
import Foundation
import StreamTestSupport
import Testing

/// A UTF-8 page with bytes that are not UTF-8: repaired as browsers repair them (U+FFFD), the same in every chunking.
@Suite struct UTF8RepairTests {
    /// Pieces of valid UTF-8 and of what is not: stray continuation bytes, cut sequences, overlong forms,
    /// surrogates, bytes past U+10FFFF.
    static let pieces: [[UInt8]] = [
        Array("ab".utf8), Array("é".utf8), Array("日本".utf8), Array("😀".utf8), [0x80], [0xBF], [0xC0, 0x80],
        [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xE0, 0x80],
        [0xF5], [0xEF], Array("<p>".utf8), [0x0A],
    ]

    /// What `repair` hands on for `bytes` cut at `splits`.
    static func repaired(_ bytes: [UInt8], splits: [Int]) -> [UInt8] {
        var repair = UTF8Repair()
        var output: [UInt8] = []
        var start = 0
        for end in splits + [bytes.count] {
            bytes[start..<end].withUnsafeBytes { chunk in
                repair.take(chunk, atEnd: end == bytes.count) { output.append(contentsOf: $0) }
            }
            start = end
        }
        return output
    }

    @Test("Random bytes, in random chunkings: what String(decoding:) makes of them whole; UTF-8 passed as it is")
    func repairsAsTheDecoderDoes() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...10, using: &generator)).flatMap { _ in
                Self.pieces.randomElement(using: &generator)!
            }
            let expected = Array(String(decoding: bytes, as: UTF8.self).utf8)
            #expect(bytes.withUnsafeBufferPointer { UTF8Repair.isValid($0) } == (expected == bytes))
            for splits in [[]] + DripFeed.randomChunkings(bytes.count, count: 4, maximumChunk: 3, seed: 9)
                + [DripFeed.byteByByte(bytes.count)]
            {
                #expect(Self.repaired(bytes, splits: splits) == expected, "\(bytes) cut at \(splits)")
            }
        }
    }

    @Test("A page declared UTF-8 with a byte that is not: its title as written, the byte U+FFFD, in every chunking")
    func pageWithOneBadByte() throws {
        // After the title, a meta whose name has a Latin-1 byte (a Readability page so edited, by the fuzz target).
        let head = Array(#"<meta charset="utf-8"><title>Passwörter für Mac</title><m"#.utf8) + [0xEF]
            + Array(#"ta name="publisher" content="Heise">"#.utf8)
        var bytes = Array("<!DOCTYPE html><html><head>".utf8) + head + Array("</head><body><article>".utf8)
        for _ in 0..<4 { bytes += Array("<p>\(ArticleExtractorTests.paragraph) größer</p>".utf8) }
        bytes += Array("<p>caf".utf8) + [0xE9] + Array(" noir</p></article></body></html>".utf8)
        let options = ArticleExtractor.Options(baseURL: URL(string: "https://example.org/story"))
        let whole = DripFeed.run(ArticleExtractor(options: options), bytes: bytes, splits: [])
        let article = try #require(whole.items.first)
        #expect(article.title == "Passwörter für Mac")
        #expect(article.text.contains("größer"))
        #expect(article.text.contains("caf\u{FFFD} noir"))
        let chunkings =
            [DripFeed.byteByByte(bytes.count)]
            + DripFeed.randomChunkings(bytes.count, count: 16, maximumChunk: 64, seed: 5)
        for (index, splits) in chunkings.enumerated() {
            let outcome = DripFeed.run(ArticleExtractor(options: options), bytes: bytes, splits: splits)
            #expect(outcome.items == [article], "chunking \(index) (0: one byte at a time) gave another article")
        }
    }
}
