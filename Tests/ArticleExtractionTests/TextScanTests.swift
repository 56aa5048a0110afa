@testable import ArticleExtraction
import StreamTestSupport
import Testing

/// The byte-level text operations of the scoring against the definitions they replaced, written here as they were
/// (on `Character`s and Unicode scalars), on random texts of ASCII, Unicode white space, combining marks, emoji,
/// CJK and the commas of other scripts: every one the same.
@Suite struct TextScanTests {
    static let pieces = [
        "word", "Mixed", "x", "42", "_", " ", "  ", "\t", "\n", "\r\n", "\u{A0}", "\u{2003}", "\u{3000}", "\u{FEFF}",
        ",", "\u{060C}", "\u{FF0C}", "e\u{301}", "\u{301}", "é", "日本語", "😀", "👍🏽", "a\u{200D}b", "Straße",
        "İstanbul", ".", "-", "\u{1F1EB}\u{1F1F7}", "\u{0915}\u{093F}", "ǅ", "Ⅻ", "٣",
    ]

    static func randomTexts(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
        }
    }

    // MARK: The definitions replaced

    static func referenceCollapsed(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var run: [Unicode.Scalar] = []
        func flush() {
            if run.count >= 2 { output.append(" ") } else { output.append(contentsOf: run) }
            run.removeAll()
        }
        for scalar in text.unicodeScalars {
            if TextScan.isBlank(scalar) { run.append(scalar); continue }
            if !run.isEmpty { flush() }
            output.append(scalar)
        }
        if !run.isEmpty { flush() }
        return String(output)
    }

    static func referenceTrimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !TextScan.isBlank($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !TextScan.isBlank($0) })!
        return String(scalars[first...last])
    }

    static func referenceSqueezed(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var pendingBlank = false
        for scalar in text.unicodeScalars {
            if TextScan.isBlank(scalar) {
                pendingBlank = !output.isEmpty
                continue
            }
            if pendingBlank { output.append(" ") }
            pendingBlank = false
            output.append(scalar)
        }
        return String(output)
    }

    static func referenceWords(_ text: String) -> [String] {
        var words: [String] = []
        let lowered = text.lowercased()
        var start: String.Index?
        var index = lowered.startIndex
        while index < lowered.endIndex {
            let character = lowered[index]
            let isMark = character.unicodeScalars.first!.properties.generalCategory == .nonspacingMark
            if character.isLetter || character.isNumber || character == "_" || isMark {
                if start == nil { start = index }
            } else if let begun = start {
                words.append(String(lowered[begun..<index]))
                start = nil
            }
            index = lowered.index(after: index)
        }
        if let begun = start { words.append(String(lowered[begun...])) }
        return words
    }

    static let scriptCommas: Set<Unicode.Scalar> = [
        "\u{002C}", "\u{060C}", "\u{FE50}", "\u{FE10}", "\u{FE11}", "\u{2E41}", "\u{2E34}", "\u{2E32}", "\u{FF0C}",
    ]

    // MARK: Tests

    @Test("Trimming, collapsing and squeezing white space: as the scalar definitions")
    func whiteSpace() {
        for text in Self.randomTexts(count: 4000, seed: 1) {
            #expect(TextScan.trimmed(text) == Self.referenceTrimmed(text), "\(text.debugDescription)")
            #expect(TextScan.collapsingBlankRuns(text) == Self.referenceCollapsed(text), "\(text.debugDescription)")
            #expect(TextScan.squeezed(text) == Self.referenceSqueezed(text), "\(text.debugDescription)")
            #expect(TextScan.isBlank(text) == text.unicodeScalars.allSatisfy(TextScan.isBlank))
        }
    }

    @Test("A text's measure: the inner text's UTF-16 length and its commas, also when made from its parts")
    func measure() {
        let texts = Self.randomTexts(count: 3000, seed: 2)
        for (first, second) in zip(texts, texts.reversed()) {
            let whole = first + second
            let measure = TextMeasure(whole)
            #expect(measure.length == Self.referenceCollapsed(Self.referenceTrimmed(whole)).utf16.count)
            #expect(measure.commas == whole.unicodeScalars.filter { $0 == "," }.count)
            #expect(measure.scriptCommas == whole.unicodeScalars.filter(Self.scriptCommas.contains).count)
            #expect(TextMeasure(first).followed(by: TextMeasure(second)) == measure, "\(whole.debugDescription)")
        }
    }

    @Test("Words: as Character's letters, numbers, `_` and marks")
    func words() {
        for text in Self.randomTexts(count: 4000, seed: 3) {
            let expected = Self.referenceWords(text)
            #expect(TextScan.words(text) == expected, "\(text.debugDescription)")
            #expect(TextScan.wordCount(text) == expected.count)
        }
    }

    static func referenceIsShare(_ text: String) -> Bool {
        let scalars = Array(text.lowercased().unicodeScalars)
        let word = Array("share".unicodeScalars)
        guard scalars.count >= word.count else { return false }
        func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        for start in 0...(scalars.count - word.count) where Array(scalars[start..<(start + word.count)]) == word {
            let before = start == 0 || !isWordScalar(scalars[start - 1]) || scalars[start - 1] == "_"
            var end = start + word.count
            if Array(scalars[end...].prefix(5)) == Array("daddy".unicodeScalars) { end += 5 }
            let after = end == scalars.count || !isWordScalar(scalars[end]) || scalars[end] == "_"
            if before && after { return true }
        }
        return false
    }

    static func referenceIsNegativeHid(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered == "hid" || lowered.hasSuffix(" hid") || lowered.contains(" hid ") || lowered.hasPrefix("hid ")
    }

    @Test("Share bars and `hid` by name: as the scalar definitions")
    func shareAndHidden() {
        let pieces = [
            "share", "SHARE", "sharedaddy", "daddy", "hid", "HID", " ", "-", "_", "x", "9", "é", "日", "\u{301}",
        ]
        var generator = SplitMix64(seed: 4)
        for _ in 0..<4000 {
            let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            #expect(ReadabilityHints.isShare(text) == Self.referenceIsShare(text), "\(text.debugDescription)")
            let negative = ReadabilityHints.isNegative(text)
            let expected = Self.referenceIsNegativeHid(text) || ReadabilityHints.matches(text, ReadabilityHints.negative)
            #expect(negative == expected, "\(text.debugDescription)")
        }
        #expect(ReadabilityHints.isVideo("https://www.YouTube.com/embed/x"))
        #expect(!ReadabilityHints.isVideo("https://example.com/youtube"))
    }

    @Test("Hint words: found in either ASCII case, anywhere in the name")
    func hints() {
        #expect(ReadabilityHints.matches("post-SIDEBAR main", ReadabilityHints.unlikely))
        #expect(ReadabilityHints.matches("Comment", ReadabilityHints.unlikely))
        #expect(!ReadabilityHints.matches("article-body", ReadabilityHints.unlikely))
        #expect(ReadabilityHints.matches("x-Article", ReadabilityHints.maybeCandidate))
        #expect(!ReadabilityHints.matches("", ReadabilityHints.positive))
        #expect(!ReadabilityHints.matches("zzz 日本 é", ReadabilityHints.positive))
    }
}
