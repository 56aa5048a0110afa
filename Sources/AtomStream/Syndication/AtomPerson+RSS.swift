#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension AtomPerson {
    /// A person written as one line of text, as RSS's `author`, `managingEditor` and `dc:creator` are:
    /// `me@example.com (Jane Doe)`, `Jane Doe <me@example.com>`, `Jane Doe (me@example.com)`, a bare address or a
    /// bare name. The first e-mail address found (without a `mailto:` before it) is the email; what remains,
    /// without the brackets that held the address, is the name. `nil` for empty text.
    ///
    /// Works on the UTF-8 bytes, straight from the decoder's text buffer: it runs for every item, addresses are
    /// ASCII around their `@`, and only the name and the address become `String`s.
    init?(rssText bytes: UnsafeRawBufferPointer) {
        guard let parts = Self.split(bytes) else { return nil }
        self.init(name: parts.name, email: parts.email)
    }

    private static func split(_ bytes: UnsafeRawBufferPointer) -> (name: String?, email: String?)? {
        let (start, end) = trimmed(bytes, 0, bytes.count)
        guard start < end else { return nil }
        // A plain loop: `firstIndex(of:)` on a slice of raw bytes costs several times more.
        var at = start
        while at < end, bytes[at] != UInt8(ascii: "@") { at += 1 }
        guard at < end else { return (string(bytes, start, end), nil) }
        var local = at
        while local > start, isLocalByte(bytes[local - 1]) { local -= 1 }
        var domainEnd = at + 1
        while domainEnd < end, isDomainByte(bytes[domainEnd]) { domainEnd += 1 }
        while domainEnd > at + 1, !isAlphanumeric(bytes[domainEnd - 1]) { domainEnd -= 1 }
        guard local < at, domainEnd > at + 1 else {
            return (string(bytes, start, end), nil)
        }
        let email = string(bytes, local, domainEnd)
        var removeFrom = local
        if local - start >= 7, matchesMailto(bytes, local - 7) { removeFrom = local - 7 }
        // The name is what surrounds the address, less the brackets that held it.
        var (beforeStart, beforeEnd) = trimmed(bytes, start, removeFrom)
        var (afterStart, afterEnd) = trimmed(bytes, domainEnd, end)
        if beforeEnd > beforeStart, afterEnd > afterStart, isOpening(bytes[beforeEnd - 1]),
            isClosing(bytes[afterStart])
        {
            beforeEnd -= 1
            afterStart += 1
        }
        if beforeEnd == beforeStart, afterEnd > afterStart, isOpening(bytes[afterStart]),
            isClosing(bytes[afterEnd - 1])
        {
            afterStart += 1
            afterEnd -= 1
        }
        if afterEnd == afterStart, beforeEnd > beforeStart, isOpening(bytes[beforeStart]),
            isClosing(bytes[beforeEnd - 1])
        {
            beforeStart += 1
            beforeEnd -= 1
        }
        (beforeStart, beforeEnd) = trimmed(bytes, beforeStart, beforeEnd)
        (afterStart, afterEnd) = trimmed(bytes, afterStart, afterEnd)
        let before = string(bytes, beforeStart, beforeEnd)
        let after = string(bytes, afterStart, afterEnd)
        let name = before.isEmpty ? after : after.isEmpty ? before : before + " " + after
        return (name.isEmpty ? nil : name, email)
    }

    private static func string(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    private static func trimmed(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> (Int, Int) {
        var (start, end) = (start, end)
        while start < end, AtomDocumentDecoder.isSpace(bytes[start]) { start += 1 }
        while end > start, AtomDocumentDecoder.isSpace(bytes[end - 1]) { end -= 1 }
        return (start, end)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        let lowered = byte | 0x20
        return (lowered >= 0x61 && lowered <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
    }

    private static func isLocalByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "%")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "'")
    }

    private static func isDomainByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    private static func isOpening(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "(") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "[")
    }

    private static func isClosing(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ")") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "]")
    }

    private static func matchesMailto(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> Bool {
        let word: StaticString = "mailto:"
        for index in 0..<7 where bytes[at + index] | (index == 6 ? 0 : 0x20) != word.utf8Start[index] {
            return false
        }
        return true
    }
}
