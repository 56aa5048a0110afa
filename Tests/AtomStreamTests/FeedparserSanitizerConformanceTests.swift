import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// feedparser's sanitizer documents (`../shared/corpus/feedparser/wellformed/sanitize`, 745 files) through
/// ``FeedParser``'s default sanitizing, each checked against its own `Expect:` expression in every chunking. The
/// pass rate printed here is the one the README quotes.
@Suite struct FeedparserSanitizerConformanceTests {
    static let notRead =
        "feedparser reads elements no RSS version has (fullitem, body, xhtml:body); this model does not read them"
    static let base64 = "feedparser base64-decodes Atom 0.3's mode=\"base64\"; this model does not"
    static let removedElements = "form and noscript are removed (content kept): feedparser keeps them"
    static let droppedURL = "an attribute with an unsafe URL is removed; feedparser keeps it empty (href=\"\")"
    static let unclosedComment =
        "`<!-- -- x >` opens a comment that never closes, so what follows is hidden (as in browsers); "
        + "feedparser ends it at the first `>`"
    static let declaration = "markup declarations (`<!DOCTYPE ~`) are removed; feedparser keeps a malformed one as text"

    /// File → why this model's sanitizer answers differently from feedparser's, on purpose.
    static let knownDifferent: [String: String] = [[String: String]](arrayLiteral:
        ["acceptable_element_form.xml": removedElements, "acceptable_element_noscript.xml": removedElements],
        ["entry_content_script_base64.xml": base64, "entry_summary_script_base64.xml": base64],
        ["feed_title_unacceptable_uri.xml": droppedURL],
        Dictionary(uniqueKeysWithValues: [
                "item_body_applet.xml", "item_body_blink.xml", "item_body_embed.xml", "item_body_frame.xml",
                "item_body_iframe.xml", "item_body_link.xml", "item_body_meta.xml", "item_body_object.xml",
                "item_body_onabort.xml", "item_body_onblur.xml", "item_body_onchange.xml", "item_body_onclick.xml",
                "item_body_ondblclick.xml", "item_body_onerror.xml", "item_body_onfocus.xml",
                "item_body_onkeydown.xml", "item_body_onkeypress.xml", "item_body_onkeyup.xml",
                "item_body_onload.xml", "item_body_onmousedown.xml", "item_body_onmouseout.xml",
                "item_body_onmouseover.xml", "item_body_onmouseup.xml", "item_body_onreset.xml",
                "item_body_onresize.xml", "item_body_onsubmit.xml", "item_body_onunload.xml", "item_body_script.xml",
                "item_body_script_map_content.xml", "item_body_style.xml", "item_fullitem_applet.xml",
                "item_fullitem_blink.xml", "item_fullitem_embed.xml", "item_fullitem_frame.xml",
                "item_fullitem_iframe.xml", "item_fullitem_link.xml", "item_fullitem_meta.xml",
                "item_fullitem_object.xml", "item_fullitem_onabort.xml", "item_fullitem_onblur.xml",
                "item_fullitem_onchange.xml", "item_fullitem_onclick.xml", "item_fullitem_ondblclick.xml",
                "item_fullitem_onerror.xml", "item_fullitem_onfocus.xml", "item_fullitem_onkeydown.xml",
                "item_fullitem_onkeypress.xml", "item_fullitem_onkeyup.xml", "item_fullitem_onload.xml",
                "item_fullitem_onmousedown.xml", "item_fullitem_onmouseout.xml", "item_fullitem_onmouseover.xml",
                "item_fullitem_onmouseup.xml", "item_fullitem_onreset.xml", "item_fullitem_onresize.xml",
                "item_fullitem_onsubmit.xml", "item_fullitem_onunload.xml", "item_fullitem_script.xml",
                "item_fullitem_script_cdata.xml", "item_fullitem_script_map_summary.xml", "item_fullitem_style.xml",
                "item_xhtml_body_applet.xml", "item_xhtml_body_blink.xml", "item_xhtml_body_embed.xml",
                "item_xhtml_body_frame.xml", "item_xhtml_body_iframe.xml", "item_xhtml_body_link.xml",
                "item_xhtml_body_meta.xml", "item_xhtml_body_object.xml", "item_xhtml_body_onabort.xml",
                "item_xhtml_body_onblur.xml", "item_xhtml_body_onchange.xml", "item_xhtml_body_onclick.xml",
                "item_xhtml_body_ondblclick.xml", "item_xhtml_body_onerror.xml", "item_xhtml_body_onfocus.xml",
                "item_xhtml_body_onkeydown.xml", "item_xhtml_body_onkeypress.xml", "item_xhtml_body_onkeyup.xml",
                "item_xhtml_body_onload.xml", "item_xhtml_body_onmousedown.xml", "item_xhtml_body_onmouseout.xml",
                "item_xhtml_body_onmouseover.xml", "item_xhtml_body_onmouseup.xml", "item_xhtml_body_onreset.xml",
                "item_xhtml_body_onresize.xml", "item_xhtml_body_onsubmit.xml", "item_xhtml_body_onunload.xml",
                "item_xhtml_body_script.xml", "item_xhtml_body_script_map_content.xml", "item_xhtml_body_style.xml",
        ].map { ($0, notRead) }),
        ["xml_declaration_unexpected_character.xml": declaration],
        ["xml_malicious_comment.xml": unclosedComment],
    ).reduce(into: [:]) { $0.merge($1) { first, _ in first } }

    @Test(.ownThread) func sanitizeExpectations() throws {
        try FeedparserSuiteRun.check(
            "wellformed/sanitize", as: "sanitize", knownDifferent: Self.knownDifferent, minimumApplicable: 500,
            decode: { decodeFeedEveryWay($0, byteByByteLimit: 4096) }, contentAsSummary: true)
    }
}
