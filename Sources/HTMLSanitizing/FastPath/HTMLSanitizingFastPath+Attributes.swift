#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore

/// Attributes in the fast path's scan: checked, and written as the libxml2 path writes them, or kept as read.
extension HTMLSanitizingFastPath.Scanner {
    /// What became of an attribute.
    enum AttributeOutcome {
        /// The value needs libxml2.
        case failed
        /// Nothing written: the tag is unwritten so far and this attribute's sanitized form is its source.
        case asRead
        /// Written (or dropped), after the unwritten text and tag so far.
        case written
    }

    /// `name="value"` at `index`, written as the libxml2 path writes it. `unwritten`, when the tag is not written
    /// yet, is the text before it and the tag up to this attribute's blank, which are written first unless the
    /// attribute stays as read (`isOneSpace`: one space before it).
    mutating func attribute(
        into output: inout ByteAccumulator, unwritten: (pending: Range<Int>, tag: Range<Int>)?, isOneSpace: Bool,
        names: HTMLNameTable<HTMLSanitizingWriter.AttributeRule>
    ) -> AttributeOutcome {
        guard let name = name(allowsHyphen: true), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "="),
            bytes[index + 1] == UInt8(ascii: "\"")
        else { return .failed }
        let (known, isLowercase) = names.lookUp(name, in: bytes)
        // A repeated name is libxml2's to decide (it keeps the first), unless the writer drops the name either way.
        if let known {
            let bit = UInt64(1) << UInt64(known & 63)
            guard seenAttributes[known >> 6] & bit == 0 else { return .failed }
            seenAttributes[known >> 6] |= bit
        }
        index += 2
        let rule = known.map { names.value(at: $0) } ?? .drop
        if case .drop = rule { return droppedAttribute(into: &output, unwritten: unwritten) }
        let valueStart = index
        var hasReference = false
        // Whether the value holds `>`, which is written escaped (it holds no `<`, and `"` ends it).
        var hasGreaterThan = false
        scanning: while true {
            index = valueTextEnd(from: index)
            guard index < bytes.count else { return .failed }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                break scanning
            case UInt8(ascii: "&"):
                guard reference() != nil else { return .failed }
                hasReference = true
            case UInt8(ascii: ">"):
                hasGreaterThan = true
                index += 1
            case 0xEF:
                if startsNonCharacter(at: index) { return .failed }
                index += 1
            default:
                // `<` and control characters.
                return .failed
            }
        }
        let valueEnd = index
        index += 1
        if let unwritten {
            if isOneSpace, !hasReference, !hasGreaterThan, isLowercase,
                Self.staysAsRead(
                    rule, value: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd])),
                    base: base)
            {
                return .asRead
            }
            appendText(unwritten.pending, to: &output)
            appendText(unwritten.tag, to: &output)
        }
        guard let known else { return .written }
        guard hasReference else {
            let value = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]))
            names.withName(at: known) { name in
                HTMLSanitizingWriter.appendAttribute(
                    rule, name: name, value: value, base: base, to: &output, styles: &scratch.styles,
                    valueNeedsEscaping: hasGreaterThan, valueMayHoldLineBreaks: false)
            }
            return .written
        }
        // The references were checked above; the value is written with them replaced.
        scratch.value.removeAll(keepingCapacity: true)
        let end = index
        index = valueStart
        while index < valueEnd {
            if bytes[index] == UInt8(ascii: "&") {
                UTF8.encode(reference()!) { scratch.value.append($0) }
            } else {
                scratch.value.append(bytes[index])
                index += 1
            }
        }
        index = end
        return scratch.value.withUnsafeBytes { decoded in
            names.withName(at: known) { name in
                HTMLSanitizingWriter.appendAttribute(
                    rule, name: name, value: decoded, base: base, to: &output, styles: &scratch.styles,
                    valueMayHoldLineBreaks: false)
            }
            return .written
        }
    }

    /// The value of an attribute the writer drops (`data-*`, `aria-hidden`, `loading`), read only to its end: what
    /// it holds is never written, and no reference in it can end it, so its references are stepped over rather than
    /// decoded (WordPress.com's `data-image-meta` is JSON with a `&quot;` every few bytes: decoding them was half of
    /// what its feed's sanitizing cost). What libxml2 might read otherwise — `<`, a control character, U+FFFE or
    /// U+FFFF — still sends the value to libxml2.
    private mutating func droppedAttribute(
        into output: inout ByteAccumulator, unwritten: (pending: Range<Int>, tag: Range<Int>)?
    ) -> AttributeOutcome {
        while true {
            index = valueTextEnd(from: index)
            guard index < bytes.count else { return .failed }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                if let unwritten {
                    appendText(unwritten.pending, to: &output)
                    appendText(unwritten.tag, to: &output)
                }
                return .written
            case UInt8(ascii: "&"), UInt8(ascii: ">"):
                index += 1
            case 0xEF:
                if startsNonCharacter(at: index) { return .failed }
                index += 1
            default:
                return .failed
            }
        }
    }

    /// Whether an attribute value without references or `>` is written as it is read: kept, or a URL kept whole.
    /// Static, so that calling it does not copy the scanner.
    static func staysAsRead(
        _ rule: HTMLSanitizingWriter.AttributeRule, value raw: UnsafeRawBufferPointer, base: URL?
    ) -> Bool {
        switch rule {
        case .keep:
            return true
        case .url:
            guard case .kept(let kept) = SafeURL.filter(raw, base: base, mayHoldLineBreaks: false) else { return false }
            return kept.count == raw.count
        case .sourceSet, .style, .animationTarget, .drop:
            return false
        }
    }
}
