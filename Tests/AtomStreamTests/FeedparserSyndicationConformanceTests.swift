import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// feedparser's hand-written RSS 0.9x / 2.0, RDF (RSS 1.0 and 0.90), Atom 0.3 and HTML-entity documents
/// (`../shared/corpus/feedparser/wellformed/{rss,rdf,atom}`, `…/entities`) through ``FeedParser``, each checked
/// against its own `Expect:` expression in every chunking. The pass rates printed here are the ones
/// BENCHMARKS.md quotes.
@Suite struct FeedparserSyndicationConformanceTests {
    static let sanitizing =
        "feedparser re-serializes HTML through its sanitizer (quotes, reorders, re-escapes); this model keeps it"
    static let foreignMarkup =
        "the same MathML or SVG, tag for tag: feedparser's expected values list their attributes in alphabetical "
        + "order, HTMLSanitizer keeps the author's (and closes a self-closed `<circle />` feedparser leaves open)"
    static let sanitizedDoctype = "the sanitizer removes markup declarations (`<!DOCTYPE`); feedparser keeps a bare one"
    static let entityDeclaration =
        "the document declares entities in its DOCTYPE: FeedParser refuses entity declarations (disallowedConstruct)"

    static let invented =
        "feedparser reads elements no RSS version has (fullitem, xhtml:body, tags) or swaps description and summary"
    static let netscape = "feedparser tells Netscape's RSS 0.91 from UserLand's by its DOCTYPE; both are rss0.91 here"
    static let base64 = "feedparser base64-decodes Atom 0.3's mode=\"base64\"; this model does not"
    static let nakedMarkup =
        "elements inside an Atom 0.3 text construct of type text are kept by feedparser; this model keeps the text"
    static let foreignNamespace =
        "a root feed outside both Atom namespaces is not Atom: this model's unexpectedDocument"
    static let strictEntities =
        "an undefined entity or `&#X41;` (capital X) is not well-formed XML: an error here, kept verbatim by feedparser"

    /// RSS 0.9x and 2.0: file → why this model answers differently from feedparser, on purpose.
    static let rssKnownDifferent: [String: String] = [
        "entity_in_doctype.xml": entityDeclaration,
        "item_description_not_a_doctype2.xml": sanitizedDoctype,
        "item_description_and_summary.xml": invented,
        "item_summary_and_description.xml": invented,
        "item_fullitem.xml": invented,
        "item_fullitem_type.xml": invented,
        "item_xhtml_body.xml": invented,
        "item_xhtml_body_type.xml": invented,
        "item_madeup_tags_element.xml": invented,
        "rss_version_091_netscape.xml": netscape,
    ]
    static let rdfKnownDifferent: [String: String] = [
        "doctype_contains_entity_decl.xml": entityDeclaration
    ]
    static let atom03KnownDifferent: [String: String] = [
        "atom_namespace_2.xml": foreignNamespace,
        "atom_namespace_3.xml": foreignNamespace,
        "atom_namespace_4.xml": foreignNamespace,
        "atom_namespace_5.xml": foreignNamespace,
        "entry_summary_base64.xml": base64,
        "entry_summary_base64_2.xml": base64,
        "entry_title_base64.xml": base64,
        "entry_title_base64_2.xml": base64,
        "feed_copyright_base64.xml": base64,
        "feed_copyright_base64_2.xml": base64,
        "feed_tagline_base64.xml": base64,
        "feed_tagline_base64_2.xml": base64,
        "feed_title_base64.xml": base64,
        "feed_title_base64_2.xml": base64,
        "entry_summary_naked_markup.xml": nakedMarkup,
        "entry_title_naked_markup.xml": nakedMarkup,
        "feed_copyright_naked_markup.xml": nakedMarkup,
        "feed_tagline_naked_markup.xml": nakedMarkup,
        "feed_title_naked_markup.xml": nakedMarkup,
    ]
    static let entitiesKnownDifferent: [String: String] = [
        "doesnotexist.xml": strictEntities,
        "hex_entity_x_uppercase.xml": strictEntities,
    ]

    @Test(.ownThread, .corpus("feedparser/wellformed/rss")) func rssExpectations() throws {
        try FeedparserSuiteRun.check(
            "wellformed/rss", as: "rss", knownDifferent: Self.rssKnownDifferent, minimumApplicable: 100)
    }

    @Test(.corpus("feedparser/wellformed/rdf")) func rdfExpectations() throws {
        try FeedparserSuiteRun.check(
            "wellformed/rdf", as: "rdf", knownDifferent: Self.rdfKnownDifferent, minimumApplicable: 10)
    }

    @Test(.ownThread, .corpus("feedparser/wellformed/atom")) func atom03Expectations() throws {
        try FeedparserSuiteRun.check(
            "wellformed/atom", as: "atom 0.3", knownDifferent: Self.atom03KnownDifferent, minimumApplicable: 50)
    }

    /// One document per HTML 4 entity name, in RSS 0.91 without a DTD: every name decodes.
    @Test(.ownThread, .corpus("feedparser/entities")) func htmlEntityExpectations() throws {
        try FeedparserSuiteRun.check(
            "entities", as: "entities", knownDifferent: Self.entitiesKnownDifferent, minimumApplicable: 240,
            decode: { decodeFeedEveryWay($0, byteByByteLimit: 0) })
    }
}

/// Module folders: `&` in every position and namespaced markup inside descriptions (iTunes and Media RSS:
/// ``FeedparserPodcastConformanceTests``).
extension FeedparserSyndicationConformanceTests {
    /// The amp folder's 30 cases with a character reference inside markup (`<b>&#38;</b>`) agree: the sanitizer writes
    /// `<b>&amp;</b>`, the same HTML by the HTML specification, and `text/html` values are compared as HTML
    /// (``FeedparserHTMLEquivalence``: character references only).
    static let moduleKnownDifferent: [String: [String: String]] = [
        "namespace": Dictionary(
            uniqueKeysWithValues: [
                "atommathml.xml", "atomsvg.xml", "atomsvgdesc.xml", "atomsvgtitle.xml", "atomxlink.xml",
                "rss2.0mathml.xml", "rss2.0svg.xml", "rss2.0svg5.xml", "rss2.0svgtitle.xml", "rss2.0xlink.xml",
            ].map { ($0, foreignMarkup) }),
    ]

    @Test(.ownThread, .corpus("feedparser/wellformed"), arguments: ["amp", "namespace"])
    func moduleExpectations(folder: String) throws {
        try FeedparserSuiteRun.check(
            "wellformed/" + folder, as: folder, knownDifferent: Self.moduleKnownDifferent[folder] ?? [:],
            minimumApplicable: 4)
    }
}
