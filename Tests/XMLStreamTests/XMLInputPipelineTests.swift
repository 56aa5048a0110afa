import StreamCore
import Testing

@testable import XMLStream

/// Issue 27, item 4: the engine's input stages are one ordered pipeline; what each stage holds, drops or repairs is
/// accounted for in one place.
@Suite("XMLInputPipeline: ordered stages, held bytes, positions mapped back")
struct XMLInputPipelineTests {
    /// Runs `input` through `pipeline` cut at `splits` and returns what came out, and the held count after each cut.
    static func run(_ pipeline: XMLInputPipeline, _ input: String, splits: [Int]) -> (output: String, held: [Int]) {
        let bytes = Array(input.utf8)
        var output: [UInt8] = []
        var held: [Int] = []
        var start = 0
        for end in splits + [bytes.count] {
            bytes[start..<end].withUnsafeBytes { chunk in
                pipeline.take(chunk, atEnd: false) { (piece) throws(Never) in output += piece }
            }
            held.append(pipeline.heldByteCount)
            start = end
        }
        pipeline.take(UnsafeRawBufferPointer(start: nil, count: 0), atEnd: true) { (piece) throws(Never) in
            output += piece
        }
        #expect(pipeline.heldByteCount == 0, "nothing stays held at the end")
        return (String(decoding: output, as: UTF8.self), held)
    }

    @Test("Stages run in order; a held comment opener counts until its terminator arrives")
    func orderAndHeldBytes() {
        let input = "\n\n  <a><!-->x--><b/></a>"
        for cut in 1..<input.utf8.count {
            let pipeline = XMLInputPipeline([LeadingWhitespace(), CommentOpenerGuard()])
            let outcome = Self.run(pipeline, input, splits: [cut])
            #expect(outcome.output == "<a><!-->x--><b/></a>", "cut at \(cut)")
        }
        let pipeline = XMLInputPipeline([LeadingWhitespace(), CommentOpenerGuard()])
        let outcome = Self.run(pipeline, input, splits: [12])  // just after "<!-->"
        #expect(outcome.held == [5, 0])
    }

    @Test("A position libxml2 reports maps back through every stage, last to first")
    func positionsMapBack() {
        let whitespace = LeadingWhitespace()
        let pipeline = XMLInputPipeline([whitespace, MarkupRepair(defaultEncoding: nil), CommentOpenerGuard()])
        let outcome = Self.run(pipeline, "\n  <a>Tom & Jerry</a>", splits: [])
        #expect(outcome.output == "<a>Tom &amp; Jerry</a>")
        // "Jerry" starts at byte 13 of what libxml2 saw; in the input, 4 bytes earlier (&amp; for &) plus the 3
        // dropped: byte 12, on line 2.
        let mapped = pipeline.restore(StreamPosition(line: 1, column: 14, byteOffset: 13))
        #expect(mapped.byteOffset == 12)
        #expect(mapped.line == 2)
    }

    @Test("A stage's repairs are placed in the parser's input, through the stages before it")
    func repairsPlacedInInput() {
        let pipeline = XMLInputPipeline([LeadingWhitespace(), MarkupRepair(defaultEncoding: nil)])
        _ = Self.run(pipeline, "\n\n<a>x & y</a>", splits: [])
        let repairs = pipeline.takeRepairs()
        #expect(repairs.count == 1)
        #expect(repairs.first?.position.byteOffset == 7, "the & is byte 7 of the input")
        #expect(repairs.first?.position.line == 3)
        #expect(pipeline.takeRepairs().isEmpty, "taken once")
    }

    @Test("Settings make the stages: feeds in recover mode get all four, records only the guard")
    func settingsMakeStages() {
        let feeds = XMLPushParser.inputPipeline(
            for: .init(recover: true, defaultEncoding: "iso-8859-1", leniency: .feeds), switchEncoding: { _ in })
        let outcome = Self.run(feeds, "  <a>&</a>", splits: [3])
        #expect(outcome.output == "<a>&amp;</a>")
        let records = XMLPushParser.inputPipeline(for: .init(leniency: .records), switchEncoding: { _ in })
        #expect(Self.run(records, "  <a/>", splits: []).output == "  <a/>", "whitespace kept: no such stage")
    }

    @Test("The sniffing stage holds the start until the declaration shows, and installs only a default it needs")
    func sniffing() {
        var installed: [String] = []
        let declares = EncodingSniffingStage(defaultEncoding: "iso-8859-1") { installed.append($0) }
        let pipeline = XMLInputPipeline([declares])
        let outcome = Self.run(pipeline, "<?xml version=\"1.0\" encoding=\"utf-8\"?><a/>", splits: [10])
        #expect(outcome.held.first == 10)
        #expect(outcome.output == "<?xml version=\"1.0\" encoding=\"utf-8\"?><a/>")
        #expect(installed.isEmpty)
        let bare = XMLInputPipeline([EncodingSniffingStage(defaultEncoding: "iso-8859-1") { installed.append($0) }])
        _ = Self.run(bare, "<a/>", splits: [])
        #expect(installed == ["iso-8859-1"])
    }
}
