import AtomStream
import Foundation

/// The subscriptions an app hands to ``FeedRefresher/refresh(_:now:all:reportNotDue:)`` as a ``RefreshSource``:
/// claimed once each, in order; nothing seen before (every entry is new); finishing stores nothing (the events
/// carry each subscription back to the app).
///
/// `@unchecked Sendable`: `next` is touched only while holding `lock`.
final class ArrayRefreshSource: RefreshSource, @unchecked Sendable {
    private let lock = NSLock()
    private let due: [Subscription]
    private var next = 0

    init(_ due: [Subscription]) { self.due = due }

    func claim(dueBy: Date, limit: Int) async throws -> [Subscription] {
        lock.withLock {
            let end = min(due.count, next + max(1, limit))
            defer { next = end }
            return Array(due[next..<end])
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
