@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

/// The `style` attribute rule: feedparser's `sanitize_style`, without regular expressions.
///
/// `url(…)` is removed first; then the whole value must pass a character gauntlet (letters, digits, spaces and
/// `:,;#%.!`, hyphens inside words, simple quoted words, parenthesised number lists) — anything else (`\`,
/// `/*`, `expression(`, `&`, …) empties the attribute. Each `property: value` declaration is kept only when the
/// property is allow-listed, or is a `background` / `border` / `margin` / `padding` one whose every word is a
/// known keyword or a plain colour or size.
enum CSSStyleFilter {
    /// The declarations of `style` that may stay, written `property: value;`, joined by spaces and escaped for an
    /// attribute value; empty when nothing may stay. What ``write(_:to:)`` writes, as a `String` (for tests).
    static func filter(_ style: [UInt8]) -> String {
        var output = ByteAccumulator(capacity: style.count)
        _ = style.withUnsafeBytes { write($0, to: &output) }
        return output.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes the declarations of `style` that may stay to `output`, `property: value;` joined by spaces and
    /// escaped for an attribute value; returns `false`, having written nothing, when nothing may stay.
    ///
    /// On bytes: names are compared in place rather than made into lowercased `String`s and hashed, which cost
    /// 60 % of sanitizing a feed with inline styles (feedparser's `large_atom_feed_that_needs_css_sanitisation`).
    static func write(_ style: UnsafeRawBufferPointer, to output: inout ByteAccumulator) -> Bool {
        let style = removingURLs(Array(style))
        guard passesGauntlet(style), let declarations = declarations(style) else { return false }
        var wrote = false
        for (property, value) in declarations where !value.isEmpty && isKept(property, value: value) {
            if wrote { output.append(UInt8(ascii: " ")) }
            property.withUnsafeBytes { output.appendEscaped($0, attribute: true) }
            output.append(": ")
            value.withUnsafeBytes { output.appendEscaped($0, attribute: true) }
            output.append(UInt8(ascii: ";"))
            wrote = true
        }
        return wrote
    }

    /// Whether a declaration stays: its property allow-listed (in any letter case), or of a shorthand family
    /// with every word of its value a known keyword (as written) or a plain colour or size.
    private static func isKept(_ property: ArraySlice<UInt8>, value: ArraySlice<UInt8>) -> Bool {
        // ASCII names are compared in place, in any letter case; one with other bytes is lowercased as feedparser's
        // `lower()` does (the Kelvin sign becomes `k`), and what is not ASCII then matches no name.
        let name = property.allSatisfy { $0 < 0x80 }
            ? property : ArraySlice(String(decoding: property, as: UTF8.self).lowercased().utf8)
        if properties.contains(name, ignoringCase: true) { return true }
        let family = name[..<(name.firstIndex(of: UInt8(ascii: "-")) ?? name.endIndex)]
        guard families.contains(family, ignoringCase: true) else { return false }
        return value.split(whereSeparator: isSpace).allSatisfy { word in
            keywords.contains(word, ignoringCase: false) || isPlainValue(word)
        }
    }

    private static let properties = ASCIINames(HTMLAllowList.cssProperties)
    private static let families = ASCIINames(HTMLAllowList.cssShorthandFamilies)
    private static let keywords = ASCIINames(HTMLAllowList.cssKeywords)

    /// A few dozen ASCII names, compared byte by byte with those of the same length.
    private struct ASCIINames {
        private let byLength: [[[UInt8]]]

        init(_ names: Set<String>) {
            let longest = names.map(\.utf8.count).max() ?? 0
            var byLength = [[[UInt8]]](repeating: [], count: longest + 1)
            for name in names.sorted() { byLength[name.utf8.count].append(Array(name.utf8)) }
            self.byLength = byLength
        }

        /// Whether `bytes` (ASCII) are one of the names; `ignoringCase` compares capital letters as small ones
        /// (the names are in small letters).
        func contains(_ bytes: ArraySlice<UInt8>, ignoringCase: Bool) -> Bool {
            guard bytes.count < byLength.count else { return false }
            // Index loops: `zip` and `allSatisfy` here were not specialized (iterators made and destroyed per name).
            for name in byLength[bytes.count] {
                var offset = 0
                while offset < name.count {
                    let byte = bytes[bytes.startIndex + offset]
                    guard name[offset] == (ignoringCase && byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
                    else { break }
                    offset += 1
                }
                if offset == name.count { return true }
            }
            return false
        }
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Python's `\w` on text: ASCII letters, digits, `_`, and (approximately) every non-ASCII character.
    static func isWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
            true
        default: false
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// `url\s*\(\s*[^\s)]+?\s*\)\s*` replaced by one space.
    static func removingURLs(_ style: [UInt8]) -> [UInt8] {
        // Most styles name no URL: they are returned as they are, not copied byte by byte.
        guard style.indices.contains(where: { index in
            index + 3 <= style.count && style[index] | 0x20 == UInt8(ascii: "u")
                && style[index + 1] | 0x20 == UInt8(ascii: "r") && style[index + 2] | 0x20 == UInt8(ascii: "l")
        })
        else { return style }
        var result: [UInt8] = []
        result.reserveCapacity(style.count)
        var index = 0
        scanning: while index < style.count {
            if index + 3 <= style.count, style[index] | 0x20 == UInt8(ascii: "u"), style[index + 1] | 0x20 == UInt8(ascii: "r"),
                style[index + 2] | 0x20 == UInt8(ascii: "l")
            {
                var cursor = index + 3
                while cursor < style.count, isSpace(style[cursor]) { cursor += 1 }
                if cursor < style.count, style[cursor] == UInt8(ascii: "(") {
                    cursor += 1
                    while cursor < style.count, isSpace(style[cursor]) { cursor += 1 }
                    let start = cursor
                    while cursor < style.count, !isSpace(style[cursor]), style[cursor] != UInt8(ascii: ")") { cursor += 1 }
                    let hasAddress = cursor > start
                    while cursor < style.count, isSpace(style[cursor]) { cursor += 1 }
                    if hasAddress, cursor < style.count, style[cursor] == UInt8(ascii: ")") {
                        cursor += 1
                        while cursor < style.count, isSpace(style[cursor]) { cursor += 1 }
                        result.append(UInt8(ascii: " "))
                        index = cursor
                        continue scanning
                    }
                }
            }
            result.append(style[index])
            index += 1
        }
        return result
    }

    /// `^([:,;#%.\sa-zA-Z0-9!]|\w-\w|'[\s\w]+'|"[\s\w]+"|\([\d,\s]+\))*$`
    static func passesGauntlet(_ style: [UInt8]) -> Bool {
        var index = 0
        while index < style.count {
            let byte = style[index]
            switch byte {
            case UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "#"), UInt8(ascii: "%"),
                UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                index += 1
            case _ where isSpace(byte):
                index += 1
            case _ where isWord(byte):
                // `_` and non-ASCII letters pass only as the first half of `\w-\w`.
                guard index + 2 < style.count, style[index + 1] == UInt8(ascii: "-"), isWord(style[index + 2]) else {
                    return false
                }
                index += 3
            case UInt8(ascii: "-"):
                // A hyphen between word characters, the first of which was not itself the end of a `\w-\w`.
                guard index > 0, index + 1 < style.count, isWord(style[index - 1]), isWord(style[index + 1]),
                    index < 2 || style[index - 2] != UInt8(ascii: "-")
                else { return false }
                index += 2
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                var cursor = index + 1
                while cursor < style.count, isSpace(style[cursor]) || isWord(style[cursor]) { cursor += 1 }
                guard cursor > index + 1, cursor < style.count, style[cursor] == byte else { return false }
                index = cursor + 1
            case UInt8(ascii: "("):
                var cursor = index + 1
                while cursor < style.count, isDigit(style[cursor]) || style[cursor] == UInt8(ascii: ",")
                    || isSpace(style[cursor])
                {
                    cursor += 1
                }
                guard cursor > index + 1, cursor < style.count, style[cursor] == UInt8(ascii: ")") else { return false }
                index = cursor + 1
            default:
                return false
            }
        }
        return true
    }

    /// The `property: value` declarations (`\s*[-\w]+\s*:\s*[^:;]*;?`, repeated), or `nil` when anything else
    /// is left over.
    static func declarations(_ style: [UInt8]) -> [(ArraySlice<UInt8>, ArraySlice<UInt8>)]? {
        var result: [(ArraySlice<UInt8>, ArraySlice<UInt8>)] = []
        var index = 0
        while true {
            while index < style.count, isSpace(style[index]) { index += 1 }
            if index == style.count { return result }
            let nameStart = index
            while index < style.count, isWord(style[index]) || style[index] == UInt8(ascii: "-") { index += 1 }
            guard index > nameStart else { return nil }
            let name = style[nameStart..<index]
            while index < style.count, isSpace(style[index]) { index += 1 }
            guard index < style.count, style[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            while index < style.count, isSpace(style[index]) { index += 1 }
            let valueStart = index
            while index < style.count, style[index] != UInt8(ascii: ":"), style[index] != UInt8(ascii: ";") {
                index += 1
            }
            result.append((name, style[valueStart..<index]))
            if index < style.count, style[index] == UInt8(ascii: ";") { index += 1 }
        }
    }

    /// What may follow a size's digits (compared as bytes: as `String`s, the comparison cost more than the rest).
    private static let units: [[UInt8]] = ["", "cm", "em", "ex", "in", "mm", "pc", "pt", "px", "%", ",", ")"].map {
        Array($0.utf8)
    }

    /// `^(#[0-9a-f]+|rgb\(\d+%?,\d*%?,?\d*%?\)?|\d{0,2}\.?\d{0,2}(cm|em|ex|in|mm|pc|pt|px|%|,|\))?)$`
    static func isPlainValue(_ word: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(word)
        if bytes.first == UInt8(ascii: "#") {
            return bytes.count > 1
                && bytes.dropFirst().allSatisfy {
                    isDigit($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
                }
        }
        var index = 0
        func take(_ predicate: (UInt8) -> Bool, atMost limit: Int = .max) -> Int {
            var taken = 0
            while index < bytes.count, taken < limit, predicate(bytes[index]) {
                index += 1
                taken += 1
            }
            return taken
        }
        func take(_ byte: Character) -> Bool {
            guard index < bytes.count, bytes[index] == byte.asciiValue! else { return false }
            index += 1
            return true
        }
        if bytes.starts(with: Array("rgb(".utf8)) {
            index = 4
            guard take(isDigit) > 0 else { return false }
            _ = take("%")
            guard take(",") else { return false }
            _ = take(isDigit)
            _ = take("%")
            _ = take(",")
            _ = take(isDigit)
            _ = take("%")
            _ = take(")")
            return index == bytes.count
        }
        _ = take(isDigit, atMost: 2)
        _ = take(".")
        _ = take(isDigit, atMost: 2)
        return units.contains { $0.elementsEqual(bytes[index...]) }
    }
}
