import ArticleExtraction
import Foundation
import StreamTestSupport
import Testing

/// Pages that are not UTF-8, as the web still serves them: legacy single-byte pages (a `<meta charset>`, an
/// `http-equiv` Content-Type, or nothing at all), Shift_JIS (declared early, or late in the head behind a script) and
/// GBK, UTF-16 behind its byte-order mark, and an HTTP
/// charset that wins over the page's own. Each page's bytes are written here byte by byte (not made by a converter
/// of the platform), and each gives the same article in every chunking.
@Suite struct ArticleEncodingTests {
    /// A page in some encoding: ASCII markup around `word`'s encoded bytes, and what the text must hold.
    struct EncodedPage: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var defaultEncoding: String?
        var title: String
        var word: String
        var testDescription: String { name }
    }

    static let paragraph = ArticleExtractorTests.paragraph

    /// `<html>` with `head` (ASCII), a title and a heading made of `title`, and four paragraphs that each end with
    /// `word`'s bytes.
    static func page(head: String, title: [UInt8], word: [UInt8]) -> [UInt8] {
        var bytes = Array("<!DOCTYPE html><html><head>\(head)<title>".utf8) + title + Array("</title></head><body>".utf8)
        bytes += Array("<article><h1>".utf8) + title + Array("</h1>".utf8)
        for _ in 0..<4 { bytes += Array("<p>\(paragraph) ".utf8) + word + Array("</p>".utf8) }
        return bytes + Array("</article></body></html>".utf8)
    }

    // "Café crème" and "cœur — “élan”" in windows-1252 (0x9C œ, 0x97 em dash, 0x93/0x94 quotes, 0xE9 é).
    static let cafeCreme: [UInt8] = [0x43, 0x61, 0x66, 0xE9, 0x20, 0x63, 0x72, 0xE8, 0x6D, 0x65]
    static let coeurElan: [UInt8] = [0x63, 0x9C, 0x75, 0x72, 0x20, 0x97, 0x20, 0x93, 0xE9, 0x6C, 0x61, 0x6E, 0x94]
    // "Été" and "déjà vu" in ISO-8859-1.
    static let ete: [UInt8] = [0xC9, 0x74, 0xE9]
    static let dejaVu: [UInt8] = [0x64, 0xE9, 0x6A, 0xE0, 0x20, 0x76, 0x75]
    // "日本語" and "記事" in Shift_JIS.
    static let nihongo: [UInt8] = [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA]
    static let kiji: [UInt8] = [0x8B, 0x4C, 0x8E, 0x96]
    // "中文" and "文章" in GBK.
    static let zhongwen: [UInt8] = [0xD6, 0xD0, 0xCE, 0xC4]
    static let wenzhang: [UInt8] = [0xCE, 0xC4, 0xD5, 0xC2]

    /// UTF-16LE with its byte-order mark: what `String.utf16` gives, as bytes.
    static func utf16LittleEndian(_ text: String) -> [UInt8] {
        [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    // "c a b" with three of the five bytes iconv refuses in windows-1252 (C1 controls to the WHATWG decoder).
    static let unassigned: [UInt8] = [0x63, 0x9D, 0x61, 0x8F, 0x62, 0x81]

    // "①②" in Windows-31J (NEC row 13), which a browser reads under the label Shift_JIS and glibc's SHIFT_JIS refuses.
    static let circledOneTwo: [UInt8] = [0x87, 0x40, 0x87, 0x41]

    static let pages: [EncodedPage] = [
        EncodedPage(
            name: "An unknown label (utf08) is passed over: the next <meta> decides",
            bytes: page(
                head: #"<meta charset="utf08"><meta charset="windows-1252">"#, title: cafeCreme, word: coeurElan),
            title: "Café crème", word: "cœur — “élan”"),
        EncodedPage(
            name: "An unknown label alone, bytes that are not UTF-8: read as an unlabeled page (windows-1252)",
            bytes: page(head: #"<meta charset="utf08">"#, title: cafeCreme, word: coeurElan),
            title: "Café crème", word: "cœur — “élan”"),
        EncodedPage(
            name: "An unknown HTTP charset is ignored: the page's <meta> decides",
            bytes: page(head: #"<meta charset="gb2312">"#, title: zhongwen, word: wenzhang),
            defaultEncoding: "x-no-such-charset", title: "中文", word: "文章"),
        EncodedPage(
            name: "Shift_JIS read as Windows-31J, as browsers read it: NEC's circled numbers",
            bytes: page(head: #"<meta charset="Shift_JIS">"#, title: nihongo, word: circledOneTwo),
            title: "日本語", word: "①②"),
        EncodedPage(
            name: "windows-1252 with bytes iconv refuses (0x81, 0x8F, 0x9D)",
            bytes: page(head: #"<meta charset="windows-1252">"#, title: cafeCreme, word: unassigned),
            title: "Café crème", word: "c\u{9D}a\u{8F}b\u{81}"),
        EncodedPage(
            name: "windows-1252 by <meta charset>",
            bytes: page(head: #"<meta charset="windows-1252">"#, title: cafeCreme, word: coeurElan),
            title: "Café crème", word: "cœur — “élan”"),
        EncodedPage(
            name: "ISO-8859-1 by http-equiv",
            bytes: page(
                head: #"<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">"#, title: ete,
                word: dejaVu),
            title: "Été", word: "déjà vu"),
        EncodedPage(
            name: "windows-1252 declared nowhere (not valid UTF-8)",
            bytes: page(head: "", title: cafeCreme, word: coeurElan), title: "Café crème", word: "cœur — “élan”"),
        EncodedPage(
            name: "Shift_JIS by <meta charset>",
            bytes: page(head: #"<meta charset="Shift_JIS">"#, title: nihongo, word: kiji), title: "日本語", word: "記事"),
        EncodedPage(
            name: "Shift_JIS declared after 3 kB of inline script (as 17 of Readability's pages place theirs)",
            bytes: page(
                head: "<script>var config = '" + String(repeating: "x", count: 3_000) + "';</script>"
                    + "<!-- <meta charset=\"windows-1252\"> --><meta charset=\"Shift_JIS\">",
                title: nihongo, word: kiji),
            title: "日本語", word: "記事"),
        EncodedPage(
            name: "GBK by <meta charset>",
            bytes: page(head: #"<meta charset="gbk">"#, title: zhongwen, word: wenzhang), title: "中文", word: "文章"),
        EncodedPage(
            name: "GBK by the HTTP charset, the page's meta saying otherwise",
            bytes: page(head: #"<meta charset="iso-8859-1">"#, title: zhongwen, word: wenzhang), defaultEncoding: "gbk",
            title: "中文", word: "文章"),
        EncodedPage(
            name: "UTF-16LE behind its byte-order mark",
            bytes: utf16LittleEndian(
                "<!DOCTYPE html><html><head><title>Über</title></head><body><article><h1>Über</h1>"
                    + String(repeating: "<p>\(paragraph) größer</p>", count: 4) + "</article></body></html>"),
            title: "Über", word: "größer"),
    ]

    @Test("Each page: its title and text in the right characters, the same in every chunking", arguments: pages)
    func decodedInEveryChunking(page: EncodedPage) throws {
        let options = ArticleExtractor.Options(
            baseURL: URL(string: "https://example.org/story"), defaultEncoding: page.defaultEncoding)
        let whole = DripFeed.run(ArticleExtractor(options: options), bytes: page.bytes, splits: [])
        #expect(whole.error == nil)
        let article = try #require(whole.items.first)
        #expect(article.title == page.title)
        #expect(article.text.contains("The council met on Tuesday evening"))
        #expect(article.text.components(separatedBy: page.word).count == 5, "\(article.text.prefix(300))")
        #expect(!article.text.contains("\u{FFFD}"), "a character was not decoded")
        let chunkings =
            [DripFeed.byteByByte(page.bytes.count)]
            + DripFeed.randomChunkings(page.bytes.count, count: 16, maximumChunk: 64, seed: 44)
        for (index, splits) in chunkings.enumerated() {
            let outcome = DripFeed.run(ArticleExtractor(options: options), bytes: page.bytes, splits: splits)
            #expect(outcome.items == [article], "chunking \(index) (0: one byte at a time) gave another article")
        }
    }
}
