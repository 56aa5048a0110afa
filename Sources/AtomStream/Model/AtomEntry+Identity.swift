#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension AtomEntry {
    /// The identity an app de-duplicates this entry on (see ``EntryIdentity``): its id, else its alternate link,
    /// else a digest of title, date and content.
    public var identity: EntryIdentity {
        if let id, !id.isEmpty { return EntryIdentity(key: id, basis: .id) }
        if let link = alternateLink { return EntryIdentity(key: link, basis: .link) }
        var hasher = EntryHasher()
        hasher.combine(title?.value)
        hasher.combine((published ?? updated).map { String($0.timeIntervalSince1970) })
        hasher.combine(content?.value ?? summary?.value)
        return EntryIdentity(key: hasher.digest.description, basis: .content)
    }

    /// What a reader shows of this entry (title, summary, content, links with their types and lengths), as a
    /// digest: it changes when the entry was edited, and not when only its order in the document did.
    public var digest: EntryDigest {
        var hasher = EntryHasher()
        hasher.combine(title?.value)
        hasher.combine(summary?.value)
        hasher.combine(content?.value)
        hasher.combine(content?.src)
        for link in links {
            hasher.combine(link.href)
            hasher.combine(link.rel)
            hasher.combine(link.type)
            hasher.combine(link.length.map { String($0) })
        }
        return hasher.digest
    }

    /// The link a reader opens: the first `alternate` link with an address.
    package var alternateLink: String? {
        links.first { $0.rel == "alternate" && !$0.href.isEmpty }?.href
    }
}

/// 64-bit FNV-1a over UTF-8 fields, each closed by a separator a field cannot hold as UTF-8 (`0xFF`), so that
/// ("ab", "c") and ("a", "bc") differ. The same in every process and on every platform (Swift's `Hasher` is seeded
/// per process), which a digest kept in a store between runs must be.
package struct EntryHasher {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package mutating func combine(_ text: String?) {
        if let text {
            var text = text
            text.withUTF8 { bytes in
                for byte in bytes {
                    state ^= UInt64(byte)
                    state &*= 0x0000_0100_0000_01b3
                }
            }
        }
        state ^= text == nil ? 0xFE : 0xFF
        state &*= 0x0000_0100_0000_01b3
    }

    package var digest: EntryDigest { EntryDigest(value: state) }
}
