import AtomStream
import FeedStreamServices
import FeedStreamStore
import Foundation
import Testing

/// A finish whose commit went through but whose answer was lost (the connection dropped between the two, and
/// `retrying` sent it again) is recognised as its own replay: accepted, nothing written twice, so the refresher
/// reports the outcome the store kept instead of `lease-lost`. Any other finish with a lease that ended is still
/// refused.
@Suite("Stores: a finish sent again after its answer was lost")
struct FinishReplayTests {
    private static let url = URL(string: "http://127.0.0.1/replayed")!

    private func seen(_ keys: String...) -> [EntryIdentity: EntryDigest] {
        Dictionary(uniqueKeysWithValues: keys.map { (EntryIdentity(key: $0, basis: .id), EntryDigest(value: 1)) })
    }

    private func claimOne(_ store: any SubscriptionStore, worker: String) async throws -> LeasedSubscription {
        let claimed = try await store.claimLeases(
            dueBy: Date().addingTimeInterval(1), limit: 1, perHost: 1, worker: worker, lease: .seconds(60))
        try #require(claimed.count == 1)
        return claimed[0]
    }

    private func titles(_ store: any SubscriptionStore) async throws -> [URL: String?] {
        var titles: [URL: String?] = [:]
        for try await stored in store.subscriptions() { titles[stored.url] = stored.title }
        return titles
    }

    @Test(
        "The same finish twice: accepted both times, written once; once claimed again, refused",
        arguments: StoreKind.testable)
    func replayedFinish(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.add([Subscription(url: Self.url)])
        let first = try await claimOne(store, worker: "a")
        var done = first.subscription
        done.title = "first"
        done.nextDue = Date().addingTimeInterval(-1)
        try await store.finish(first.lease, as: done, outcome: .updated(entries: 1), seen: seen("one"))
        try await store.finish(first.lease, as: done, outcome: .updated(entries: 1), seen: seen("one"))
        #expect(try await titles(store) == [Self.url: "first"])
        #expect(try await store.seen(Self.url) == seen("one"))

        // Claimed again since: the old lease is stale, not a replay, and changes nothing.
        let second = try await claimOne(store, worker: "b")
        var stale = done
        stale.title = "stale"
        do {
            try await store.finish(first.lease, as: stale, outcome: .updated(entries: 1), seen: seen("stale"))
            Issue.record("a finish with a lease claimed again since was accepted")
        } catch let error as StoreError {
            #expect(error.refusal == .leaseLost)
        }
        #expect(try await titles(store) == [Self.url: "first"])
        try await store.release([second.lease])
    }

    @Test("A released lease's finish is refused: a release is not a finish", arguments: StoreKind.testable)
    func releasedLease(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.add([Subscription(url: Self.url)])
        let claimed = try await claimOne(store, worker: "a")
        try await store.release([claimed.lease])
        var late = claimed.subscription
        late.title = "late"
        do {
            try await store.finish(claimed.lease, as: late, outcome: .updated(entries: 1), seen: seen("late"))
            Issue.record("a finish after the lease's release was accepted")
        } catch let error as StoreError {
            #expect(error.refusal == .leaseLost)
        }
        #expect(try await titles(store) == [Self.url: nil])
        #expect(try await store.seen(Self.url).isEmpty)
    }

    @Test(
        "A move sent again: accepted, one subscription under the new URL, found by the old one",
        arguments: StoreKind.testable)
    func replayedMove(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.add([Subscription(url: Self.url)])
        let claimed = try await claimOne(store, worker: "a")
        let target = URL(string: "http://127.0.0.1/moved-here")!
        var moved = claimed.subscription
        moved.url = target
        moved.movedFrom = [Self.url]
        moved.title = "moved"
        try await store.finish(claimed.lease, as: moved, outcome: .moved(to: target), seen: seen("one"))
        try await store.finish(claimed.lease, as: moved, outcome: .moved(to: target), seen: seen("one"))
        #expect(try await titles(store) == [target: "moved"])
        #expect(try await store.lookUp([Self.url]).first??.url == target)
        #expect(try await store.seen(target) == seen("one"))
    }
}
