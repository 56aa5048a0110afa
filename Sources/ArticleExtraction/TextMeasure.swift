/// What Readability measures of a text, kept with each text node of a ``PageTree`` as its text arrives: the scoring
/// measures every paragraph and each of its candidates up to five levels above, and reading the text again for each
/// of them cost more than the rest of the extraction.
///
/// Measures combine: the measure of two texts one after the other is made from theirs, so an element's is made from
/// its text nodes' without reading their text.
struct TextMeasure: Equatable {
    /// The length of the text trimmed, each run of white space counted as one, in UTF-16 code units as JavaScript
    /// counts it (``PageTree/innerTextLength(_:)``).
    var length = 0
    /// Whether the text has a character that is not white space.
    var hasText = false
    /// Whether it begins and ends with white space (both, for a text of white space only).
    var leadingBlank = false
    var trailingBlank = false
    /// Its `,` and the commas of all scripts that Readability's scoring counts (``TextScan/isScriptComma(_:)``).
    var commas = 0
    var scriptCommas = 0

    static let empty = TextMeasure()

    /// Measures `text`.
    init(_ text: String) {
        TextScan.withUTF8(text) { bytes in
            var inBlank = false
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                let isBlank: Bool
                let width: Int
                if lead < 0x80 {
                    isBlank = lead == 0x20 || (lead >= 0x09 && lead <= 0x0D)
                    width = 1
                    if lead == UInt8(ascii: ",") {
                        commas += 1
                        scriptCommas += 1
                    }
                } else {
                    let (scalar, scalarWidth) = TextScan.scalar(in: bytes, at: index)
                    isBlank = TextScan.isBlank(scalar)
                    width = scalarWidth
                    if TextScan.isScriptComma(scalar) { scriptCommas += 1 }
                }
                index += width
                if isBlank {
                    if index == width { leadingBlank = true }
                    inBlank = true
                    continue
                }
                if inBlank && hasText { length += 1 }
                inBlank = false
                hasText = true
                length += width == 4 ? 2 : 1  // four bytes of UTF-8 are two UTF-16 code units
            }
            trailingBlank = inBlank
        }
    }

    init() {}

    /// The measure of this text followed by `next`.
    func followed(by next: TextMeasure) -> TextMeasure {
        var combined = TextMeasure()
        combined.commas = commas + next.commas
        combined.scriptCommas = scriptCommas + next.scriptCommas
        combined.hasText = hasText || next.hasText
        combined.leadingBlank = hasText ? leadingBlank : leadingBlank || next.leadingBlank
        combined.trailingBlank = next.hasText ? next.trailingBlank : trailingBlank || next.trailingBlank
        combined.length = length + next.length
        if hasText && next.hasText && (trailingBlank || next.leadingBlank) { combined.length += 1 }
        return combined
    }
}

/// A text node's ``TextMeasure`` in 8 bytes, as a ``PageTree`` keeps it: with its text, a text node then costs what an
/// element with its attributes costs (64 bytes), as before nodes kept measures. A tree keeps up to 250,000 nodes and
/// each of Readability's passes copies them; a page of a million tiny paragraphs peaked 7 MiB higher with the wide
/// measure. The counts saturate — a length at 2²⁹ − 1, commas at 65,535 in one text node — far above what a text run
/// of a page holds within the default bounds (16 MiB of kept text, and a paragraph of 65,535 commas scores as any
/// other of thousands).
struct PackedTextMeasure {
    private var lengthAndFlags: UInt32
    private var commas: UInt16
    private var scriptCommas: UInt16

    private static let lengthMask: UInt32 = (1 << 29) - 1

    init(_ measure: TextMeasure) {
        lengthAndFlags = UInt32(min(measure.length, Int(Self.lengthMask)))
        if measure.hasText { lengthAndFlags |= 1 << 29 }
        if measure.leadingBlank { lengthAndFlags |= 1 << 30 }
        if measure.trailingBlank { lengthAndFlags |= 1 << 31 }
        commas = UInt16(clamping: measure.commas)
        scriptCommas = UInt16(clamping: measure.scriptCommas)
    }

    var measure: TextMeasure {
        var measure = TextMeasure()
        measure.length = Int(lengthAndFlags & Self.lengthMask)
        measure.hasText = lengthAndFlags & (1 << 29) != 0
        measure.leadingBlank = lengthAndFlags & (1 << 30) != 0
        measure.trailingBlank = lengthAndFlags & (1 << 31) != 0
        measure.commas = Int(commas)
        measure.scriptCommas = Int(scriptCommas)
        return measure
    }
}
