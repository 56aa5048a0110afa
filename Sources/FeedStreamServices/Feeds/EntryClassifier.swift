import AtomStream
import Foundation

/// Tells each entry of one refresh `new`, `changed` or `unchanged` against what earlier refreshes of the same
/// subscription saw, and collects what this refresh saw for the store.
///
/// An entry is known by its ``AtomEntry/identity``. A feed that rotates its ids while its links stay put is
/// recognised by the link, kept beside each identity as a `.link` identity: a new id whose link is known is the
/// same entry, `changed` at most. A link that two entries of one document share (every item linking to the home
/// page) says nothing of identity, so it is not kept.
package struct EntryClassifier: Sendable {
    private let earlier: [EntryIdentity: EntryDigest]
    /// What this refresh saw: every entry's identity, and every link only one entry has, with its digest.
    package private(set) var seen: [EntryIdentity: EntryDigest] = [:]
    /// The identity of the entry each link of this refresh belongs to; `nil` once two entries shared it.
    private var linkOwners: [String: EntryIdentity?] = [:]

    /// - Parameter earlier: what the subscription's earlier refreshes saw (``RefreshSource/seen(_:)``).
    package init(earlier: [EntryIdentity: EntryDigest]) {
        self.earlier = earlier
    }

    /// Whether `entry` is new, changed or unchanged; remembers it.
    package mutating func classify(_ entry: AtomEntry) -> EntryChange {
        let identity = entry.identity
        let digest = entry.digest
        seen[identity] = digest
        var linkIdentity: EntryIdentity?
        if identity.basis != .link, let link = entry.alternateLink {
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
        let known = earlier[identity] ?? linkIdentity.flatMap { earlier[$0] }
        guard let known else { return .new }
        return known == digest ? .unchanged : .changed
    }
}
