import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// feedparser's hand-written Atom 1.0 documents (`../shared/corpus/feedparser/wellformed/atom10`), each checked
/// against its own `Expect:` expression through ``FeedparserResult``, in every chunking.
///
/// A case is *applicable* when its expression parses (``FeedparserExpectation``) and touches only keys this
/// model has. Every applicable case must pass, except the ones listed in ``knownDifferent`` with the reason
/// this model deliberately differs from feedparser; a listed case that starts passing fails too, so the list
/// stays exact.
@Suite struct FeedparserConformanceTests {
    static let relativeURIs = "feedparser resolves relative URIs inside XHTML markup; this model keeps markup as sent"
    static let sanitizing =
        "feedparser re-serializes HTML through its sanitizer (quotes, reorders, re-escapes); this model keeps it"
    static let base64 =
        "feedparser base64-decodes a non-text type (content, or a text construct's invalid type); this model does not"
    static let htmlWithElement = "type=\"html\" holding an XHTML element (invalid); this model keeps only its own text"
    static let personURL = "atom:url is Atom 0.3's name; RFC 4287 persons have atom:uri, which this model reads"
    static let linkType = "feedparser invents a link type when there is none; this model reports the feed's own"
    static let noNamespace = "a root feed outside the Atom namespace is not Atom 1.0: this model's unexpectedDocument"

    /// File name → why this model gives a different answer than feedparser, on purpose.
    static let knownDifferent: [String: String] = [
        "relative_uri.xml": relativeURIs,
        "relative_uri_inherit.xml": relativeURIs,
        "relative_uri_inherit_2.xml": relativeURIs,
        "missing_quote_in_attr.xml": sanitizing,
        "qna.xml": sanitizing,
        "tag_in_attr.xml": sanitizing,
        "entry_content_base64.xml": base64,
        "entry_content_base64_2.xml": base64,
        "entry_summary_base64.xml": base64,
        "entry_summary_base64_2.xml": base64,
        "entry_title_base64.xml": base64,
        "entry_title_base64_2.xml": base64,
        "feed_rights_base64.xml": base64,
        "feed_rights_base64_2.xml": base64,
        "feed_subtitle_base64.xml": base64,
        "feed_subtitle_base64_2.xml": base64,
        "feed_title_base64.xml": base64,
        "feed_title_base64_2.xml": base64,
        "entry_content_div_escaped_markup.xml": htmlWithElement,
        "entry_author_url.xml": personURL,
        "entry_authors_url.xml": personURL,
        "entry_contributor_url.xml": personURL,
        "feed_author_url.xml": personURL,
        "feed_authors_url.xml": personURL,
        "feed_link_rel_self_default_type.xml": linkType,
        "entry_id_with_attributes.xml": noNamespace,
    ]

    @Test(.ownThread, .corpus("feedparser/wellformed/atom10")) func atom10Expectations() throws {
        guard let directory = Corpus.directory("feedparser/wellformed/atom10") else { return }
        #expect(Corpus.files(in: directory, extensions: ["xml"]).count == 243)
        try FeedparserSuiteRun.check(
            "wellformed/atom10", as: "atom10", knownDifferent: Self.knownDifferent, minimumApplicable: 150,
            decode: { decodeAtomEveryWay($0) })
    }

    @Test func expressionAdapter() throws {
        let dates = try FeedparserExpectation(
            "not bozo and entries[0]['updated_parsed'] == (2003, 12, 13, 18, 30, 2, 5, 347, 0)")
        var entry = AtomEntry()
        entry.updated = Date(timeIntervalSince1970: 1_071_340_202)  // 2003-12-13T18:30:02Z
        #expect(try FeedparserResult(feed: AtomFeed(), entries: [entry], error: nil).holds(dates))
        let escapes = try FeedparserExpectation(#"feed['title'] == u'Freir\xe4ume \u00e9\'s'"#)
        #expect(escapes.clauses == [.equal(.path("feed", [.string("title")]), .string("Freiräume é's"))])
        #expect(throws: FeedparserExpectation.NotApplicable.self) { try FeedparserExpectation("bozo or x == 1") }
        #expect(throws: FeedparserExpectation.NotApplicable.self) { try FeedparserExpectation("a == b == 'c'") }
        #expect(throws: FeedparserExpectation.NotApplicable.self) {
            try FeedparserExpectation("feed['links'][0] == {'rel': 'alternate'}")
        }
        #expect(throws: FeedparserExpectation.NotApplicable.self) {
            try FeedparserResult(feed: AtomFeed(), entries: [], error: nil)
                .holds(FeedparserExpectation("entries[0]['source']['title'] == 'x'"))
        }
    }
}
