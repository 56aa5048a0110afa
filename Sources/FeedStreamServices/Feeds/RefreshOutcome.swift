import AtomStream
import Foundation

/// What became of one subscription in a refresh: one per subscription tried or skipped, never the run's error.
public enum RefreshOutcome: Sendable, Hashable {
    /// A full response was decoded: `entries` entries.
    case updated(entries: Int)
    /// The server answered 304 to the stored validators, or a 200 whose body is byte-identical to the last one
    /// (``Subscription/bodyDigest``): nothing was decoded.
    case notModified
    /// The feed lives at `to` now (a 301 or 308, or a podcast's `itunes:new-feed-url`); its entries, if any, were
    /// decoded, and the subscription's URL is `to`.
    case moved(to: URL)
    /// The server answered 410: the feed is gone for good.
    case gone
    /// The refresh failed; the subscription's ``Subscription/nextDue`` is backed off.
    case failed(RefreshFailure)
    /// The subscription was not due, so nothing was sent.
    case notDue
    /// Its host asked to wait (`Retry-After`, or a 429 or 503 without it): nothing was sent to it, or what was
    /// sent was refused, and no request goes to that host before `until`.
    case deferred(until: Date)
    /// The network itself was down (no route, not connected): the subscription comes back unchanged, nothing
    /// counted against the feed.
    case offline

    /// The status the command line prints: `updated`, `not-modified`, `moved`, `gone`, `failed`, `not-due`,
    /// `deferred`, `offline`.
    public var status: String {
        switch self {
        case .updated: "updated"
        case .notModified: "not-modified"
        case .moved: "moved"
        case .gone: "gone"
        case .failed: "failed"
        case .notDue: "not-due"
        case .deferred: "deferred"
        case .offline: "offline"
        }
    }
}

/// Whether an entry is news to the app, against what its store has seen of the subscription.
public enum EntryChange: String, Sendable, Hashable, Codable {
    /// Its identity was never seen (nor, for a feed that rotates its ids, its link).
    case new
    /// Seen before, but what a reader shows of it changed (``AtomEntry/digest``).
    case changed
    /// Seen before, the same.
    case unchanged
}

/// What a ``FeedRefresher`` reports, in the order it happens: entries as they decode, then one `finished` per
/// subscription.
public enum RefreshEvent: Sendable {
    /// An entry of the subscription (named by its ``Subscription/id`` as the refresh began), as soon as it decoded,
    /// and whether it is new.
    case entry(Subscription.ID, AtomEntry, EntryChange)
    /// The subscription is done: `id` is its URL as the run began (a moved feed's new URL is in the subscription),
    /// the subscription updated, to store, and what became of it.
    case finished(id: Subscription.ID, Subscription, RefreshOutcome)
    /// The store refused what this worker's refresh of the subscription found (its lease went to another worker,
    /// the subscription was removed, or its move waits): nothing of it was stored, and the app stores nothing of it
    /// either. Only a refresh from a `SubscriptionStore` shared by workers reports it; the entries it reported
    /// before the refusal may come again from the worker that holds the subscription now.
    case refused(id: Subscription.ID, FinishRefusal)
}

/// What one subscription's transfer cost, for the command line's status lines and the benchmarks.
package struct RefreshTransfer: Sendable, Hashable {
    /// The final response's status, when one arrived.
    package var statusCode: Int?
    /// Body bytes as they crossed the network, when known (see `TransferProgress.wireBytes`).
    package var wireBytes: Int64?
    /// Body bytes after inflating.
    package var bodyBytes: Int64
    /// Entries decoded.
    package var entries: Int
}

/// A ``RefreshEvent`` with what the transfer cost.
package enum RefreshReport: Sendable {
    case entry(Subscription.ID, AtomEntry, EntryChange)
    /// The subscription whose ID was `id` as the run began: updated, what became of it, what it cost.
    case finished(Subscription.ID, Subscription, RefreshOutcome, RefreshTransfer?)
    /// The store refused the subscription's finish (``RefreshEvent/refused(id:_:)``).
    case refused(Subscription.ID, FinishRefusal)

    /// The public event.
    var event: RefreshEvent {
        switch self {
        case .entry(let id, let entry, let change): .entry(id, entry, change)
        case .finished(let id, let subscription, let outcome, _): .finished(id: id, subscription, outcome)
        case .refused(let id, let refusal): .refused(id: id, refusal)
        }
    }
}
