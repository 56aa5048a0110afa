import AtomStream
import FeedStreamServices
import Foundation

extension FeedRefresher {
    /// Refreshes every subscription of `store` due at `now`, as `worker`: entries as they decode, each told `new`,
    /// `changed` or `unchanged` against what the store has seen of its subscription, and one `finished` per
    /// subscription, stored before it is reported.
    ///
    /// Several workers (processes, machines) may run against one shared store at once: each due subscription is
    /// refreshed by one of them, and no host sees more than ``perHost`` transfers at once from all of them. A claim
    /// lasts ten minutes; a worker that dies gives its claims back then. A store that cannot be read or written ends
    /// the stream after the subscriptions in hand.
    public func refresh(store: any SubscriptionStore, worker: String, now: Date = .now)
        -> AsyncStream<RefreshEvent>
    {
        refresh(from: StoreRefreshSource(store, worker: worker, batch: storeBatch, perHost: storePerHost), now: now)
    }

    /// Rounds of transfers one claim from a store holds: enough that a claim's cost is paid once every few rounds,
    /// few enough that a claim's lease covers what a worker holds and that the hosts a worker holds go back to the
    /// others soon. The next claim goes out while less than a round is queued, so a worker holds at most that
    /// round, this claim and the round running: four rounds, each transfer ending within ``transferDeadline``,
    /// four rounds of two minutes against a ten-minute lease.
    package static let storeRounds = 2

    /// Subscriptions claimed from a store at once: ``storeRounds`` rounds of ``concurrency`` transfers.
    package var storeBatch: Int { concurrency * Self.storeRounds }

    /// The most subscriptions of one host a claim takes: ``storeRounds`` rounds of ``perHost``.
    package var storePerHost: Int { perHost * Self.storeRounds }
}

/// A ``SubscriptionStore`` as the refresher's ``FeedStreamServices/RefreshSource``: claims as one worker, with a
/// lease, and never hands the same subscription out twice in one run (an `offline` one stays due, and `all` makes
/// every finished one due again), so a run ends once the store has nothing new for it.
///
/// `@unchecked Sendable`: `done` and `failure` are touched only while holding `lock`.
package final class StoreRefreshSource: RefreshSource, @unchecked Sendable {
    let store: any SubscriptionStore
    let worker: String
    let lease: Duration
    let batch: Int
    let perHost: Int
    let all: Bool
    private let lock = NSLock()
    private var done: Set<URL> = []
    private var failure: (any Error)?

    /// - Parameters:
    ///   - lease: how long a claim holds; past it, other workers may take what this one has not finished.
    ///   - batch: the most subscriptions one claim takes.
    ///   - perHost: the most subscriptions of one host one claim takes.
    ///   - all: claim every subscription, due or not.
    package init(
        _ store: any SubscriptionStore, worker: String, lease: Duration = .seconds(600), batch: Int = 8,
        perHost: Int = 2, all: Bool = false
    ) {
        self.store = store
        self.worker = worker
        self.lease = lease
        self.batch = max(1, batch)
        self.perHost = max(1, perHost)
        self.all = all
    }

    /// The store's first error in this run, if any: the run ended early because of it.
    package var error: (any Error)? { lock.withLock { failure } }

    package func claim(dueBy: Date, limit: Int) async throws -> [Subscription] {
        let (store, worker, lease, due) = (store, worker, lease, all ? Date.distantFuture : dueBy)
        let (limit, perHost) = (min(limit, batch), perHost)
        let claimed = try await recording {
            try await store.claim(dueBy: due, limit: limit, perHost: perHost, worker: worker, lease: lease)
        }
        let seenBefore = lock.withLock { claimed.map { done.contains($0.id) } }
        var fresh: [Subscription] = []
        for (subscription, again) in zip(claimed, seenBefore) {
            if again {
                // Handed back as it is: finishing ends the lease and changes nothing.
                try await recording {
                    try await store.finish(subscription.id, as: subscription, outcome: .notDue, seen: [:])
                }
            } else {
                fresh.append(subscription)
            }
        }
        return fresh
    }

    package func seen(_ id: Subscription.ID) async throws -> [EntryIdentity: EntryDigest] {
        try await recording { try await self.store.seen(id) }
    }

    package func finish(
        _ id: Subscription.ID, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws {
        lock.withLock {
            done.insert(id)
            done.insert(subscription.id)
        }
        try await recording { try await self.store.finish(id, as: subscription, outcome: outcome, seen: seen) }
    }

    private func recording<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            lock.withLock { if failure == nil { failure = error } }
            throw error
        }
    }
}
