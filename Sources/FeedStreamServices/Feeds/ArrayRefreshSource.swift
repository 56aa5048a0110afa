import AtomStream
import Foundation

/// The subscriptions an app hands to ``FeedRefresher/refresh(_:now:all:reportNotDue:)`` as a ``RefreshSource``:
/// the due ones claimed once each, in order, picked out of the app's array as claims go (no filtered copy of it);
/// nothing seen before (every entry is new); finishing stores nothing (the events carry each subscription back to
/// the app).
///
/// A host's pause is stored in its subscriptions (``Subscription/retryAfter``, which the run's deferrals set on
/// every subscription of the host, due or not): the latest `Retry-After` among a host's subscriptions holds for all
/// of them, so one added since the pause waits with the others.
///
/// `@unchecked Sendable`: `next` is touched only while holding `lock`.
final class ArrayRefreshSource: RefreshSource, @unchecked Sendable {
    private let lock = NSLock()
    private let subscriptions: [Subscription]
    private let isDue: @Sendable (Subscription) -> Bool
    /// Each paused host (``FeedRefresher/hostKey(_:)``) and when its pause ends: one entry per host that asked to
    /// wait, not per subscription.
    private let pauses: [String: Date]
    private var next = 0

    init(_ subscriptions: [Subscription], now: Date, isDue: @escaping @Sendable (Subscription) -> Bool) {
        self.subscriptions = subscriptions
        self.isDue = isDue
        var pauses: [String: Date] = [:]
        for subscription in subscriptions {
            guard let until = subscription.retryAfter, until > now else { continue }
            let host = FeedRefresher.hostKey(subscription.url)
            pauses[host] = max(pauses[host] ?? until, until)
        }
        self.pauses = pauses
    }

    func claim(dueBy: Date, limit: Int) async throws -> [Subscription] {
        lock.withLock {
            var batch: [Subscription] = []
            while next < subscriptions.count && batch.count < max(1, limit) {
                if isDue(subscriptions[next]) { batch.append(pausing(subscriptions[next])) }
                next += 1
            }
            return batch
        }
    }

    /// `subscription` with its host's pause, when that ends later than its own.
    private func pausing(_ subscription: Subscription) -> Subscription {
        guard let until = pauses[FeedRefresher.hostKey(subscription.url)],
            until > subscription.retryAfter ?? .distantPast
        else { return subscription }
        var paused = subscription
        paused.retryAfter = until
        return paused
    }

    func seen(_ id: Subscription.ID) async throws -> [EntryIdentity: EntryDigest] { [:] }

    func finish(
        _ id: Subscription.ID, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws {}
}

/// Whether a ``RefreshSource`` failed to claim or finish during a run: then no further batch is claimed.
final class RefreshSourceFault: @unchecked Sendable {
    private let lock = NSLock()
    private var failed = false

    var happened: Bool { lock.withLock { failed } }
    func record() { lock.withLock { failed = true } }
}
