#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decides a page's encoding before it is parsed, by HTML's rules: a byte-order mark, else the HTTP `charset`,
/// else a `<meta charset>` or `<meta http-equiv="Content-Type" content="…; charset=…">` within the first 1,024
/// bytes, else one later in the head (up to ``headBytes``), else UTF-8 when the first 1,024 bytes are valid UTF-8,
/// else windows-1252 (what browsers read unlabeled pages as).
///
/// The later meta is what WebKit and Blink also honour (their parsers switch encoding at a `<meta>` anywhere in the
/// head): 17 of Readability's 130 real pages declare theirs after the first 1,024 bytes, up to 8.7 kB in, behind
/// inline scripts and styles — a Shift_JIS or GBK page written so would otherwise be read as windows-1252.
///
/// The bytes up to the decision — the first 1,024, or up to the end of the head (at most ``headBytes``) when the
/// prescan finds no charset there — are held, so it is the same however the page arrives in chunks.
package struct PageEncodingSniffer {
    /// The bytes HTML's prescan looks at for `<meta>`.
    static let prescanBytes = 1024
    /// The most bytes of a head searched for a later `<meta>` (and held meanwhile).
    static let headBytes = 64 << 10

    /// The HTTP `Content-Type` charset, which wins over anything but a byte-order mark.
    private let transportEncoding: String?
    /// The bytes held until the decision.
    package private(set) var held: [UInt8] = []
    /// Where the head first ends in `held` (``endOfHeadElements(_:)``), once found, and where the search for it goes
    /// on (so holding a long head one byte at a time stays linear).
    private var headEnd: Int?
    private var searchedForHeadEnd = 0
    /// The first 1,024 bytes were searched and name no charset.
    private var prescanFoundNothing = false

    package init(transportEncoding: String?) {
        self.transportEncoding = transportEncoding.flatMap(Self.normalized)
    }

    /// The length of the byte-order mark the page starts with, which is not handed to libxml2 (it would read it as
    /// text before `<html>`, and end the head there).
    package private(set) var byteOrderMarkLength = 0

    /// Takes bytes; returns the encoding once it is decided (from then on the caller stops calling), else `nil`.
    package mutating func take(_ bytes: UnsafeRawBufferPointer, atEnd: Bool) -> String? {
        held.append(contentsOf: bytes)
        if let mark = Self.byteOrderMark(held) {
            byteOrderMarkLength = mark == "utf-8" ? 3 : 2
            return mark
        }
        // A byte-order mark needs up to three bytes to be ruled out.
        if held.count < 3 && !atEnd { return nil }
        if let transportEncoding { return transportEncoding }
        // The window ends early at `</head` or `<body`: a page's encoding is declared in its head, and a head shorter
        // than 1,024 bytes is then read at once instead of waiting for more of the body. The window is a property of
        // the bytes alone, so the decision is the same in every chunking.
        // Final once 1,024 bytes are held: not searched again while a long head is held for a later `<meta>`.
        let prescanHeadEnd = prescanFoundNothing ? nil : Self.endOfHead(held.prefix(Self.prescanBytes))
        guard prescanHeadEnd != nil || held.count >= Self.prescanBytes || atEnd else { return nil }
        let window = held.prefix(prescanHeadEnd ?? Self.prescanBytes)
        if !prescanFoundNothing {
            if let declared = Self.metaCharset(window) { return declared }
            prescanFoundNothing = true
        }
        let headEnd = prescanHeadEnd == nil ? findHeadEnd() : nil
        if prescanHeadEnd == nil, headEnd.map({ $0 > Self.prescanBytes }) ?? true {
            // The head goes on past the prescan: a `<meta>` later in it still decides.
            guard headEnd != nil || held.count >= Self.headBytes || atEnd else { return nil }
            // Searched from the start once, so that a comment or a tag across byte 1,024 is read as a whole.
            if let declared = Self.metaCharset(held.prefix(min(headEnd ?? Self.headBytes, Self.headBytes))) {
                return declared
            }
        }
        let complete = prescanHeadEnd == nil && atEnd && held.count <= Self.prescanBytes
        return Self.isUTF8(window, complete: complete) ? "utf-8" : "windows-1252"
    }

    /// Where the head ends within ``headBytes``, searched on from where the last search stopped.
    private mutating func findHeadEnd() -> Int? {
        if let headEnd { return headEnd }
        let end = min(held.count, Self.headBytes)
        guard searchedForHeadEnd < end else { return nil }
        let (found, resume) = Self.endOfHeadElements(held[searchedForHeadEnd..<end])
        headEnd = found
        searchedForHeadEnd = resume
        return headEnd
    }

    /// The elements a head holds; any other start tag ends it, as HTML's tree builder ends it.
    private static let headElements: Set<[UInt8]> = Set(
        ["html", "head", "base", "basefont", "bgsound", "link", "meta", "title", "noscript", "noframes", "style",
         "script", "template"].map { Array($0.utf8) })

    /// Where the head ends in `bytes` — `</head`, or the start tag of an element no head holds (`<body`, `<div`,
    /// `<p` …: a page that never closes its head) — and where a later search must resume: before a `<` whose tag
    /// `bytes` cut, else at their end. Text inside a script that looks like a tag ends it early, which only narrows
    /// the search for a later `<meta>`.
    private static func endOfHeadElements(_ bytes: ArraySlice<UInt8>) -> (found: Int?, resume: Int) {
        var index = bytes.startIndex
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            var position = open + 1
            let isEndTag = position < bytes.endIndex && bytes[position] == UInt8(ascii: "/")
            if isEndTag { position += 1 }
            let nameStart = position
            while position < bytes.endIndex, isLetterOrDigit(bytes[position]) { position += 1 }
            // The tag's name may go on in the next bytes.
            if position == bytes.endIndex { return (nil, open) }
            index = open + 1
            guard position > nameStart, isLetter(bytes[nameStart]) else { continue }
            let name = bytes[nameStart..<position].map { $0 | 0x20 }
            if isEndTag ? name == Array("head".utf8) : !headElements.contains(name) { return (open, open) }
        }
        return (nil, bytes.endIndex)
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool { isLetter(byte) || (byte >= 0x30 && byte <= 0x39) }

    /// Where `</head` or `<body` starts in `bytes`, in any case.
    private static func endOfHead(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            if matchesIgnoringCase(bytes, at: open + 1, "/head") || matchesIgnoringCase(bytes, at: open + 1, "body") {
                return open
            }
            index = open + 1
        }
        return nil
    }

    private static func byteOrderMark(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return "utf-8" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "utf-16be" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "utf-16le" }
        return nil
    }

    /// The encoding a label names, as HTML maps it (``EncodingLabel``): trimmed, lowercased, looked up; `nil` for a
    /// label that names no encoding. A UTF-16 label in a page that has no byte-order mark reads as UTF-8, and
    /// x-user-defined as windows-1252, as the prescan reads them.
    static func normalized(_ label: String) -> String? {
        let name = label.trimming(while: { $0.properties.isWhitespace || $0 == "\"" || $0 == "'" }).lowercased()
        switch EncodingLabel.encoding(named: name) {
        case "utf-16le", "utf-16be": return "utf-8"
        case "x-user-defined": return "windows-1252"
        case let encoding: return encoding
        }
    }

    // MARK: - Prescan

    /// The charset the first `<meta>` that names one gives: `charset="…"`, or `http-equiv="content-type"` with a
    /// `content` holding `charset=…`.
    static func metaCharset(_ bytes: ArraySlice<UInt8>) -> String? {
        var index = bytes.startIndex
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open + 1
            if bytes[index...].starts(with: Array("!--".utf8)) {
                // Comments may mention a <meta>: skip to their end.
                guard let end = bytes.index(after: Array("-->".utf8), from: index) else { return nil }
                index = end
                continue
            }
            guard matchesIgnoringCase(bytes, at: index, "meta"), index + 4 < bytes.endIndex,
                isSpace(bytes[index + 4]) || bytes[index + 4] == UInt8(ascii: "/")
            else { continue }
            index += 4
            var attributes: [(String, String)] = []
            while let found = attribute(bytes, from: index) {
                attributes.append((found.name, found.value))
                index = found.next
            }
            if let charset = attributes.first(where: { $0.0 == "charset" }) {
                if let name = normalized(charset.1) { return name }
            } else if attributes.contains(where: { $0.0 == "http-equiv" && $0.1.lowercased() == "content-type" }),
                let content = attributes.first(where: { $0.0 == "content" })?.1,
                let lowered = Optional(content.lowercased()), let range = lowered.firstRange(of: "charset=")
            {
                let label = lowered[range.upperBound...].prefix { $0 != ";" && !$0.isWhitespace }
                if let name = normalized(String(label)) { return name }
            }
        }
        return nil
    }

    /// One attribute of a tag from `start` (HTML's "get an attribute" in the prescan): name, value and where the
    /// next one starts; `nil` at the tag's end.
    private static func attribute(
        _ bytes: ArraySlice<UInt8>, from start: Int
    ) -> (name: String, value: String, next: Int)? {
        var index = start
        while index < bytes.endIndex, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1 }
        guard index < bytes.endIndex, bytes[index] != UInt8(ascii: ">") else { return nil }
        let nameStart = index
        while index < bytes.endIndex, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
            bytes[index] != UInt8(ascii: ">")
        {
            index += 1
        }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
        while index < bytes.endIndex, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "=") else { return (name, "", index) }
        index += 1
        while index < bytes.endIndex, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return nil }
        let quote = bytes[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            guard let end = bytes[(index + 1)...].firstIndex(of: quote) else { return nil }
            return (name, String(decoding: bytes[(index + 1)..<end], as: UTF8.self), end + 1)
        }
        let valueStart = index
        while index < bytes.endIndex, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
        return (name, String(decoding: bytes[valueStart..<index], as: UTF8.self), index)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func matchesIgnoringCase(_ bytes: ArraySlice<UInt8>, at index: Int, _ word: String) -> Bool {
        var position = index
        for letter in word.utf8 {
            guard position < bytes.endIndex, bytes[position] | 0x20 == letter else { return false }
            position += 1
        }
        return true
    }

    // MARK: - UTF-8

    /// Whether `bytes` are valid UTF-8; a sequence cut off at the end counts as valid unless the input is
    /// `complete`.
    static func isUTF8(_ bytes: ArraySlice<UInt8>, complete: Bool) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                consumed += UTF8.width(scalar)
            case .emptyInput:
                return true
            case .error:
                // The error may be a sequence the prefix cut off, which the page completes after it.
                return !complete && bytes.count - consumed < 4
                    && isTruncatedSequence(bytes.suffix(bytes.count - consumed))
            }
        }
    }

    private static func isTruncatedSequence(_ tail: ArraySlice<UInt8>) -> Bool {
        guard let lead = tail.first else { return false }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
        return length > tail.count && tail.dropFirst().allSatisfy { $0 & 0xC0 == 0x80 }
    }
}
