import Foundation

/// Moves URLs the server returns from the instance URL it knows itself by onto the URL the user typed, for an
/// instance whose own URL cannot be reached from the client (behind a load balancer or proxy).
///
/// `https://internal:8443/jive/api/core/v3/contents/1` with `from` `https://internal:8443/jive/` and `to`
/// `https://community.example.com/` becomes `https://community.example.com/api/core/v3/contents/1`. URLs
/// elsewhere are left alone.
struct JiveURLRewrite: Sendable, Hashable {
    var from: JiveInstanceURL.Prefix
    var to: URL

    init?(from: URL, to: URL) {
        guard let prefix = JiveInstanceURL.Prefix(from) else { return nil }
        self.from = prefix
        self.to = JiveInstanceURL.normalized(to)
    }

    /// `url` moved onto ``to`` when it lies under ``from``; otherwise `url`.
    func apply(_ url: URL) -> URL {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), scheme == from.scheme,
            components.host?.lowercased() == from.host,
            (components.port ?? (scheme == "https" ? 443 : 80)) == from.port
        else { return url }
        var path = components.percentEncodedPath
        if path + "/" == from.path { path += "/" }
        guard path.hasPrefix(from.path), var target = URLComponents(url: to, resolvingAgainstBaseURL: true)
        else { return url }
        target.percentEncodedPath += String(path.dropFirst(from.path.count))
        target.percentEncodedQuery = components.percentEncodedQuery
        target.percentEncodedFragment = components.percentEncodedFragment
        return target.url ?? url
    }

    /// `text` moved when it is an absolute URL under ``from``.
    func apply(_ text: String) -> String {
        guard text.contains("://"), let url = URL(string: text) else { return text }
        let moved = apply(url)
        return moved == url ? text : moved.absoluteString
    }

    /// `html` with the `href` and `src` attributes that point under ``from`` moved — the links and images of a
    /// content body.
    func applyToHTML(_ html: String) -> String {
        var result = ""
        var rest = html[...]
        while let attribute = rest.range(of: #"(?i)\b(href|src)\s*=\s*["']"#, options: .regularExpression) {
            let quote = rest[rest.index(before: attribute.upperBound)]
            guard let end = rest[attribute.upperBound...].firstIndex(of: quote) else { break }
            result += rest[..<attribute.upperBound]
            result += apply(String(rest[attribute.upperBound..<end]))
            rest = rest[end...]
        }
        return result + rest
    }
}
