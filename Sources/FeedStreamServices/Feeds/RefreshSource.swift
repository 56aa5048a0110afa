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
    /// Whether the subscription is still this run's to refresh: `false` once its lease is known lost. When the last
    /// renewal is older than it should be (the process was paused), renews first.
    func holds(_ id: Subscription.ID) async -> Bool
    /// How often the run calls ``renew()``: `nil`, never (nothing it hands out can expire).
    var renewalInterval: Duration? { get }
    /// Renews what the run holds, queued and in flight, so that a healthy worker never loses its claims to the
    /// clock. Called from one task per run.
    func renew() async
    /// The run is over (ended, cancelled or failed): what it holds and did not finish goes back.
    func end() async
}

extension RefreshSource {
    package func holds(_ id: Subscription.ID) async -> Bool { true }
    package var renewalInterval: Duration? { nil }
    package func renew() async {}
    package func end() async {}
}
