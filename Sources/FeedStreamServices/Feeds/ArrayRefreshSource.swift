import AtomStream
import Foundation

/// The subscriptions an app hands to ``FeedRefresher/refresh(_:now:all:reportNotDue:)`` as a ``RefreshSource``:
/// the due ones claimed once each, in order, picked out of the app's array as claims go (no filtered copy of it);
/// nothing seen before (every entry is new); finishing stores nothing (the events carry each subscription back to
/// the app).
///
/// `@unchecked Sendable`: `next` is touched only while holding `lock`.
final class ArrayRefreshSource: RefreshSource, @unchecked Sendable {
    private let lock = NSLock()
    private let subscriptions: [Subscription]
    private let isDue: @Sendable (Subscription) -> Bool
    private var next = 0

    init(_ subscriptions: [Subscription], isDue: @escaping @Sendable (Subscription) -> Bool) {
        self.subscriptions = subscriptions
        self.isDue = isDue
    }

    func claim(dueBy: Date, limit: Int) async throws -> [Subscription] {
        lock.withLock {
            var batch: [Subscription] = []
            while next < subscriptions.count && batch.count < max(1, limit) {
                if isDue(subscriptions[next]) { batch.append(subscriptions[next]) }
                next += 1
            }
            return batch
        }
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
