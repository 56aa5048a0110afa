/// A start tag as ``HTMLSanitizer`` writes it (`<name attr="value" …>`), read back by the fuzz harness to check
/// what the sanitizer let through. An independent reading: it shares nothing with the sanitizer's own rules.
struct SanitizedTag {
    /// Every attribute of the tag in order, names and values as written (values still escaped).
    var attributes: [(name: String, value: String)] = []

    /// Attributes a browser follows as URLs (the sanitizer's list, and the ones it must never keep).
    static let urlAttributes: Set<String> = [
        "action", "background", "cite", "data", "datasrc", "dynsrc", "href", "icon", "longdesc", "lowsrc", "ping",
        "poster", "src", "usemap", "vrml", "formaction", "srcset", "xlink:href", "codebase", "manifest",
    ]

    /// The start tags in `output` (lowercased sanitizer output, where only tags hold `<`).
    static func all(in output: [UInt8]) -> [SanitizedTag] {
        var tags: [SanitizedTag] = []
        var index = 0
        while index < output.count {
            guard output[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            var tag = SanitizedTag()
            index += 1
            // The name, then ` name="value"` pairs (or a bare name) up to `>` outside quotes.
            while index < output.count, !isSpace(output[index]), output[index] != UInt8(ascii: ">") { index += 1 }
            while index < output.count, output[index] != UInt8(ascii: ">") {
                if isSpace(output[index]) || output[index] == UInt8(ascii: "/") {
                    index += 1
                    continue
                }
                let nameStart = index
                while index < output.count, !isSpace(output[index]),
                    ![UInt8(ascii: "="), UInt8(ascii: ">")].contains(output[index])
                {
                    index += 1
                }
                let name = String(decoding: output[nameStart..<index], as: UTF8.self)
                var value = ""
                if index < output.count, output[index] == UInt8(ascii: "=") {
                    index += 1
                    let quoted = index < output.count && output[index] == UInt8(ascii: "\"")
                    if quoted { index += 1 }
                    let valueStart = index
                    while index < output.count,
                        quoted ? output[index] != UInt8(ascii: "\"") : !isSpace(output[index]) && output[index] != 62
                    {
                        index += 1
                    }
                    value = String(decoding: output[valueStart..<index], as: UTF8.self)
                    if quoted && index < output.count { index += 1 }
                }
                tag.attributes.append((name, value))
            }
            tags.append(tag)
        }
        return tags
    }

    /// Whether a URL attribute's (escaped, lowercased) value is relative or names http, https or mailto, read as
    /// a browser reads it: references decoded, tabs and line breaks dropped, spaces and controls trimmed.
    static func hasAllowedScheme(_ value: String) -> Bool {
        let decoded = value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        var scalars = Array(decoded.unicodeScalars.filter { !["\t", "\n", "\r"].contains($0) })
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        guard let colon = scalars.firstIndex(of: ":") else { return true }
        if scalars[..<colon].contains(where: { ["/", "?", "#"].contains($0) }) { return true }
        let scheme = String(String.UnicodeScalarView(scalars[..<colon]))
        return ["http", "https", "mailto"].contains(scheme)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
