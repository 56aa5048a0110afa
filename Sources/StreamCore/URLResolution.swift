#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a reference is resolved, wherever one is: the feed decoders' links against the `xml:base` in scope or the
/// document's URL, OPML outlines against the list's URL, the sanitizer's URL attributes and the feed links and
/// icons of a page against its base. An absolute reference, or one no base applies to, stays as written.
///
/// In StreamCore because the syndication decoders, the sanitizer (HTMLSanitizing) and page discovery and OPML
/// (FeedDiscovery) all resolve, and none of those modules depends on another.
package enum URLResolution {
    /// `reference` against `base`, a URL as a document writes it (not parsed when `reference` is absolute).
    package static func resolve(_ reference: String, against base: String?) -> String {
        guard let base, !hasScheme(reference) else { return reference }
        return resolve(reference, against: URL(string: base))
    }

    /// `reference` against `base`: RFC 3986 resolution by Foundation's `URL`, the reference as written when it has
    /// a scheme (so an absolute URL is never rewritten), when there is no base, or when the two make no URL.
    package static func resolve(_ reference: String, against base: URL?) -> String {
        guard let base, !hasScheme(reference), let resolved = URL(string: reference, relativeTo: base) else {
            return reference
        }
        return resolved.absoluteString
    }

    /// Whether `reference` begins with a scheme (a letter, then letters, digits, `+`, `-` or `.`, then `:`).
    package static func hasScheme(_ reference: String) -> Bool {
        var sawLetter = false
        for byte in reference.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                sawLetter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard sawLetter else { return false }
            case UInt8(ascii: ":"):
                return sawLetter
            default:
                return false
            }
        }
        return false
    }
}
