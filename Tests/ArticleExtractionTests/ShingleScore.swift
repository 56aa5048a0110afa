import Foundation

/// How article-extraction benchmarks score an extractor: the text's words (`\w+`, lowercased) taken four at a time
/// (shingles), and the F1 of the extracted text's shingles against the expected text's, counted with their
/// repetitions.
enum ShingleScore {
    static func words(_ text: String) -> [Substring] {
        text.lowercased().matches(of: /\w+/).map { $0.output }
    }

    static func shingles(_ text: String, size: Int = 4) -> [String: Int] {
        let tokens = words(text)
        var counts: [String: Int] = [:]
        guard tokens.count >= size else {
            if !tokens.isEmpty { counts[tokens.joined(separator: " "), default: 0] += 1 }
            return counts
        }
        for start in 0...(tokens.count - size) {
            counts[tokens[start..<(start + size)].joined(separator: " "), default: 0] += 1
        }
        return counts
    }

    /// F1 of `extracted` against `expected`: 1 when both are empty.
    static func f1(extracted: String, expected: String) -> Double {
        let found = shingles(extracted)
        let wanted = shingles(expected)
        if found.isEmpty && wanted.isEmpty { return 1 }
        let common = found.reduce(0) { $0 + min($1.value, wanted[$1.key] ?? 0) }
        guard common > 0 else { return 0 }
        let precision = Double(common) / Double(found.values.reduce(0, +))
        let recall = Double(common) / Double(wanted.values.reduce(0, +))
        return 2 * precision * recall / (precision + recall)
    }

    /// Elements that separate words however they are written (blocks, line breaks, cells); other tags (`span`,
    /// `a`, `em`) do not: `<span>Credit</span><span>Kevin</span>` reads "CreditKevin", as the DOM's text has it.
    static let separatingTags: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr",
        "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
        "tr", "ul", "img",
    ]

    /// The text of an expected article (Readability's serialized HTML): comments removed, character references
    /// decoded, block-level tags a word boundary and inline tags none.
    static func text(ofHTML html: String) -> String {
        var output = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<" {
                if html[index...].hasPrefix("<!--"), let end = html[index...].range(of: "-->") {
                    index = end.upperBound
                    output += " "
                } else if let end = html[index...].firstIndex(of: ">") {
                    let name = html[html.index(after: index)..<end].drop { $0 == "/" }
                        .prefix { $0.isLetter || $0.isNumber }.lowercased()
                    if separatingTags.contains(name) { output += " " }
                    index = html.index(after: end)
                } else {
                    index = html.endIndex
                }
                continue
            }
            if character == "&", let semicolon = html[index...].prefix(12).firstIndex(of: ";") {
                let name = html[html.index(after: index)..<semicolon]
                if let decoded = decode(name) {
                    output += decoded
                    index = html.index(after: semicolon)
                    continue
                }
            }
            output.append(character)
            index = html.index(after: index)
        }
        return output
    }

    private static func decode(_ name: Substring) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{A0}"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }
}
