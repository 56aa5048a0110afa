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

    /// What FeedParser makes of one file of feedparser's ill-formed corpus: whether strict mode stops with an error,
    /// the entries each mode gives (by title, else alternate link), and the feed's title where it has one.
    struct IllFormedFile: Sendable, CustomStringConvertible {
        var name: String
        var strictFails: Bool
        var strictEntries: [String]
        var recoveredEntries: [String]
        /// Whether recover mode still ends with an error (nothing to salvage: no root element).
        var recoverFails = false
        var feedTitle: String?
        var description: String { name }
    }

    static let illFormedCorpus: [IllFormedFile] = [
        .init(name: "aaa_illformed.xml", strictFails: true, strictEntries: [], recoveredEntries: []),
        .init(
            name: "always_strip_doctype.xml", strictFails: false, strictEntries: [], recoveredEntries: [],
            feedTitle: "found"),
        .init(name: "http_high_bit_date.xml", strictFails: false, strictEntries: [], recoveredEntries: []),
        .init(
            name: "rdf_channel_empty_textinput.xml", strictFails: true, strictEntries: [],
            recoveredEntries: ["crashes here"]),
        .init(
            name: "rss_empty_document.xml", strictFails: true, strictEntries: [], recoveredEntries: [],
            recoverFails: true),
        .init(
            name: "rss_incomplete_cdata.xml", strictFails: true, strictEntries: [], recoveredEntries: [""],
            feedTitle: "can feedparser read this xml"),
        .init(
            name: "rss_item_link_corrupted_ampersands.xml", strictFails: true,
            strictEntries: ["http://link/get?a=1&b=2"], recoveredEntries: ["http://link/get?a=1&b=2"]),
        .init(name: "undeclared_namespace.xml", strictFails: false, strictEntries: [], recoveredEntries: []),
    ]

    /// An entry's key in the table above.
    static func key(_ entry: AtomEntry) -> String {
        entry.title?.value ?? entry.links.first { $0.rel == "alternate" }?.href ?? "?"
    }

    @Test(
        "feedparser's ill-formed corpus through FeedParser: strict mode stops, recover mode salvages, in every chunking",
        .corpus("feedparser/illformed"), arguments: illFormedCorpus)
    func feedparserIllformed(_ file: IllFormedFile) throws {
        guard let directory = Corpus.directory("feedparser/illformed") else { return }
        let bytes = try Corpus.bytes(directory.appendingPathComponent(file.name))
        let strict = DripFeed.run(FeedParser(), bytes: bytes, splits: [])
        #expect((strict.error != nil) == file.strictFails, "\(String(describing: strict.error))")
        #expect(strict.items.map(Self.key) == file.strictEntries)
        var reference: (items: [AtomEntry], title: String?)?
        for splits in DripFeed.standardChunkings(bytes.count) {
            let parser = FeedParser(options: .init(recover: true))
            let outcome = DripFeed.run(parser, bytes: bytes, splits: splits)
            #expect((outcome.error != nil) == file.recoverFails, "\(String(describing: outcome.error))")
            #expect(outcome.items.map(Self.key) == file.recoveredEntries, "cut at \(splits.prefix(5))")
            if file.strictFails && !file.recoverFails { #expect(!parser.warnings.isEmpty, "repairs are listed") }
            let title = file.recoverFails ? nil : parser.feed.title?.value
            if let reference {
                #expect(outcome.items == reference.items && title == reference.title, "cut at \(splits.prefix(5))")
            } else {
                reference = (outcome.items, title)
                #expect(title == file.feedTitle)
            }
        }
    }
}
