import Foundation

extension AtomPerson {
    /// A person written as one line of text, as RSS's `author`, `managingEditor` and `dc:creator` are:
    /// `me@example.com (Jane Doe)`, `Jane Doe <me@example.com>`, `Jane Doe (me@example.com)`, a bare address or a
    /// bare name. The first e-mail address found is the email; what remains, without the brackets that held the
    /// address, is the name. `nil` for empty text.
    init?(rssText: String) {
        let text = rssText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        guard let range = Self.emailRange(in: text) else {
            self.init(name: text)
            return
        }
        var email = String(text[range])
        var rest = text
        rest.removeSubrange(range)
        if email.lowercased().hasPrefix("mailto:") { email.removeFirst("mailto:".count) }
        for pair in ["()", "<>", "[]"] { rest = rest.replacingOccurrences(of: pair, with: "") }
        var name = Substring(rest.trimmingCharacters(in: .whitespaces))
        if name.first == "(" || name.first == "<" { name = name.dropFirst() }
        if name.last == ")" || name.last == ">" { name = name.dropLast() }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        self.init(name: trimmed.isEmpty ? nil : trimmed, email: email)
    }

    /// The range of the first `local@domain.tld` in `text` (with a `mailto:` before it), if any.
    private static func emailRange(in text: String) -> Range<String.Index>? {
        let scalars = Array(text.unicodeScalars)
        guard let at = scalars.firstIndex(of: "@") else { return nil }
        func isLocal(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || ("0"..."9").contains(c) || "._%+-'".unicodeScalars.contains(c)
        }
        func isDomain(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "." || c == "-"
        }
        var start = at
        while start > 0, isLocal(scalars[start - 1]) { start -= 1 }
        var end = at + 1
        while end < scalars.count, isDomain(scalars[end]) { end += 1 }
        while end > at + 1, scalars[end - 1] == "." || scalars[end - 1] == "-" { end -= 1 }
        guard start < at, end > at + 1 else { return nil }
        if start >= 7, String(String.UnicodeScalarView(scalars[(start - 7)..<start])).lowercased() == "mailto:" {
            start -= 7
        }
        let view = text.unicodeScalars
        let lower = view.index(view.startIndex, offsetBy: start)
        let upper = view.index(view.startIndex, offsetBy: end)
        return lower..<upper
    }
}
