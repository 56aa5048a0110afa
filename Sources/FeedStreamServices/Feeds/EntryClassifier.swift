import AtomStream
import Foundation

/// Tells each entry of one refresh `new`, `changed` or `unchanged` against what earlier refreshes of the same
/// subscription saw, and collects what this refresh saw for the store.
///
/// An entry is known by its ``AtomEntry/identity``. A feed that rotates its ids while its links stay put is
/// recognised by the link, kept beside each identity as a `.link` identity: a new id whose link is known is the
/// same entry, `changed` at most. A link that two entries of one document share (every item linking to the home
/// page) says nothing of identity, so it is not kept.
///
/// A document that repeats an id: the decoder streams, so the first entry with the id is keyed by the bare id and
/// only the later ones by id and link. Once the repeat shows, the first one is kept under id and link as well, in
/// place of the bare id, so that the next refresh's first entry with that id (a new one, in a feed that gives
/// every item the same `guid`) is not taken for it; an entry keyed by its bare id is also looked up under id and
/// link.
package struct EntryClassifier: Sendable {
    private let earlier: [EntryIdentity: EntryDigest]
    /// What this refresh saw: every entry's identity, and every link only one entry has, with its digest.
    package private(set) var seen: [EntryIdentity: EntryDigest] = [:]
    /// The identity of the entry each link of this refresh belongs to; `nil` once two entries shared it.
    private var linkOwners: [String: EntryIdentity?] = [:]
    /// The alternate link of the entry each bare id of this refresh belongs to, until the document repeats the id.
    private var idLinks: [String: String?] = [:]

    /// - Parameter earlier: what the subscription's earlier refreshes saw (``RefreshSource/seen(_:)``).
    package init(earlier: [EntryIdentity: EntryDigest]) {
        self.earlier = earlier
    }

    /// Whether `entry` is new, changed or unchanged; remembers it.
    package mutating func classify(_ entry: AtomEntry) -> EntryChange {
        let identity = entry.identity
        let digest = entry.digest
        let link = entry.alternateLink
        switch identity.basis {
        case .id:
            if idLinks[identity.key] == nil { idLinks[identity.key] = .some(link) }
        case .idAndLink:
            if let id = entry.id { rekeyFirst(id: id, repeatedWith: link) }
        case .link, .content:
            break
        }
        seen[identity] = digest
        var linkIdentity: EntryIdentity?
        if identity.basis != .link, let link {
            let alias = EntryIdentity(key: link, basis: .link)
            switch linkOwners[link] {
            case nil:
                linkOwners[link] = .some(identity)
                seen[alias] = digest
                linkIdentity = alias
            case .some(let owner?) where owner != identity:
                linkOwners[link] = .some(nil)
                seen[alias] = nil
            default:
                break
            }
        }
        var known = earlier[identity]
        if known == nil, identity.basis == .id {
            known = earlier[.idAndLink(identity.key, link: link)]
        }
        guard let known = known ?? linkIdentity.flatMap({ earlier[$0] }) else { return .new }
        return known == digest ? .unchanged : .changed
    }

    /// The document repeats `id`: the entry that used it first moves from the bare id to id and link, unless its
    /// link is the repeating entry's too (that key is the repeating entry's own).
    private mutating func rekeyFirst(id: String, repeatedWith link: String?) {
        guard let firstLink = idLinks[id] else { return }
        idLinks[id] = nil
        guard firstLink != link, let digest = seen.removeValue(forKey: EntryIdentity(key: id, basis: .id)) else {
            return
        }
        seen[.idAndLink(id, link: firstLink)] = digest
    }
}
