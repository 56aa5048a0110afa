import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// `AtomParser(options: .init(recover: true))`: ill-formed feeds give their entries plus a list of repairs.
@Suite("Atom recover mode")
struct AtomRecoveryTests {
    static let illFormed: [(name: String, document: String)] = [
        ("unescaped ampersand", "<entry><title>Tom & Jerry</title></entry><entry><title>two</title></entry>"),
        ("stray control character", "<entry><title>a\u{0C}b</title></entry><entry><title>two</title></entry>"),
        ("missing end tag", "<entry><title>one</entry><entry><title>two</title></entry>"),
        ("truncated document", "<entry><title>one</title></entry><entry><title>two</title>"),
    ]

    func document(_ body: String) -> [UInt8] {
        let end = body.hasSuffix("</title>") ? "" : "</feed>"
        return Array(("<feed xmlns=\"http://www.w3.org/2005/Atom\">" + body + end).utf8)
    }

    @Test(
        "Strict mode stops at the fault; recover mode salvages every entry and lists what it repaired",
        arguments: illFormed.map(\.name))
    func salvage(name: String) throws {
        let body = try #require(Self.illFormed.first { $0.name == name }).document
        let bytes = document(body)
        let strict = DripFeed.run(AtomParser(), bytes: bytes, splits: [])
        #expect(strict.error != nil)
        #expect(strict.items.count < 2)

        var reference: [AtomEntry]?
        for splits in DripFeed.standardChunkings(bytes.count) {
            let parser = AtomParser(options: .init(recover: true))
            let outcome = DripFeed.run(parser, bytes: bytes, splits: splits)
            #expect(outcome.error == nil, "\(name): \(String(describing: outcome.error))")
            #expect(outcome.items.count == 2, "\(name) cut at \(splits.prefix(5))")
            #expect(outcome.items.last?.title?.value == "two")
            #expect(!parser.warnings.isEmpty)
            #expect(parser.warnings.allSatisfy { $0.line == 1 && $0.byteOffset > 0 })
            if let reference {
                #expect(outcome.items == reference, "\(name) cut at \(splits.prefix(5))")
            } else {
                reference = outcome.items
            }
        }
    }

    @Test("Recover mode keeps refusing what is unsafe")
    func recoverStillRefusesEntities() throws {
        let bytes = Array(
            """
            <?xml version="1.0"?><!DOCTYPE feed [<!ENTITY a "aaaa">]><feed xmlns="http://www.w3.org/2005/Atom"/>
            """.utf8)
        let outcome = DripFeed.run(AtomParser(options: .init(recover: true)), bytes: bytes, splits: [])
        #expect(outcome.error?.kind == .disallowedConstruct)
    }

    @Test(
        "feedparser's ill-formed corpus: entries salvaged by recover mode against strict mode",
        .corpus("feedparser/illformed"))
    func feedparserIllformed() throws {
        guard let directory = Corpus.directory("feedparser/illformed") else { return }
        var strictEntries = 0
        var recoveredEntries = 0
        var files = 0
        for url in Corpus.files(in: directory, extensions: ["xml"]) {
            let bytes = try Corpus.bytes(url)
            files += 1
            strictEntries += DripFeed.run(AtomParser(), bytes: bytes, splits: []).items.count
            recoveredEntries +=
                DripFeed.run(AtomParser(options: .init(recover: true)), bytes: bytes, splits: []).items.count
        }
        // Every document there is RSS or RDF, which AtomParser does not read: both modes salvage no entries.
        print(
            "feedparser illformed: \(files) files, strict \(strictEntries) entries, recover \(recoveredEntries) entries"
        )
        #expect(files > 0)
        #expect(recoveredEntries >= strictEntries)
    }
}
