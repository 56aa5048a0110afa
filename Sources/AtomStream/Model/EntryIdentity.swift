#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The identity an app de-duplicates entries on: the same key for the same entry across refreshes of its feed,
/// and how the key was chosen.
///
/// Feeds are careless with ids: some repeat one `guid` for every item, some have none, some rotate them. The key
/// follows the rules readers converged on (Miniflux, NetNewsWire): the entry's own id when the document uses it
/// once; the id with the entry's link when the document repeats it; the link when there is no id; a digest of
/// title, date and content when there is neither.
public struct EntryIdentity: Sendable, Hashable, Codable {
    /// How ``key`` was chosen, from the most trustworthy to the least.
    public enum Basis: String, Sendable, Hashable, Codable {
        /// The Atom `id`, RSS `guid` or JSON Feed `id`, unique in its document.
        case id
        /// An id the document repeats, with the entry's link (and its position when the link repeats too).
        case idAndLink
        /// No id: the entry's link (with a digest of its title and date when the document repeats the link).
        case link
        /// No id and no link: a digest of title, date and content.
        case content
    }

    /// Stable across refreshes of the same entry; unique within one document.
    public var key: String
    /// How ``key`` was chosen.
    public var basis: Basis

    /// Creates an identity.
    public init(key: String, basis: Basis) {
        self.key = key
        self.basis = basis
    }
}

/// A digest of what a reader shows of an entry (title, content, summary, links, enclosures): equal digests mean the
/// reader would show the same thing, so the entry is unchanged.
public struct EntryDigest: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The digest's 64 bits.
    public var value: UInt64

    /// Creates a digest from its bits (as a store read it back).
    public init(value: UInt64) { self.value = value }

    /// Sixteen hexadecimal digits.
    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A single value: the hexadecimal digits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard text.utf8.count == 16, let value = UInt64(text, radix: 16) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a 16-digit entry digest")
        }
        self.value = value
    }

    /// A single value: the hexadecimal digits.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
