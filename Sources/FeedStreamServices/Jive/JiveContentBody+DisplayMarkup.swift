import Foundation

extension JiveContentBody {
    /// `html` without the markup Jive adds for display: the `<!-- [DocumentBodyStart:…] -->` and
    /// `<!-- [DocumentBodyEnd:…] -->` comments, and every `<div class="jive-rendered-content">` wrapper (the tags
    /// go, what they wrap stays). Everything else — `<body>`, paragraphs, links, other comments — is kept as is.
    ///
    /// ```swift
    /// JiveContentBody.strippingDisplayMarkup(
    ///     #"<body><!-- [DocumentBodyStart:a1] --><div class="jive-rendered-content"><p>Hi</p></div>"#
    ///         + "<!-- [DocumentBodyEnd:a1] --></body>")
    /// // "<body><p>Hi</p></body>"
    /// ```
    public static func strippingDisplayMarkup(_ html: String) -> String {
        unwrappingRenderedContent(removingBodyMarkers(html))
    }

    /// Drops the comments whose text starts with `[DocumentBodyStart:` or `[DocumentBodyEnd:`.
    private static func removingBodyMarkers(_ html: String) -> String {
        var result = ""
        var rest = html[...]
        while let open = rest.range(of: "<!--") {
            guard let close = rest.range(of: "-->", range: open.upperBound..<rest.endIndex) else { break }
            let comment = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            result += rest[..<open.lowerBound]
            if !(comment.hasPrefix("[DocumentBodyStart:") || comment.hasPrefix("[DocumentBodyEnd:")) {
                result += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// Removes each `<div>` whose class list holds `jive-rendered-content` together with its matching `</div>`.
    private static func unwrappingRenderedContent(_ html: String) -> String {
        var html = html
        var searchStart = html.startIndex
        while let tag = nextDivTag(in: html, from: searchStart) {
            guard !tag.isClosing, classList(ofTag: html[tag.range]).contains("jive-rendered-content"),
                let closing = matchingClose(in: html, after: tag.range.upperBound)
            else {
                searchStart = tag.range.upperBound
                continue
            }
            // The closing tag first, so that the opening tag's range stays valid.
            let reopen = html.distance(from: html.startIndex, to: tag.range.lowerBound)
            html.removeSubrange(closing)
            html.removeSubrange(tag.range)
            searchStart = html.index(html.startIndex, offsetBy: reopen)
        }
        return html
    }

    private struct DivTag {
        var range: Range<String.Index>
        var isClosing: Bool
    }

    /// The next `<div …>` or `</div>` tag (case-insensitive) at or after `start`.
    private static func nextDivTag(in html: String, from start: String.Index) -> DivTag? {
        var cursor = start
        while let open = html.range(of: "<", range: cursor..<html.endIndex) {
            var nameStart = open.upperBound
            let isClosing = nameStart < html.endIndex && html[nameStart] == "/"
            if isClosing { nameStart = html.index(after: nameStart) }
            let nameEnd = html.index(nameStart, offsetBy: 3, limitedBy: html.endIndex) ?? html.endIndex
            let name = html[nameStart..<nameEnd]
            let after = nameEnd < html.endIndex ? html[nameEnd] : ">"
            if name.lowercased() == "div", after == ">" || after == "/" || after.isWhitespace,
                let close = html.range(of: ">", range: nameEnd..<html.endIndex)
            {
                return DivTag(range: open.lowerBound..<close.upperBound, isClosing: isClosing)
            }
            cursor = open.upperBound
        }
        return nil
    }

    /// The `</div>` that closes a `<div>` whose opening tag ends at `start`, counting the divs nested inside.
    private static func matchingClose(in html: String, after start: String.Index) -> Range<String.Index>? {
        var depth = 1
        var cursor = start
        while let tag = nextDivTag(in: html, from: cursor) {
            depth += tag.isClosing ? -1 : 1
            if depth == 0 { return tag.range }
            cursor = tag.range.upperBound
        }
        return nil
    }

    /// The class names of a tag's `class` attribute (quoted with `"` or `'`).
    private static func classList(ofTag tag: Substring) -> [Substring] {
        guard let attribute = tag.range(of: "class", options: .caseInsensitive) else { return [] }
        var cursor = attribute.upperBound
        while cursor < tag.endIndex, tag[cursor].isWhitespace || tag[cursor] == "=" {
            cursor = tag.index(after: cursor)
        }
        guard cursor < tag.endIndex, tag[cursor] == "\"" || tag[cursor] == "'" else { return [] }
        let quote = tag[cursor]
        let valueStart = tag.index(after: cursor)
        let valueEnd = tag[valueStart...].firstIndex(of: quote) ?? tag.endIndex
        return tag[valueStart..<valueEnd].split(whereSeparator: \.isWhitespace)
    }
}
