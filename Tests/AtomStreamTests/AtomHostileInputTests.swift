import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// Inputs from servers nobody controls: each ends in entries plus one clear `StreamError`, never a crash, a
/// hang or unbounded memory.
@Suite("Atom hostile input")
struct AtomHostileInputTests {
    static let atomOpen = "<feed xmlns=\"http://www.w3.org/2005/Atom\">"

    /// Feeds `bytes` in 4 KiB chunks; returns entries and the error.
    func decode(_ bytes: [UInt8], options: AtomParser.Options = .init()) -> DripFeedOutcome<AtomEntry> {
        DripFeed.run(
            AtomParser(options: options), bytes: bytes, splits: Array(stride(from: 4096, to: bytes.count, by: 4096)))
    }

    @Test("Quadratic blowup: one large entity referenced many times is refused at its declaration")
    func quadraticBlowup() throws {
        let entity = String(repeating: "a", count: 100_000)
        let document =
            "<?xml version=\"1.0\"?><!DOCTYPE feed [<!ENTITY a \"\(entity)\">]>" + Self.atomOpen
            + "<title>" + String(repeating: "&a;", count: 10_000) + "</title></feed>"
        let outcome = decode(Array(document.utf8))
        let error = try #require(outcome.error)
        #expect(error.kind == .disallowedConstruct)
        #expect(error.byteOffset < 100_200, "refused at the declaration, before any reference")
    }

    @Test("An external DTD is never read and its entities never expanded")
    func externalDTD() throws {
        let document = """
            <?xml version="1.0"?><!DOCTYPE feed SYSTEM "file:///etc/passwd">
            \(Self.atomOpen)<entry><title>&secret;</title></entry></feed>
            """
        let outcome = decode(Array(document.utf8))
        #expect(outcome.items.isEmpty)
        let error = try #require(outcome.error)
        #expect(error.message.contains("secret"))
        #expect(!error.message.contains("root:"))
    }

    @Test("100,000-deep nesting inside an entry is a depth error, with a path of bounded length")
    func deepNesting() throws {
        let document = Self.atomOpen + "<entry><id>deep</id>" + String(repeating: "<x>", count: 100_000)
        let outcome = decode(Array(document.utf8))
        let error = try #require(outcome.error)
        #expect(error.kind == .limitExceeded)
        #expect((error.path ?? "").count < 200)
    }

    @Test("A 50 MB text node is a limit error, not exhaustion", .ownThread)
    func hugeTextNode() throws {
        var document = Array((Self.atomOpen + "<entry><title>").utf8)
        document += [UInt8](repeating: UInt8(ascii: "x"), count: 50_000_000)
        document += Array("</title></entry></feed>".utf8)
        let outcome = decode(document, options: .init(limits: StreamLimits(maximumTextBytes: 8 << 20)))
        let error = try #require(outcome.error)
        #expect(error.kind == .limitExceeded)
        #expect(error.byteOffset < 12 << 20, "stopped soon after the limit, at \(error.byteOffset)")
    }

    @Test(
        "Invalid UTF-8 and NUL bytes are positioned errors on one line",
        arguments: [
            [UInt8(0xFF), 0xFE], [0xC3], [0xED, 0xA0, 0x80], [0x00],
        ])
    func invalidBytes(bad: [UInt8]) throws {
        let document =
            Array((Self.atomOpen + "<entry><id>1</id></entry><entry><title>a").utf8) + bad
            + Array("b</title></entry></feed>".utf8)
        let (outcome, _) = decodeAtomEveryWay(document)
        #expect(outcome.items.map(\.id) == ["1"])
        let error = try #require(outcome.error)
        #expect(error.kind == .malformedInput)
        #expect(error.byteOffset == 82)
        #expect(!error.message.contains("\n"))
    }

    @Test("ISO-8859-1 and UTF-16 with a byte-order mark are decoded correctly")
    func declaredEncodings() throws {
        let text = "Zürich café — 日本"
        let latin =
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + Self.atomOpen
            + "<entry><title>Zürich café</title></entry></feed>"
        let latinBytes = try #require(latin.data(using: .isoLatin1))
        #expect(decodeAtomEveryWay([UInt8](latinBytes)).outcome.items.first?.title?.value == "Zürich café")

        let utf16 =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + Self.atomOpen
            + "<entry><title>\(text)</title></entry></feed>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in utf16.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let (outcome, _) = decodeAtomEveryWay(bytes)
        #expect(outcome.error == nil)
        #expect(outcome.items.first?.title?.value == text)
    }

    @Test("Bytes after the root element: the entries, then an error")
    func trailingContent() throws {
        let (outcome, _) = decodeAtomEveryWay(Self.atomOpen + "<entry><id>1</id></entry></feed><feed/>")
        #expect(outcome.items.map(\.id) == ["1"])
        #expect(outcome.error?.kind == .malformedInput)
    }

    @Test("An undeclared prefix is refused: AtomParser stays strict where XMLItemParser tolerates it")
    func undeclaredPrefix() {
        let feed = "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry json:Array=\"true\"><id>1</id></entry></feed>"
        let atom = DripFeed.run(AtomParser(), bytes: Array(feed.utf8), splits: [])
        #expect(atom.error?.kind == .malformedInput)
    }
}
