import AtomStream
import StreamTestSupport
import Testing

@Suite("AtomParser.Options.defaultEncoding")
struct AtomDefaultEncodingTests {
    /// "Café Zürich" in ISO-8859-1: é = 0xE9, ü = 0xFC — invalid as UTF-8.
    private static let latin1Title: [UInt8] = Array("Caf".utf8) + [0xE9] + Array(" Z".utf8) + [0xFC]
        + Array("rich".utf8)

    private static func feed(declaration: String, title: [UInt8], bom: [UInt8] = []) -> [UInt8] {
        bom + Array("\(declaration)<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><id>1</id><title>".utf8)
            + title + Array("</title></entry></feed>".utf8)
    }

    @Test("A document without a declaration is read in the default encoding, in every chunking")
    func noDeclaration() {
        let options = AtomParser.Options(defaultEncoding: "ISO-8859-1")
        for declaration in ["", "<?xml version=\"1.0\"?>", "<?xml version='1.0' standalone='yes'?>\n"] {
            let (outcome, _) = decodeAtomEveryWay(Self.feed(declaration: declaration, title: Self.latin1Title),
                                                  options: options)
            #expect(outcome.error == nil, "declaration \(declaration)")
            #expect(outcome.items.first?.title?.value == "Café Zürich", "declaration \(declaration)")
        }
    }

    @Test("Without a default, the same bytes are not UTF-8 and are refused")
    func withoutDefault() {
        let (outcome, _) = decodeAtomEveryWay(Self.feed(declaration: "", title: Self.latin1Title))
        #expect(outcome.error?.kind == .malformedInput)
    }

    @Test("A declared encoding wins over the default")
    func declarationWins() {
        let options = AtomParser.Options(defaultEncoding: "ISO-8859-1")
        let utf8 = Self.feed(declaration: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", title: Array("Café".utf8))
        #expect(decodeAtomEveryWay(utf8, options: options).outcome.items.first?.title?.value == "Café")
        // windows-1252 maps 0x80 to the euro sign; ISO-8859-1 to a C1 control.
        let cp1252 = Self.feed(declaration: "<?xml version=\"1.0\" encoding=\"windows-1252\"?>", title: [0x80])
        #expect(decodeAtomEveryWay(cp1252, options: options).outcome.items.first?.title?.value == "€")
    }

    @Test("A byte-order mark wins over the default")
    func byteOrderMarkWins() {
        let options = AtomParser.Options(defaultEncoding: "ISO-8859-1")
        let document = Self.feed(declaration: "", title: Array("Café".utf8), bom: [0xEF, 0xBB, 0xBF])
        #expect(decodeAtomEveryWay(document, options: options).outcome.items.first?.title?.value == "Café")
    }

    @Test("A UTF-8 or unknown default changes nothing")
    func harmlessDefaults() {
        let document = Self.feed(declaration: "", title: Array("Café".utf8))
        for name in ["utf-8", "x-no-such-charset"] {
            let (outcome, _) = decodeAtomEveryWay(document, options: AtomParser.Options(defaultEncoding: name))
            #expect(outcome.items.first?.title?.value == "Café", "default \(name)")
        }
    }

    @Test("A document shorter than a declaration still parses and still fails where it should")
    func tinyDocuments() {
        let options = AtomParser.Options(defaultEncoding: "ISO-8859-1")
        let parser = AtomParser(options: options)
        #expect(throws: StreamError.self) { _ = try parser.parseAll(Array("<?x".utf8)) }
        let (outcome, _) = decodeAtomEveryWay("<entry xmlns=\"http://www.w3.org/2005/Atom\"/>", options: options)
        #expect(outcome.error == nil)
        #expect(outcome.items.count == 1)
    }
}
