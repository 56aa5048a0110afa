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
        refresh(
            from: StoreRefreshSource(
                store, worker: worker, batch: storeBatch, perHost: storePerHost, clock: clock ?? { Date() }),
            now: now)
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
/// lease whose token every finish carries, renews what it holds, and never hands the same subscription out twice in
/// one run.
///
/// - The run's leases are held under a name of its own, `worker` and a random suffix: two processes given the same
///   `--worker` never share a lease or a host.
/// - A renewal every quarter of the lease keeps what the run holds, queued and in flight. When the last successful
///   renewal is older than half the lease (the process was paused: a stopped VM, a debugger), no transfer starts
///   before a renewal says what is still held; what is not is reported refused, never fetched.
/// - An `offline` subscription stays due: it is kept leased until the run ends, then given back unchanged, so the
///   store does not hand it out again in the same run. A run holds at most ``maximumKeptBack`` of them, then stops
///   claiming.
/// - `dueBy` is read on the store's clock: the difference between the store's clock and this process's is taken
///   at the first claim, so a worker whose clock is off claims what is due, no more.
/// - `all` first makes every subscription of the store due (``SubscriptionStore/makeDue(by:)``), then refreshes
///   what is due until a claim finds nothing.
///
/// `@unchecked Sendable`: the mutable fields are touched only while holding `lock`.
package final class StoreRefreshSource: RefreshSource, @unchecked Sendable {
    let store: any SubscriptionStore
    /// The name the run's leases are held under.
    package let worker: String
    let lease: Duration
    let batch: Int
    let perHost: Int
    let all: Bool
    /// The run's clock, against which the store's is measured.
    let clock: @Sendable () -> Date
    private let lock = NSLock()
    /// What the run holds, by the URL it was claimed under: queued, in flight, or kept back.
    private var held: [URL: SubscriptionLease] = [:]
    /// Claimed and given back only at the end (offline).
    private var keptBack: Set<URL> = []
    /// Leases found lost at a renewal.
    private var lost: Set<URL> = []
    private var lastRenewal = ContinuousClock.now
    private var renewing: Task<Void, Never>?
    private var madeDue = false
    /// The store's clock less this process's, read at the first claim: `dueBy` is the worker's clock.
    private var skew: TimeInterval?
    private var failure: (any Error)?

    /// The most offline subscriptions a run keeps back before it stops claiming.
    package static let maximumKeptBack = 4_096

    /// - Parameters:
    ///   - worker: the worker's name (`--worker`); the run's leases carry it with a suffix of their own.
    ///   - lease: how long a claim holds without a renewal; past it, other workers may take what this one has not
    ///     finished.
    ///   - batch: the most subscriptions one claim takes.
    ///   - perHost: the most subscriptions of one host one claim takes.
    ///   - all: make every subscription due first.
    ///   - clock: the run's clock, the one its `dueBy` is read on (the refresher's): the store's clock is compared
    ///     with it, not with the system's, or a run on an injected clock would claim by the difference.
    package init(
        _ store: any SubscriptionStore, worker: String, lease: Duration = .seconds(600), batch: Int = 8,
        perHost: Int = 2, all: Bool = false, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.clock = clock
        self.store = store
        self.worker = "\(worker)#\(String(UInt32.random(in: .min ... .max), radix: 16))"
        self.lease = lease
        self.batch = max(1, batch)
        self.perHost = max(1, perHost)
        self.all = all
    }

    /// The store's first error in this run, if any: the run ended early because of it.
    package var error: (any Error)? { lock.withLock { failure } }

    package func claim(dueBy: Date, limit: Int) async throws -> [Subscription] {
        if lock.withLock({ skew }) == nil {
            let asked = clock()
            let storeNow = try await recording { try await self.store.now() }
            lock.withLock { skew = storeNow.timeIntervalSince(asked) }
        }
        // Due by the store's clock, not by this worker's (a worker an hour ahead must not claim what others just
        // refreshed).
        let dueBy = dueBy.addingTimeInterval(lock.withLock { skew ?? 0 })
        if all && !lock.withLock({ madeDue }) {
            try await recording { try await self.store.makeDue(by: dueBy) }
            lock.withLock { madeDue = true }
        }
        guard lock.withLock({ keptBack.count < Self.maximumKeptBack }) else { return [] }
        let (store, worker, lease) = (store, worker, lease)
        let (limit, perHost) = (min(limit, batch), perHost)
        let claimed = try await recording {
            try await store.claimLeases(dueBy: dueBy, limit: limit, perHost: perHost, worker: worker, lease: lease)
        }
        lock.withLock {
            if held.isEmpty { lastRenewal = .now }
            for item in claimed { held[item.subscription.id] = item.lease }
        }
        return claimed.map(\.subscription)
    }

    package func seen(_ id: Subscription.ID) async throws -> [EntryIdentity: EntryDigest] {
        try await recording { try await self.store.seen(id) }
    }

    package func finish(
        _ id: Subscription.ID, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws {
        guard let lease = lock.withLock({ held[id] }) else { throw RefusedFinish(.leaseLost) }
        if outcome == .offline {
            // Still due, and not to be claimed again by this run: held until the run ends.
            lock.withLock { _ = keptBack.insert(id) }
            return
        }
        do {
            try await store.finish(lease, as: subscription, outcome: outcome, seen: seen)
            lock.withLock { held[id] = nil }
        } catch let error as StoreError where error.refusal != nil {
            lock.withLock { held[id] = nil }
            throw RefusedFinish(error.refusal!)
        } catch {
            lock.withLock { if failure == nil { failure = error } }
            throw error
        }
    }

    package func holds(_ id: Subscription.ID) async -> Bool {
        let (known, stale) = lock.withLock {
            (held[id] != nil && !lost.contains(id), ContinuousClock.now - lastRenewal > lease / 2)
        }
        guard known else { return false }
        if stale { await renew() }
        return lock.withLock { held[id] != nil && !lost.contains(id) && ContinuousClock.now - lastRenewal < lease }
    }

    package var renewalInterval: Duration? { lease / 4 }

    /// Renews every lease the run holds; one renewal at a time, callers arriving meanwhile wait for it.
    package func renew() async {
        let task: Task<Void, Never> = lock.withLock {
            if let renewing { return renewing }
            let task = Task { await self.renewHeld() }
            renewing = task
            return task
        }
        await task.value
    }

    private func renewHeld() async {
        let started = ContinuousClock.now
        let leases = lock.withLock { Array(held.values) }
        do {
            let refused = try await store.renew(leases, for: lease)
            lock.withLock {
                for item in refused { lost.insert(item.id) }
                lastRenewal = started
                renewing = nil
            }
        } catch {
            // Not fatal: the next renewal tries again, and a finish is fenced whatever happens.
            lock.withLock { renewing = nil }
        }
    }

    package func end() async {
        let leases = lock.withLock { () -> [SubscriptionLease] in
            let unfinished = Array(held.values)
            held = [:]
            keptBack = []
            return unfinished
        }
        try? await store.release(leases)
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
