import AtomStream
import Foundation

/// Where a refresh run takes its subscriptions and what they have seen, and where it puts what became of each: the
/// array an app hands to ``FeedRefresher/refresh(_:now:all:reportNotDue:)``, or a `SubscriptionStore`
/// (FeedStreamStore) that several workers may share.
///
/// The run claims a batch, refreshes it, finishes each subscription as it ends (the store writes it in one step),
/// and claims again until a claim comes back empty.
package protocol RefreshSource: Sendable {
    /// Up to `limit` subscriptions due by `dueBy` that this run may refresh; none left: an empty array.
    func claim(dueBy: Date, limit: Int) async throws -> [Subscription]
    /// What the subscription's earlier refreshes saw: each entry's identity (and, for an entry with a link, the link
    /// as a `.link` identity, which recognises a feed that rotates its ids) with its digest.
    func seen(_ id: Subscription.ID) async throws -> [EntryIdentity: EntryDigest]
    /// The subscription whose ID was `id` as the run began is done: `subscription` to store, what became of it, and
    /// the entries this refresh saw (empty when nothing was decoded: what was seen before stays).
    func finish(
        _ id: Subscription.ID, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws
}
