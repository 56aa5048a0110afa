import Foundation

/// The form of an instance URL every Jive call is built on, and the matching of URLs against it.
enum JiveInstanceURL {
    /// `text` as a user types it: surrounding spaces dropped, `https://` added when no scheme is given (Jive's
    /// REST API is served over HTTPS), scheme and host lowercased, query and fragment dropped, and the path
    /// ending in `/`. The iOS SDK resolves its calls relative to the instance URL (`api/version`), so
    /// `https://example.com/jive` must become `https://example.com/jive/` or they would land on
    /// `https://example.com/api/version`. `nil` when no host remains or the scheme is not HTTP(S).
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
