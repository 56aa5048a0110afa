import AtomStream
import FeedStreamServices
import Foundation

/// What a store writes when a subscription finishes, worked out once for every store: the row's columns and keys,
/// and the seen entries with theirs.
package struct FinishedRow: Sendable {
    /// The URL the subscription was claimed under, and its key.
    package var old: String
    package var oldKey: Data
    /// The URL it is stored under now (another after a move), and its key.
    package var new: String
    package var newKey: Data
    /// The host the claim held (the old URL's), and the host of the URL it is stored under now.
    package var oldHost: String
    package var host: String
    package var json: String
    package var nextDue: Double
    package var retryAfter: Double?
    /// The host's `Retry-After`: the subscription's, or the date a `deferred` outcome names.
    package var hostRetryAfter: Double?
    /// What the refresh saw: each identity's basis, key digest, key (its UTF-8 bytes) and entry digest.
    package var seen: [(basis: String, keyHash: Data, key: Data, digest: Int64)]
    /// The lease the finish carries; `nil`: applied to whoever holds the row.
    package var lease: SubscriptionLease?
    /// Seen rows last seen before this are forgotten.
    package var oldestKept: Double
    package var keptRefreshes: Int
    /// The worker's clock, for the retention of seen rows only: leases are timed by the store's clock.
    package var now: Double

    package init(
        _ id: Subscription.ID, lease: SubscriptionLease?, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest], retention: SeenRetention
    ) throws {
        let now = Date()
        old = id.absoluteString
        oldKey = StoreKey.digest(old)
        new = subscription.url.absoluteString
        newKey = new == old ? oldKey : StoreKey.digest(new)
        oldHost = Subscription.hostKey(of: id)
        host = subscription.hostKey
        json = try StoredSubscription.json(subscription)
        nextDue = StoredSubscription.dueKey(subscription)
        retryAfter = subscription.retryAfter?.timeIntervalSince1970
        hostRetryAfter = retryAfter
        if case .deferred(let until) = outcome {
            hostRetryAfter = max(hostRetryAfter ?? 0, until.timeIntervalSince1970)
        }
        self.seen = seen.map {
            (
                basis: $0.key.basis.rawValue, keyHash: StoreKey.digest($0.key.key), key: Data($0.key.key.utf8),
                digest: Int64(bitPattern: $0.value.value)
            )
        }
        self.lease = lease
        self.now = now.timeIntervalSince1970
        oldestKept = retention.oldestKept(now: now).timeIntervalSince1970
        keptRefreshes = retention.refreshes
    }

    /// Whether the subscription moves to another URL.
    package var moves: Bool { new != old }
}

/// What a stored row holds of its lease, as a finish reads it (locked) before it decides.
package struct StoredLease: Sendable, Hashable {
    package var host: String
    package var owner: String?
    package var token: Int64
    package var until: Double?
    package var refreshes: Int

    package init(host: String, owner: String?, token: Int64, until: Double?, refreshes: Int) {
        self.host = host
        self.owner = owner
        self.token = token
        self.until = until
        self.refreshes = refreshes
    }
}

/// What a finish writes, decided once for every store from the finished row and what the store holds: each store
/// reads the rows it names (locked), asks ``decide(_:stored:target:now:)``, and carries the plan out in its own SQL,
/// step by step in this order. Fencing, vanished rows and moves onto held URLs are settled here, not per store.
package struct FinishPlan: Sendable {
    /// The subscription already stored under the new URL, which a move replaces (its row and seen rows deleted).
    package var replacesTarget = false
    /// The row and its seen rows take the new URL; the old one is remembered in `moved`.
    package var moves = false
    /// The row is written: columns, lease cleared, refresh count, then its seen rows and what it forgets.
    package var writesRow = false
    /// The refresh count the row is written with (and its seen rows stamped with).
    package var refreshes = 0
    /// The row keeps its data and only ends its lease, due again at this time (a deferred move).
    package var deferredDue: Double?
    /// The host's `Retry-After` is raised to this.
    package var hostRetryAfter: Double?
    /// The host the claim held goes back to the fleet, when this owner holds none of its subscriptions any more.
    package var releases: (host: String, owner: String)?
    /// Thrown once the steps above are done (nothing is written when the lease was lost).
    package var refusal: FinishRefusal?
    /// This lease's finish is written already: the call is a replay after the store's answer was lost (the
    /// connection went between the commit and its reply, and `retrying` sent it again). Nothing is written and
    /// nothing refused, so the caller reports the outcome the first call stored.
    package var alreadyApplied = false

    /// How long a move onto a URL another worker holds waits: the subscription is due again after this.
    package static let moveRetry: Double = 60

    /// A finish is recognised as its own replay by the row it wrote: the lease ended (`owner` cleared) with the
    /// lease's token still in the row — a release and a deferred move count the token up as they end a lease, and
    /// every claim does, so nothing else leaves a row so. A moved row is found under its new URL, with the old URL
    /// recorded as moved there.
    ///
    /// - Parameters:
    ///   - stored: the claimed row (by the old URL), `nil` when it is gone.
    ///   - target: for a move, the row stored under the new URL, if any.
    ///   - movedToNew: for a move, whether the old URL is recorded as moved to the new one.
    ///   - now: the store's clock.
    package static func decide(
        _ row: FinishedRow, stored: StoredLease?, target: StoredLease?, movedToNew: Bool = false, now: Double
    ) -> FinishPlan {
        var plan = FinishPlan()
        if let lease = row.lease, let written = stored ?? (row.moves && movedToNew ? target : nil),
            written.owner == nil, written.token == lease.token
        {
            plan.alreadyApplied = true
            return plan
        }
        guard let stored else {
            // Removed while it was refreshed: nothing to write, but what the claim held of its host goes back.
            if let owner = row.lease?.worker { plan.releases = (row.oldHost, owner) }
            plan.refusal = .removed
            return plan
        }
        if let lease = row.lease, stored.token != lease.token || stored.owner != lease.worker {
            // Another worker's claim since: a stale finish changes nothing, its host lease included.
            plan.refusal = .leaseLost
            return plan
        }
        if let owner = stored.owner { plan.releases = (stored.host, owner) }
        plan.hostRetryAfter = row.hostRetryAfter
        if row.moves, let target {
            let heldByOther = target.owner != nil && target.owner != stored.owner && (target.until ?? 0) > now
            if heldByOther {
                // Never deleted under the worker refreshing it: the move waits for a later refresh.
                plan.deferredDue = now + moveRetry
                plan.refusal = .moveDeferred
                return plan
            }
            plan.replacesTarget = true
        }
        plan.moves = row.moves
        plan.writesRow = true
        plan.refreshes = stored.refreshes + (row.seen.isEmpty ? 0 : 1)
        return plan
    }
}
