import StreamCore
import StreamTestSupport
import Testing

@testable @_spi(XMLEngine) import XMLStream

/// ``HTMLTagBoundary`` in front of ``HTMLPushParser``: the events libxml2 reports for a page must not depend on
/// where the page was cut. These pages put markup-like bytes inside `script` and `style`, which libxml2 (2.9.14)
/// reads as raw text up to `</script` or `</style`.
@Suite("HTMLTagBoundary: script and style content read the same in every chunking")
struct HTMLTagBoundaryTests {
    /// Records every event as a line; adjacent text is joined, since libxml2 reports text in pieces of any size.
    final class Recorder: HTMLEventHandler {
        var events: [String] = []
        var isSatisfied: Bool { false }

        func startElement(_ tag: HTMLStartTag) throws(StreamError) {
            var line = "<" + tag.name.string
            try tag.forEachAttribute { (name, value) throws(StreamError) in
                line += " \(name.string)=\"\(String(decoding: value, as: UTF8.self))\""
            }
            events.append(line + ">")
        }

        func endElement(_ name: XMLName) throws(StreamError) {
            events.append("</" + name.string + ">")
        }

        func characters(_ text: UnsafeRawBufferPointer) throws(StreamError) {
            let piece = String(decoding: text, as: UTF8.self)
            if let last = events.last, last.hasPrefix("text:") {
                events[events.count - 1] = last + piece
            } else {
                events.append("text:" + piece)
            }
        }
    }

    /// The events of `bytes` cut at `splits`, each chunk through the tag boundary.
    static func events(_ bytes: [UInt8], splits: [Int]) throws -> [String] {
        let recorder = Recorder()
        let parser = HTMLPushParser(encoding: .utf8, handler: recorder)
        var boundary = HTMLTagBoundary()
        var start = 0
        for end in splits + [bytes.count] {
            let chunk = Array(bytes[start..<end])
            _ = try chunk.withUnsafeBytes { (chunk) throws(StreamError) -> Int in
                try boundary.feed(chunk, to: parser)
            }
            start = end
        }
        try boundary.flush(to: parser)
        #expect(boundary.heldCount == 0)
        try parser.terminate()
        return recorder.events
    }

    static let pages = [
        // `<` and `>` in expressions, end tags in a string: all of it is the script's text. Cut after the first
        // and second end tag, libxml2 read the third as markup.
        #"<html><head><script>if (a<b && c>d) { x = "</td></tr></table>"; }</script><title>T</title></head>"#
            + #"<body><p>after</p></body></html>"#,
        // An end tag written in two pieces, a comment opener and quotes that never close.
        #"<body><script type="text/javascript">document.write('<p class="x">' + "</scr" + 'ipt>');"#
            + #" <!-- never closed ' " </script><p>after</p></body>"#,
        // Upper case, blanks before `>`, a `</` that ends nothing.
        #"<body><SCRIPT>var s = 1 </ 2; t = "a</b>c";</SCRIPT ><div>kept</div></body>"#,
        #"<head><style>p > a { content: "</p>"; } /* <b> */</style></head><body><p>styled</p></body>"#,
        #"<body><style media="screen">a<b{}</STYLE\#t x><p>two</p><script>x</script  ><p>three</p></body>"#,
        // A script that looks empty (`<script/>`) and one whose end tag is not its own (`</scripts>`).
        #"<body><script src="a.js"/><p>one</p><script>a</scripts>b</script><p>two</p></body>"#,
    ]

    @Test("Whole, one byte at a time and cut at every point: the same events", arguments: pages)
    func sameEventsInEveryChunking(page: String) throws {
        let bytes = Array(page.utf8)
        let whole = try Self.events(bytes, splits: [])
        #expect(whole.contains { $0.hasPrefix("<p") } || whole.contains("<div>"))
        #expect(try Self.events(bytes, splits: DripFeed.byteByByte(bytes.count)) == whole, "one byte at a time")
        for splits in DripFeed.everySplitPoint(bytes.count) {
            #expect(try Self.events(bytes, splits: splits) == whole, "cut at \(splits[0])")
        }
    }

    @Test("Script content is held until its end tag's `>`, then handed over with it")
    func holdsScriptContentToItsEndTag() throws {
        let recorder = Recorder()
        let parser = HTMLPushParser(encoding: .utf8, handler: recorder)
        var boundary = HTMLTagBoundary()
        for piece in ["<p>a</p><script>x</d", "iv> y</scr", "ipt", " >", "<p>b</p>"] {
            let bytes = Array(piece.utf8)
            _ = try bytes.withUnsafeBytes { (chunk) throws(StreamError) -> Int in try boundary.feed(chunk, to: parser) }
            if piece == "ipt" { #expect(boundary.heldCount == "<script>x</div> y</script".utf8.count) }
        }
        #expect(boundary.heldCount == 0)
        try boundary.flush(to: parser)
        try parser.terminate()
        #expect(recorder.events.contains("text:x</div> y"))
        #expect(recorder.events.suffix(5) == ["<p>", "text:b", "</p>", "</body>", "</html>"])
    }
}
