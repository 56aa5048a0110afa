#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension AtomEntry {
    /// The identity an app de-duplicates this entry on (see ``EntryIdentity``).
    ///
    /// A decoder sets it when the entry alone cannot tell it: an id the document already used makes the id with the
    /// alternate link (``EntryIdentity/Basis/idAndLink``), and the entry's position too when that pair was used
    /// before; an entry without an id whose link the document already used is its link with a digest of its title
    /// and date (still ``EntryIdentity/Basis/link``). Otherwise, and for entries built by hand or decoded from JSON, it follows from the entry's fields:
    /// its id, else its alternate link, else a digest of title, date and content (worked out when asked, so that
    /// decoding pays nothing for it).
    public var identity: EntryIdentity {
        if let identity = decodedIdentity.value { return identity }
        if let id, !id.isEmpty { return EntryIdentity(key: id, basis: .id) }
        if let link = alternateLink { return EntryIdentity(key: link, basis: .link) }
        var hasher = EntryHasher()
        hasher.combine(title?.value)
        hasher.combine(word: (published ?? updated).map { $0.timeIntervalSince1970.bitPattern } ?? .max)
        hasher.combine(sentContent?.value ?? summary?.value)
        return EntryIdentity(key: hasher.digest.description, basis: .content)
    }

    /// What a reader shows of this entry, as a digest: it changes when the entry was edited, and not when only its
    /// order in the document, its id or its dates did (feeds that regenerate bump `updated` on every entry).
    ///
    /// Title, summary, content (inline or by reference), every link with its relation, type and length (enclosures
    /// are links), and the media a reader shows (Media RSS, JSON Feed images). Left out: comment counts
    /// (`thr:count` moves with every comment), authors and categories. The content is the feed's: for an entry whose
    /// content was filled in from its page (``extraction``), the content the feed sent, so that filling an entry in
    /// again does not make it look edited.
    public var digest: EntryDigest {
        var hasher = EntryHasher()
        let content = sentContent
        hasher.combine(title?.value)
        hasher.combine(summary?.value)
        hasher.combine(content?.value)
        hasher.combine(content?.src)
        hasher.combine(word: UInt64(links.count))
        for link in links {
            hasher.combine(link.href)
            hasher.combine(link.rel)
            hasher.combine(link.type)
            hasher.combine(word: link.length.map { UInt64(bitPattern: $0) } ?? .max)
        }
        if let media {
            hasher.combine(word: UInt64(media.count))
            for item in media { hasher.combine(item.url) }
        }
        return hasher.digest
    }

    /// The content as the feed sent it: ``ContentExtraction/feedContent`` once the article replaced it.
    var sentContent: AtomContent? {
        guard let extraction, extraction.isExtracted else { return content }
        return extraction.feedContent
    }

    /// The link a reader opens: the first `alternate` link with an address.
    package var alternateLink: String? {
        links.first { $0.rel == "alternate" && !$0.href.isEmpty }?.href
    }
}

extension EntryIdentity {
    /// An id the document repeats, told apart by the entry's alternate link (`""` without one) and, when the id and
    /// link repeat together, by the entry's position in the document (from 1). The parts are joined by U+001F, a
    /// character XML cannot hold, so no two (id, link) pairs of an XML feed make the same key.
    package static func idAndLink(_ id: String, link: String?, position: Int? = nil) -> EntryIdentity {
        var key = id + "\u{1F}" + (link ?? "")
        if let position { key += "\u{1F}" + String(position) }
        return EntryIdentity(key: key, basis: .idAndLink)
    }
}

extension EntryIdentity {
    /// A link the document repeats on entries without ids, told apart by a digest of the entry's title and date
    /// (joined by U+001F): `link`, U+001F, the digest. Stable while the entry keeps its title and date.
    package static func linkAndContent(_ link: String, title: String?, date: Date?) -> EntryIdentity {
        var hasher = EntryHasher()
        hasher.combine(title)
        hasher.combine(word: date.map { $0.timeIntervalSince1970.bitPattern } ?? .max)
        return EntryIdentity(key: link + "\u{1F}" + hasher.digest.description, basis: .link)
    }
}

/// The identity a decoder chose from the document around an entry (``AtomEntry/identity``), `nil` when the entry's
/// own fields tell it. Not part of the entry's equality or hash: two entries holding the same fields are equal
/// wherever they stood, and an entry encoded and decoded again (which recomputes the identity) equals the original.
///
/// Held out of line: almost every entry has none, and one nil reference (8 bytes) moves through the decoder and its
/// completed-entry buffer more cheaply than the 24 bytes of an optional identity.
struct DecodedIdentity: Sendable, Hashable {
    private final class Box: Sendable {
        let identity: EntryIdentity
        init(_ identity: EntryIdentity) { self.identity = identity }
    }

    private var box: Box?

    var value: EntryIdentity? {
        get { box?.identity }
        set { box = newValue.map(Box.init) }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
