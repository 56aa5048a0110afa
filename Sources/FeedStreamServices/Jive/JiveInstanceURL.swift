import Foundation

/// The form of an instance URL every Jive call is built on, and the matching of URLs against it.
enum JiveInstanceURL {
    /// `text` as the SDK's sign-in screen takes it: surrounding spaces dropped, `https://` added when no scheme
    /// is given, query and fragment dropped, and the path ending in `/` — calls are resolved relative to it
    /// (`api/version`), so `https://example.com/jive` must become `https://example.com/jive/` or they would land
    /// on `https://example.com/api/version`. `nil` when no host remains.
    static func normalized(_ text: String) -> URL? {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.range(of: "://") == nil { text = "https://" + text }
        guard var components = URLComponents(string: text), let host = components.host, !host.isEmpty,
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http"
        else { return nil }
        components.scheme = scheme
        components.host = host.lowercased()
        components.query = nil
        components.fragment = nil
        if !components.percentEncodedPath.hasSuffix("/") { components.percentEncodedPath += "/" }
        return components.url
    }

    /// `url` normalised; `url` itself when it cannot be (the calls then fail with the transport's error).
    static func normalized(_ url: URL) -> URL {
        normalized(url.absoluteString) ?? url
    }

    /// Whether two instance URLs name the same place: scheme and host case-insensitively, the default port
    /// made explicit, paths equal up to a trailing slash.
    static func same(_ a: URL, _ b: URL) -> Bool {
        guard let left = Prefix(a), let right = Prefix(b) else { return a == b }
        return left == right
    }

    /// An instance URL broken into what matching compares.
    struct Prefix: Hashable {
        var scheme: String
        var host: String
        var port: Int
        /// The percent-encoded path, always ending in `/`.
        var path: String

        init?(_ url: URL) {
            guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
                let scheme = components.scheme?.lowercased(), let host = components.host?.lowercased()
            else { return nil }
            self.scheme = scheme
            self.host = host
            port = components.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
            var path = components.percentEncodedPath
            if !path.hasSuffix("/") { path += "/" }
            self.path = path
        }
    }
}

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
