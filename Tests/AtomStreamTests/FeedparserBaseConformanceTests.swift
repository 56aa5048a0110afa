import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// feedparser's relative-reference documents (`../shared/corpus/feedparser/wellformed/base`): `xml:base` on the
/// feed, entry and element, the document's own URL and the HTTP `Content-Location` header, applied to links, ids
/// and the references inside html and xhtml text constructs. Each goes through ``FeedParser`` (sanitizing, as
/// `feedstream feed` does) with the URL feedparser's test server gives it: the `Content-Location` its `Header:`
/// line names, else the address it was served from.
@Suite struct FeedparserBaseConformanceTests {
    /// Where feedparser's test server serves this folder (its expectations name `http://127.0.0.1:8097/…`).
    static let servedFrom = "http://127.0.0.1:8097/tests/wellformed/base/"

    static let base64 = "feedparser base64-decodes Atom 0.3's mode=\"base64\"; this model does not"
    static let notRead =
        "feedparser reads elements no RSS version has (fullitem, body, xhtml:body); this model does not read them"
    static let iri =
        "an IRI's non-ASCII characters are percent-encoded in the resolved reference (Foundation's URL); feedparser "
        + "keeps them"
    static let identifier = "feedparser resolves an id as a reference; an id is an identifier, kept as written"
    static let itemInAtom = "feedparser reads a `contributor` inside an `item`, which no Atom version has"
    static let comments = "RSS `comments` is kept as written among the item's extensions, not resolved"

    /// File → why this model answers differently from feedparser, on purpose.
    static let knownDifferent: [String: String] = {
        var known: [String: String] = [
            "feed_link_xml_base_iri.xml": iri, "rel_uri_with_unicode_character.xml": iri,
        ]
        for origin in ["content_location", "docuri"] {
            let fields = ["entry_content", "entry_summary", "entry_title", "feed_copyright", "feed_tagline", "feed_title"]
            for field in fields {
                known["http_\(field)_base64_base_\(origin).xml"] = base64
            }
            for element in ["body", "fullitem", "xhtml_body"] {
                known["http_item_\(element)_base_\(origin).xml"] = notRead
            }
            known["http_entry_id_base_\(origin).xml"] = identifier
            known["http_feed_id_base_\(origin).xml"] = identifier
            known["http_entry_contributor_url_base_\(origin).xml"] = itemInAtom
            known["http_item_comments_base_\(origin).xml"] = comments
        }
        return known
    }()

    /// The document URL feedparser's test harness gives `bytes`: its `Header: Content-Location:` line, else the
    /// address it is served from.
    static func documentURL(of bytes: [UInt8]) -> String {
        let prefix = String(decoding: bytes.prefix(2048), as: UTF8.self)
        for line in prefix.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if words.count == 3, words[0] == "Header:", words[1].lowercased() == "content-location:" {
                return String(words[2])
            }
        }
        return servedFrom
    }

    @Test(.ownThread) func baseExpectations() throws {
        try FeedparserSuiteRun.check(
            "wellformed/base", as: "base", knownDifferent: Self.knownDifferent, minimumApplicable: 40,
            decode: { bytes in
                decodeFeedEveryWay(bytes, options: .init(baseURL: Self.documentURL(of: bytes)), byteByByteLimit: 4096)
            })
    }
}
