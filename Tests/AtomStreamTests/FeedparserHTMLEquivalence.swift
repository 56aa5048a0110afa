/// Whether two serialisations of an HTML value are the same HTML by the HTML specification, as far as character
/// references go: `&#38;`, `&#x26;` and `&amp;` are the same text to a browser (HTML, "Character reference
/// state"), in text and in attribute values alike, as are a bare `>` and `&gt;`, and a `&` that starts no reference
/// and `&amp;`.
///
/// feedparser keeps a character reference inside markup as the feed wrote it; ``HTMLSanitizer`` decodes it with
/// libxml2 and writes the canonical escape. The feedparser suites compare `text/html` values through this, so that
/// the two spellings of one document agree — and nothing else does: tags, attribute order and quoting, comments and
/// whitespace are compared byte for byte, and a reference it cannot decide on (a named one other than the five
/// XML ones, or one without its `;`, which HTML decodes in some places and not in others) makes the values differ.
enum FeedparserHTMLEquivalence {
    static func same(_ a: String, _ b: String) -> Bool {
        guard let a = canonical(a), let b = canonical(b) else { return false }
        return a == b
    }

    /// `html` with every text run and double-quoted attribute value decoded and escaped again canonically
    /// (`&amp;`, `&lt;`, `&gt;`, and `&quot;` in attributes); `nil` when a reference is beyond this reading.
    static func canonical(_ html: String) -> String? {
        let scalars = Array(html.unicodeScalars)
        var output = ""
        var index = 0
        var inTag = false
        while index < scalars.count {
            let scalar = scalars[index]
            if inTag {
                if scalar == ">" {
                    inTag = false
                    output.unicodeScalars.append(scalar)
                    index += 1
                } else if scalar == "\"" {
                    guard let end = scalars[(index + 1)...].firstIndex(of: "\""),
                        let value = decoded(scalars[(index + 1)..<end])
                    else { return nil }
                    output += "\"" + escaped(value, attribute: true) + "\""
                    index = end + 1
                } else {
                    output.unicodeScalars.append(scalar)
                    index += 1
                }
            } else if scalar == "<" {
                inTag = true
                output.unicodeScalars.append(scalar)
                index += 1
            } else {
                let end = scalars[index...].firstIndex(of: "<") ?? scalars.count
                guard let text = decoded(scalars[index..<end]) else { return nil }
                output += escaped(text, attribute: false)
                index = end
            }
        }
        return output
    }

    /// The text `run` stands for: numeric references and the five XML entities decoded, a `&` that starts no
    /// reference kept; `nil` for a reference this reading does not decide.
    private static func decoded(_ run: ArraySlice<Unicode.Scalar>) -> String? {
        var text = ""
        var index = run.startIndex
        while index < run.endIndex {
            let scalar = run[index]
            guard scalar == "&" else {
                text.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            let next = index + 1 < run.endIndex ? run[index + 1] : " "
            guard next == "#" || next.properties.isAlphabetic || ("0"..."9").contains(next) else {
                text.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            guard let semicolon = run[index...].prefix(40).firstIndex(of: ";") else { return nil }
            let name = String(String.UnicodeScalarView(run[(index + 1)..<semicolon]))
            guard let value = reference(name) else { return nil }
            text.unicodeScalars.append(value)
            index = semicolon + 1
        }
        return text
    }

    private static func reference(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let number =
                digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            // HTML replaces NUL, C1 controls (read as Windows-1252) and out-of-range numbers: not decided here.
            guard let number, number != 0, !(0x80...0x9F).contains(number) else { return nil }
            return Unicode.Scalar(number)
        }
    }

    private static func escaped(_ text: String, attribute: Bool) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where attribute: output += "&quot;"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
