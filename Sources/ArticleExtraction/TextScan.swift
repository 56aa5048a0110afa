/// The few text operations Readability's scoring does with regular expressions, on Unicode scalars: JavaScript's
/// `\s` is Unicode's white space, as `Unicode.Scalar.Properties.isWhitespace` is.
///
/// They read the text's UTF-8 and give ASCII its own path, without Unicode's property tables: the scoring measures
/// every paragraph and its ancestors, and a page's text is mostly ASCII (`Character`'s properties and grapheme
/// breaking cost a third of an extraction when these were written on them).
enum TextScan {
    @inline(__always)
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII first: Unicode's property table costs a lookup per character, and pages are mostly ASCII.
        if scalar.value < 0x80 { return scalar.value == 0x20 || (scalar.value >= 0x09 && scalar.value <= 0x0D) }
        return scalar.properties.isWhitespace || scalar == "\u{FEFF}"
    }

    /// The scalar that begins at `index` of valid UTF-8 (as a `String`'s is), and its length in bytes.
    @inline(__always)
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: Unicode.Scalar, width: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        let value: UInt32
        let width: Int
        if lead < 0xE0 {
            value = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
            width = 2
        } else if lead < 0xF0 {
            value = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
            width = 3
        } else {
            value = (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
            width = 4
        }
        return (Unicode.Scalar(value).unsafelyUnwrapped, width)
    }

    /// Whether the character at `index` is white space, and its length in bytes.
    @inline(__always)
    static func blank(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (isBlank: Bool, width: Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (lead == 0x20 || (lead >= 0x09 && lead <= 0x0D), 1) }
        let (scalar, width) = scalar(in: bytes, at: index)
        return (isBlank(scalar), width)
    }

    /// Runs `body` on the text's UTF-8, read in place.
    @inline(__always)
    static func withUTF8<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var text = text
        return text.withUTF8(body)
    }

    /// Where `needle` (lowercase ASCII) first occurs in `bytes` at or after `start`, ASCII letters in either case.
    static func firstIndex(ofASCII needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var position = start
        while position + needle.count <= bytes.count {
            if lowercased(bytes[position]) == first {
                var index = 1
                while index < needle.count && lowercased(bytes[position + index]) == needle[index] { index += 1 }
                if index == needle.count { return position }
            }
            position += 1
        }
        return nil
    }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    /// `text` without leading and trailing white space (JavaScript's `trim`).
    static func trimmed(_ text: String) -> String {
        let range = withUTF8(text) { bytes -> Range<Int>? in
            var start = 0
            while start < bytes.count {
                let (isBlank, width) = blank(in: bytes, at: start)
                guard isBlank else { break }
                start += width
            }
            guard start < bytes.count else { return nil }
            var end = bytes.count
            while true {
                var lead = end - 1
                while bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
                guard blank(in: bytes, at: lead).isBlank else { break }
                end = lead
            }
            return start..<end
        }
        guard let range else { return "" }
        guard range.count != text.utf8.count else { return text }
        let utf8 = text.utf8
        return String(utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(
            utf8.startIndex, offsetBy: range.upperBound)])!
    }

    /// Whether `text` is empty or white space only.
    static func isBlank(_ text: String) -> Bool {
        withUTF8(text) { bytes in
            var index = 0
            while index < bytes.count {
                let (isBlank, width) = blank(in: bytes, at: index)
                guard isBlank else { return false }
                index += width
            }
            return true
        }
    }

    /// `text` with each run of two or more white-space characters made one blank (`/\s{2,}/g` → `" "`); the text
    /// itself when it has none.
    static func collapsingBlankRuns(_ text: String) -> String {
        withUTF8(text) { bytes -> String? in
            var output: [UInt8] = []
            var copied = 0
            var index = 0
            while index < bytes.count {
                var (isBlank, width) = blank(in: bytes, at: index)
                guard isBlank else {
                    index += width
                    continue
                }
                let runStart = index
                var scalars = 0
                while isBlank {
                    scalars += 1
                    index += width
                    guard index < bytes.count else { break }
                    (isBlank, width) = blank(in: bytes, at: index)
                }
                guard scalars >= 2 else { continue }
                if output.isEmpty { output.reserveCapacity(bytes.count) }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<runStart]))
                output.append(0x20)
                copied = index
            }
            guard copied > 0 else { return nil }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return String(decoding: output, as: UTF8.self)
        } ?? text
    }

    /// Every run of white space made one blank, and the ends trimmed: text as a reader shows it.
    static func squeezed(_ text: String) -> String {
        withUTF8(text) { bytes -> String? in
            var output: [UInt8] = []
            // Runs of characters that stay as they are, copied whole: [copied, index) is the current one.
            var copied = 0
            var changed = false
            var index = 0
            while index < bytes.count {
                let (isBlank, width) = blank(in: bytes, at: index)
                guard isBlank else {
                    index += width
                    continue
                }
                // A single space between two characters stays; anything else is rewritten.
                let runStart = index
                index += width
                while index < bytes.count {
                    let (next, nextWidth) = blank(in: bytes, at: index)
                    guard next else { break }
                    index += nextWidth
                }
                let isSingleSpace = index - runStart == 1 && bytes[runStart] == 0x20
                if isSingleSpace && runStart > 0 && index < bytes.count { continue }
                if !changed {
                    output.reserveCapacity(bytes.count)
                    changed = true
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<runStart]))
                // A blank between two characters; none at the ends.
                if !output.isEmpty && index < bytes.count { output.append(0x20) }
                copied = index
            }
            guard changed else { return nil }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return String(decoding: output, as: UTF8.self)
        } ?? text
    }

    /// The commas of Latin, Arabic, Chinese and other scripts that Readability counts.
    static func isScriptComma(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\u{002C}", "\u{060C}", "\u{FE50}", "\u{FE10}", "\u{FE11}", "\u{2E41}", "\u{2E34}", "\u{2E32}",
            "\u{FF0C}":
            true
        default: false
        }
    }

    /// Runs of letters, digits and `_` (`\w+`), lowercased: Readability's text similarity.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        forEachWord(in: text) { words.append(String(decoding: $0, as: UTF8.self).lowercased()) }
        return words
    }

    /// The number of ``words(_:)`` in `text`, counted without making them: ``Article/wordCount``.
    static func wordCount(_ text: String) -> Int {
        var count = 0
        forEachWord(in: text) { _ in count += 1 }
        return count
    }

    /// Calls `body` with the UTF-8 of each run of word characters. A character (a grapheme cluster) is a word
    /// character when its first scalar is a letter, a digit or a nonspacing mark, or when it is `_` alone, as
    /// `Character.isLetter` and Swift's `\w` decide: a scalar that extends a cluster (a mark, a joiner, an emoji
    /// modifier) goes with the one before it, except that `_` with a mark is no word character.
    private static func forEachWord(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUTF8(text) { bytes in
            var start: Int?
            // Whether the next scalar begins a cluster whatever it is (at the start, after a control character).
            var afterControl = true
            var underscore: Int?
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                var isWord: Bool
                let width: Int
                if lead < 0x80 {
                    let folded = lead | 0x20
                    isWord = (folded >= 0x61 && folded <= 0x7A) || (lead >= 0x30 && lead <= 0x39) || lead == 0x5F
                    width = 1
                    afterControl = lead < 0x20 || lead == 0x7F
                    underscore = lead == 0x5F ? index : nil
                } else {
                    let (scalar, scalarWidth) = scalar(in: bytes, at: index)
                    width = scalarWidth
                    let properties = scalar.properties
                    if !afterControl && Self.extendsCluster(scalar, properties) {
                        if let underscore {
                            // `_` with a mark: the word, if any, ended before the `_`.
                            if let begun = start, begun < underscore {
                                body(UnsafeBufferPointer(rebasing: bytes[begun..<underscore]))
                            }
                            start = nil
                        }
                        isWord = start != nil
                    } else {
                        isWord = properties.isAlphabetic || properties.numericType != nil
                            || properties.generalCategory == .nonspacingMark
                        afterControl = Self.isControl(scalar, properties)
                        underscore = nil
                    }
                }
                if isWord {
                    if start == nil { start = index }
                } else if let begun = start {
                    body(UnsafeBufferPointer(rebasing: bytes[begun..<index]))
                    start = nil
                }
                index += width
            }
            if let begun = start { body(UnsafeBufferPointer(rebasing: bytes[begun...])) }
        }
    }

    /// Scalars that never begin a grapheme cluster after another scalar (Unicode's Extend, ZWJ and SpacingMark):
    /// marks, joiners, emoji modifiers, tags, halfwidth sound marks.
    private static func extendsCluster(_ scalar: Unicode.Scalar, _ properties: Unicode.Scalar.Properties) -> Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default:
            let value = scalar.value
            return value == 0x200C || value == 0x200D || (0x1F3FB...0x1F3FF).contains(value)
                || (0xE0020...0xE007F).contains(value) || value == 0xFF9E || value == 0xFF9F
        }
    }

    /// Scalars after which a cluster always ends (Unicode's Control): controls, separators of lines and
    /// paragraphs, and format characters but the joiners and the prepended concatenation marks.
    private static func isControl(_ scalar: Unicode.Scalar, _ properties: Unicode.Scalar.Properties) -> Bool {
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        case .format:
            let value = scalar.value
            return !(value == 0x200C || value == 0x200D || (0x0600...0x0605).contains(value) || value == 0x06DD
                || value == 0x070F || value == 0x0890 || value == 0x0891 || value == 0x08E2 || value == 0x110BD
                || value == 0x110CD || (0xE0020...0xE007F).contains(value))
        default: return false
        }
    }
}
