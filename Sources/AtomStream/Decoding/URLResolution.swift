#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How every syndication decoder resolves a reference: against the `xml:base` in scope or the document's URL;
/// an absolute reference, or one no base applies to, stays as written.
enum URLResolution {
    static func resolve(_ reference: String, against base: String?) -> String {
        guard let base, !AtomDocumentDecoder.hasScheme(reference) else { return reference }
        guard let baseURL = URL(string: base), let resolved = URL(string: reference, relativeTo: baseURL) else {
            return reference
        }
        return resolved.absoluteString
    }
}
