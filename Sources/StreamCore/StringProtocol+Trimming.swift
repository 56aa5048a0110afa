extension StringProtocol {
    /// The string without Unicode white space (`White_Space`: spaces, tabs, line breaks, U+0085, U+00A0, U+2028…)
    /// and U+200B at either end: Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`, which
    /// FoundationEssentials — all that the decoders and `feedstream` load — does not have.
    /// (Over all of Unicode the two sets differ only there; `FoundationEssentialsTextTests` compares the results.)
    package func trimmingWhitespaceAndNewlines() -> String {
        trimming(while: { $0.properties.isWhitespace || $0 == "\u{200B}" })
    }

    /// The string without spaces and tabs (Unicode's space separators, U+0009, and U+200B as Foundation counts
    /// it) at either end: Foundation's `trimmingCharacters(in: .whitespaces)`; line breaks stay.
    package func trimmingSpacesAndTabs() -> String {
        trimming(while: { $0 == "\t" || $0 == "\u{200B}" || $0.properties.generalCategory == .spaceSeparator })
    }

    /// The string without the scalars `drop` matches at either end.
    package func trimming(while drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !drop($0) })!
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[first...last])
        return String(trimmed)
    }
}
