#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How every syndication decoder resolves a reference: against the `xml:base` in scope or the document's URL;
/// an absolute reference, or one no base applies to, stays as written.
///
/// In StreamCore because the feed decoders and the OPML reader both resolve, and the OPML reader is in a module that
/// has no feed decoder.
package enum URLResolution {
    package static func resolve(_ reference: String, against base: String?) -> String {
        guard let base, !hasScheme(reference) else { return reference }
        guard let baseURL = URL(string: base), let resolved = URL(string: reference, relativeTo: baseURL) else {
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
