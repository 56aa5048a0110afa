import AtomStream
import FeedStreamServices
import FeedStreamStore
import Foundation
import Testing

/// What an operator does to a store (`feedstream subscriptions`): look up, remove, clear gone; run on every store.
@Suite("Every store takes an operator's changes")
struct SubscriptionStoreAdminTests {
    @Test("Removed by URL: its row and what it saw go; added again, it starts afresh", arguments: StoreKind.testable)
    func removesByURL(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        let listed = subscriptions(3)
        try await store.add(listed)
        for subscription in try await store.claim(dueBy: Date(), limit: 3, worker: "w", lease: .seconds(60)) {
            try await store.finish(
                subscription.id, as: refreshed(subscription), outcome: .updated(entries: 1), seen: seen(["x"]))
        }
        let unknown = URL(string: "http://127.0.0.1/never")!
        let removed = try await store.remove([listed[1].url, unknown, listed[1].url])
        #expect(removed.map { $0?.url } == [listed[1].url, nil, nil])
        #expect(removed[0]?.lastRefreshed != nil)
        #expect(Set(try await all(store).map(\.url)) == [listed[0].url, listed[2].url])
        #expect(try await store.lookUp([listed[0].url, listed[1].url]).map { $0?.url } == [listed[0].url, nil])
        // The others keep what they saw.
        #expect(try await store.seen(listed[0].id) == seen(["x"]))

        try await store.add([listed[1]])
        let again = try #require(try await store.lookUp([listed[1].url])[0])
        #expect(again.lastRefreshed == nil)
        #expect(try await store.seen(listed[1].id).isEmpty)
    }

    @Test("Found and removed by a URL it moved from, through two moves", arguments: StoreKind.testable)
    func removesByFormerURL(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        let old = subscriptions(1)[0]
        try await store.add([old])
        var current = old
        for step in ["middle", "moved"] {
            _ = try await store.claim(dueBy: .distantFuture, limit: 1, worker: "w", lease: .seconds(60))
            var moved = refreshed(current)
            moved.url = URL(string: "http://127.0.0.1/\(step)")!
            moved.movedFrom.append(current.url)
            try await store.finish(current.id, as: moved, outcome: .moved(to: moved.url), seen: seen([step]))
            current = moved
        }
        let found = try await store.lookUp([old.url, URL(string: "http://127.0.0.1/middle")!, current.url])
        #expect(found.map { $0?.url } == [current.url, current.url, current.url])

        let removed = try await store.remove([old.url])
        #expect(removed.map { $0?.url } == [current.url])
        #expect(try await all(store).isEmpty)
        #expect(try await store.seen(current.id).isEmpty)
        // Its former URLs are forgotten with it: adding the oldest adds it, not "already stored".
        try await store.add([old])
        #expect(try await all(store).map(\.url) == [old.url])
    }

    @Test("A subscription a live lease holds is removed; its holder's finish is refused", arguments: StoreKind.testable)
    func removesUnderLease(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        let listed = subscriptions(2)
        try await store.add(listed)
        let held = try await store.claimLeases(
            dueBy: Date(), limit: 1, perHost: 1, worker: "w1", lease: .seconds(3_600))
        let lease = try #require(held.first).lease
        let sharesHosts = !(store is JSONFileStore)
        if sharesHosts {
            // The host is w1's while it holds one of its subscriptions.
            #expect(try await store.claim(dueBy: Date(), limit: 5, worker: "w2", lease: .seconds(60)).isEmpty)
        }
        #expect(try await store.remove([lease.id]).map { $0?.url } == [lease.id])
        #expect(try await store.renew([lease], for: .seconds(3_600)) == [lease])
        if sharesHosts {
            // Still w1's: its transfer runs on until its finish.
            #expect(try await store.claim(dueBy: Date(), limit: 5, worker: "w2", lease: .seconds(60)).isEmpty)
        }
        let subscription = held[0].subscription
        await #expect {
            try await store.finish(
                lease, as: refreshed(subscription), outcome: .updated(entries: 1), seen: seen(["x"]))
        } throws: { error in
            (error as? StoreError)?.refusal == .removed
        }
        // Nothing of the refused finish was stored, and the host went back with it.
        #expect(try await store.lookUp([lease.id]) == [nil])
        #expect(try await store.seen(lease.id).isEmpty)
        let other = try await store.claim(dueBy: Date(), limit: 5, worker: "w2", lease: .seconds(60))
        #expect(other.map(\.url) == listed.map(\.url).filter { $0 != lease.id })
    }

    @Test("Gone and disabled subscriptions cleared, a page at a time, and due again", arguments: StoreKind.testable)
    func clearsGone(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        // More than one page of gone ones, and one that is not gone.
        let gone = subscriptions(StoredSubscription.pageSize + 20)
        let kept = subscriptions(1, host: "127.0.0.2")[0]
        try await store.add(gone + [kept])
        let when = Date(timeIntervalSince1970: 1_700_000_000)
        // The last twenty stopped by the error limit instead.
        for (index, subscription) in gone.enumerated() {
            var ended = subscription
            if index < StoredSubscription.pageSize { ended.gone = when } else { ended.disabled = when }
            ended.failures = 3
            ended.nextDue = .distantFuture
            try await store.finish(subscription.id, as: ended, outcome: .gone, seen: [:])
        }
        try await store.finish(kept.id, as: refreshed(kept), outcome: .updated(entries: 0), seen: [:])
        #expect(try await store.claim(dueBy: .distantFuture, limit: 1_000, worker: "w", lease: .seconds(1)).count == 1)

        var cleared: [Subscription] = []
        for try await subscription in store.clearGone() { cleared.append(subscription) }
        #expect(Set(cleared.map(\.url)) == Set(gone.map(\.url)))
        #expect(cleared.count == gone.count)
        #expect(cleared.allSatisfy { $0.gone == when || $0.disabled == when })
        #expect(cleared.filter { $0.disabled != nil }.count == 20)
        var again: [Subscription] = []
        for try await subscription in store.clearGone() { again.append(subscription) }
        #expect(again.isEmpty)

        let due = try await store.claim(dueBy: Date(), limit: 1_000, worker: "w2", lease: .seconds(60))
        #expect(Set(due.map(\.url)) == Set(gone.map(\.url)))
        #expect(due.allSatisfy { $0.gone == nil && $0.disabled == nil && $0.failures == 0 })
    }
}
