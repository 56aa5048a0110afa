@_spi(StreamPlumbing) import StreamCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a person pastes into "add subscription", made an address to fetch: the one reading ``FeedFinder`` and
/// `feedstream discover` share.
///
/// ```swift
/// PastedAddress(" <feed://example.org/rss> ")?.url    // http://example.org/rss
/// PastedAddress("example.org/blog")?.url              // https://example.org/blog (http if https fails)
/// ```
///
/// White space and `<…>` around the text go (a mail client's way of quoting an address, and a copied line's end).
/// `feed:` and `feed://` (the feed URL scheme of the 2000s, still in pages and share sheets) become what they
/// stand for: `feed:https://…` its inner address, `feed://host/…` `http://host/…`. A host with no scheme
/// (`example.org`, `example.org/blog`, `//example.org`) is read as `https://`, with ``fallback`` the `http://`
/// address a caller tries when that one cannot be reached. Anything that does not end up an `http` or `https` URL
/// with a host is refused.
public struct PastedAddress: Sendable, Hashable {
    /// The address to fetch.
    public var url: URL
    /// The `http://` address to try when ``url`` cannot be reached: set only when the text named no scheme.
    public var fallback: URL?

    /// Reads pasted text; `nil` when it names no web address.
    public init?(_ text: String) {
        var text = Substring(text.trimmingWhitespaceAndNewlines())
        while text.hasPrefix("<"), text.hasSuffix(">"), text.count >= 2 {
            text = text.dropFirst().dropLast()
            text = Substring(text.trimmingWhitespaceAndNewlines())
        }
        var lowered = text.lowercased()
        if lowered.hasPrefix("feed:") {
            text = text.dropFirst(5)
            lowered.removeFirst(5)
            if lowered.hasPrefix("//") {
                // `feed://host/path` names the address `http://host/path`; `feed://https://…` (seen in the wild)
                // its inner one.
                let inner = lowered.dropFirst(2)
                if inner.hasPrefix("http://") || inner.hasPrefix("https://") {
                    text = text.dropFirst(2)
                } else {
                    text = Substring("http:" + String(text))
                }
                lowered = text.lowercased()
            }
        }
        var fallback: URL?
        if !lowered.hasPrefix("http://") && !lowered.hasPrefix("https://") {
            // Another scheme (`ftp://`, `javascript:` written with slashes) is refused below; no scheme is a host.
            if lowered.contains("://") { return nil }
            let rest = text.hasPrefix("//") ? text.dropFirst(2) : text
            guard !rest.isEmpty else { return nil }
            fallback = Self.web("http://" + String(rest))
            text = Substring("https://" + String(rest))
        }
        guard let url = Self.web(String(text)) else { return nil }
        self.url = url
        self.fallback = fallback
    }

    /// Reads an address already parsed: `feed:` ones become what they stand for.
    public init?(_ url: URL) {
        self.init(url.absoluteString)
    }

    /// An `http`/`https` URL with a host, or `nil`.
    private static func web(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}
