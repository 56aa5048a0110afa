#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore

/// Start tags of the fast path's HTML elements, past their name: the paragraph they close, their attributes, and
/// whether they stay in the run of text as read.
extension HTMLSanitizingFastPath.Scanner {
    /// The rest of the start tag at `tagStart` of `element` (looked up, `index` past its name), written out;
    /// `pending` is the text before it not yet written, which is written first unless the tag is
    /// ``TagOutcome/unchanged``. Inlined into the scan as it was before it had a file of its own: called, it cost
    /// `rss-markup` 5 M instructions.
    @inline(__always)
    mutating func startTag(
        _ element: Int, rule: HTMLSanitizingFastPath.Element, isLowercase: Bool, tagStart: Int, pending: Range<Int>,
        into output: inout ByteAccumulator, names: HTMLNameTable<HTMLSanitizingFastPath.Element>,
        _ attributeNames: HTMLNameTable<HTMLSanitizingWriter.AttributeRule>
    ) -> TagOutcome {
        if rule.needsPicture, innermost != HTMLSanitizingFastPath.picture { return .failed }
        var pending = pending
        // A block starting in an open paragraph closes it (libxml2's `htmlAutoClose`); other implied closes are
        // libxml2's. The tag then follows the `</p>`, written rather than left in the run.
        var closedParagraph = false
        while let current = innermost, rule.closes(current) {
            guard current == HTMLSanitizingFastPath.paragraph else { return .failed }
            if !closedParagraph {
                appendText(pending, to: &output)
                pending = tagStart..<tagStart
                closedParagraph = true
            }
            pop()
            output.append("</p>")
        }
        if rule.isWritten, index < bytes.count, isLowercase {
            // `<p>` and `<br />`, as written, are written so.
            if !rule.isVoid, bytes[index] == UInt8(ascii: ">") {
                index += 1
                guard push(element) else { return .failed }
                return closedParagraph ? writtenAsRead(from: tagStart, to: &output) : .unchanged
            }
            if rule.isVoid, index + 2 < bytes.count, bytes[index] == UInt8(ascii: " "),
                bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: ">")
            {
                index += 3
                return closedParagraph ? writtenAsRead(from: tagStart, to: &output) : .unchanged
            }
        }
        guard rule.isWritten else {
            appendText(pending, to: &output)
            return droppedTag(element, dropsContent: rule.dropsContent) ? .written : .failed
        }
        // While every attribute stays as it was read (`<a href="https://…">`, `<h2 class="…" id="…">`), nothing
        // is written: the tag stays in the run of text. At the first change the tag so far is written as read.
        var isAsRead = isLowercase
        if !isAsRead {
            appendText(pending, to: &output)
            output.append(UInt8(ascii: "<"))
            names.withName(at: element) { output.append($0) }
        }
        seenAttributes = SIMD4()
        while true {
            let blankStart = index
            let blanks = skipBlanks()
            // The writer puts one space before an attribute and ` />` at a void element's end, none before `>`.
            let isOneSpace = blanks == 1 && bytes[blankStart] == UInt8(ascii: " ")
            guard index < bytes.count else { return .failed }
            if bytes[index] == UInt8(ascii: ">") {
                if isAsRead && (blanks > 0 || rule.isVoid) {
                    isAsRead = false
                    appendText(pending, to: &output)
                    appendText(tagStart..<blankStart, to: &output)
                }
                index += 1
                break
            }
            if bytes[index] == UInt8(ascii: "/") {
                guard rule.isVoid, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
                    return .failed
                }
                if isAsRead && !isOneSpace {
                    isAsRead = false
                    appendText(pending, to: &output)
                    appendText(tagStart..<blankStart, to: &output)
                }
                index += 2
                break
            }
            guard blanks > 0 else { return .failed }
            let unwritten = isAsRead ? (pending: pending, tag: tagStart..<blankStart) : nil
            switch attribute(into: &output, unwritten: unwritten, isOneSpace: isOneSpace, names: attributeNames) {
            case .failed: return .failed
            case .asRead: break
            case .written: isAsRead = false
            }
        }
        if isAsRead {
            guard rule.isVoid || push(element) else { return .failed }
            return closedParagraph ? writtenAsRead(from: tagStart, to: &output) : .unchanged
        }
        if rule.isVoid {
            output.append(" />")
        } else {
            output.append(UInt8(ascii: ">"))
            guard push(element) else { return .failed }
        }
        return .written
    }
}
