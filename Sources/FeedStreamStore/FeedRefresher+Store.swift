import AtomStream
import FeedStreamServices
import Foundation

// The adapter between a SubscriptionStore and the refresher's array API, until the refresher runs over any
// `RefreshSource` itself: it claims a batch, refreshes it with `reports(_:now:all:)`, classifies each entry against
// what the store has seen, finishes each subscription in the store as it ends, and claims again until a claim
// brings nothing new.

extension FeedRefresher {
    /// Refreshes every subscription of `store` due at `now`, as `worker`: entries as they decode, each told `new`,
    /// `changed` or `unchanged` against what the store has seen of its subscription, and one `finished` per
    /// subscription, stored before it is reported.
    ///
    /// Several workers (processes, machines) may run against one shared store at once: each due subscription is
    /// refreshed by one of them. A claim lasts five minutes; a worker that dies gives its claims back then. A store
    /// that cannot be read or written ends the stream early.
    public func refresh(store: any SubscriptionStore, worker: String, now: Date = .now)
        -> AsyncStream<RefreshEvent>
    {
        let run = StoreRun(refresher: self, store: store, worker: worker, lease: .seconds(300), now: now, all: false)
        return AsyncStream(unfolding: {
            switch try? await run.next() {
            case .entry(let id, let entry, let change): .entry(id, entry, change)
            case .finished(let id, let subscription, let outcome, _): .finished(id: id, subscription, outcome)
            case nil: nil
            }
        })
    }

    /// ``refresh(store:worker:now:)`` with what each transfer cost, for the command line: `failure` is called once
    /// with the store's error when a claim, `seen` or `finish` fails (the stream ends there).
    package func storeReports(
        store: any SubscriptionStore, worker: String, lease: Duration = .seconds(300), now: Date = .now,
        all: Bool = false, failure: @escaping @Sendable (any Error) -> Void = { _ in }
    ) -> AsyncStream<RefreshReport> {
        let run = StoreRun(refresher: self, store: store, worker: worker, lease: lease, now: now, all: all)
        return AsyncStream(unfolding: {
            do {
                return try await run.next()
            } catch {
                failure(error)
                return nil
            }
        })
    }
}

/// One run over a store, pulled a report at a time: a slow consumer holds the transfers back, as with the array
/// API, so memory stays bounded by one batch.
private actor StoreRun {
    let refresher: FeedRefresher
    let store: any SubscriptionStore
    let worker: String
    let lease: Duration
    let now: Date
    let all: Bool
    /// Subscriptions finished in this run, under their URL as claimed and as stored: one claimed again (an
    /// `offline` one keeps its due date) is given back, and a claim with nothing else ends the run.
    private var done: Set<URL> = []
    private var classifiers: [URL: EntryClassifier] = [:]
    private var batch: AsyncStream<RefreshReport>.Iterator?

    init(refresher: FeedRefresher, store: any SubscriptionStore, worker: String, lease: Duration, now: Date, all: Bool) {
        self.refresher = refresher
        self.store = store
        self.worker = worker
        self.lease = lease
        self.now = now
        self.all = all
    }

    func next() async throws -> RefreshReport? {
        while !Task.isCancelled {
            if batch == nil, try await !claim() { return nil }
            guard let report = await batch?.next(isolation: self) else {
                batch = nil
                continue
            }
            switch report {
            case .entry(let id, let entry, _):
                let change = classifiers[id]?.classify(entry) ?? .new
                return .entry(id, entry, change)
            case .finished(let id, let subscription, let outcome, _):
                let seen = classifiers.removeValue(forKey: id)?.seen ?? [:]
                try await store.finish(id, as: subscription, outcome: outcome, seen: seen)
                done.insert(id)
                done.insert(subscription.id)
                return report
            }
        }
        return nil
    }

    /// Claims the next batch; `false` when it brings nothing this run has not finished.
    private func claim() async throws -> Bool {
        let size = max(refresher.concurrency * 4, 16)
        let claimed = try await store.claim(dueBy: all ? .distantFuture : now, limit: size, worker: worker, lease: lease)
        var fresh: [Subscription] = []
        for subscription in claimed {
            if done.contains(subscription.id) {
                try await store.finish(subscription.id, as: subscription, outcome: .notDue, seen: [:])
            } else {
                fresh.append(subscription)
            }
        }
        guard !fresh.isEmpty else { return false }
        for subscription in fresh {
            classifiers[subscription.id] = EntryClassifier(earlier: try await store.seen(subscription.id))
        }
        // A later batch is scheduled from the time it runs, not from when the run began.
        batch = refresher.reports(fresh, now: max(now, Date()), all: all).makeAsyncIterator()
        return true
    }
}
