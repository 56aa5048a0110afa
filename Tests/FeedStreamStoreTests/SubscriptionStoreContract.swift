import AtomStream
import FeedStreamServices
import FeedStreamStore
import Foundation
import Testing

/// What every store promises (``SubscriptionStore``), run against each store by its own suite.
struct SubscriptionStoreContract {
    let make: () async throws -> any SubscriptionStore

    /// Added once by URL; a claim leases, a second worker gets nothing leased; finish ends the lease and stores.
    func claimsAndFinishes() async throws {
        let store = try await make()
        try await store.add(subscriptions(3))
        try await store.add(subscriptions(3))
        #expect(try await all(store).count == 3)
        let claimed = try await store.claim(dueBy: Date(), limit: 10, worker: "w1", lease: .seconds(60))
        #expect(claimed.count == 3)
        #expect(try await store.claim(dueBy: Date(), limit: 10, worker: "w2", lease: .seconds(60)).isEmpty)
        for subscription in claimed {
            try await store.finish(
                subscription.id, as: refreshed(subscription), outcome: .updated(entries: 1), seen: seen(["a"]))
        }
        // Refreshed: due in an hour, so not due now, due in two hours.
        #expect(try await store.claim(dueBy: Date(), limit: 10, worker: "w2", lease: .seconds(60)).isEmpty)
        let later = try await store.claim(
            dueBy: Date().addingTimeInterval(7200), limit: 10, worker: "w2", lease: .seconds(60))
        #expect(later.count == 3)
        #expect(later.allSatisfy { $0.lastRefreshed != nil })
        #expect(try await store.seen(claimed[0].id) == seen(["a"]))
    }

    /// A worker that never finishes loses its claims once the lease runs out, not before. No step depends on how
    /// quickly the next one runs: one lease is far longer than any test, the other over at once.
    func leasesExpire() async throws {
        let store = try await make()
        try await store.add(subscriptions(2))
        let held = try await store.claim(dueBy: Date(), limit: 2, worker: "slow", lease: .seconds(3_600))
        #expect(held.count == 2)
        try await store.add(subscriptions(2, host: "127.0.0.2"))
        let dead = try await store.claim(dueBy: Date(), limit: 10, worker: "dead", lease: .milliseconds(1))
        #expect(dead.count == 2)
        #expect(Set(dead.map(\.url)).isDisjoint(with: held.map(\.url)))
        try await Task.sleep(for: .milliseconds(20))
        let taken = try await store.claim(dueBy: Date(), limit: 10, worker: "alive", lease: .seconds(60))
        #expect(Set(taken.map(\.url)) == Set(dead.map(\.url)))
    }

    /// What was seen: kept from one refresh to the next, left alone by a refresh that saw nothing (a 304), and
    /// forgotten after `refreshes` refreshes that did not see it.
    func seenIsBounded() async throws {
        let store = try await make()
        let subscription = subscriptions(1)[0]
        try await store.add([subscription])
        for refresh in 0..<12 {
            _ = try await store.claim(dueBy: .distantFuture, limit: 1, worker: "w", lease: .seconds(60))
            try await store.finish(
                subscription.id, as: subscription, outcome: .updated(entries: 1), seen: seen(["e\(refresh)"]))
        }
        _ = try await store.claim(dueBy: .distantFuture, limit: 1, worker: "w", lease: .seconds(60))
        try await store.finish(subscription.id, as: subscription, outcome: .notModified, seen: [:])
        let kept = try await store.seen(subscription.id)
        #expect(Set(kept.keys.map(\.key)) == Set((2..<12).map { "e\($0)" }))
    }

    /// A moved subscription lives on under its new URL with what it saw; adding the old URL again does nothing.
    func moves() async throws {
        let store = try await make()
        let old = subscriptions(1)[0]
        try await store.add([old])
        _ = try await store.claim(dueBy: Date(), limit: 1, worker: "w", lease: .seconds(60))
        var moved = refreshed(old)
        moved.url = URL(string: "http://127.0.0.1/moved")!
        moved.movedFrom = [old.url]
        try await store.finish(old.id, as: moved, outcome: .moved(to: moved.url), seen: seen(["m"]))
        try await store.add([old])
        let stored = try await all(store)
        #expect(stored.map(\.url) == [moved.url])
        #expect(try await store.seen(moved.id) == seen(["m"]))
    }

    /// A claim with a limit per host spreads over hosts, the oldest due first.
    func spreadsOverHosts() async throws {
        let store = try await make()
        try await store.add(subscriptions(4, host: "a.example") + subscriptions(4, host: "b.example"))
        try await store.add(subscriptions(4, host: "c.example"))
        let claimed = try await store.claim(dueBy: Date(), limit: 5, perHost: 2, worker: "w1", lease: .seconds(60))
        #expect(claimed.count == 5)
        let perHost = Dictionary(grouping: claimed, by: { $0.url.host ?? "" }).mapValues(\.count)
        #expect(perHost.values.allSatisfy { $0 <= 2 } && perHost.count == 3, "\(perHost)")
        let rest = try await store.claim(dueBy: Date(), limit: 20, perHost: 2, worker: "w1", lease: .seconds(60))
        #expect(rest.count == 6)
        #expect(Set((claimed + rest).map(\.url)).count == 11)
    }

    /// Many finishes at once (the PostgreSQL store writes those that arrive together in one statement): each
    /// subscription keeps its own row and its own seen entries, what a 304 finish did not see stays, and every
    /// lease and host is let go, so another worker claims them all once they are due.
    func finishesAtOnce() async throws {
        let store = try await make()
        let hosts = ["127.0.0.1", "127.0.0.2", "127.0.0.3"]
        try await store.add(hosts.flatMap { subscriptions(40, host: $0) })
        let first = try await store.claim(dueBy: Date(), limit: 500, worker: "w1", lease: .seconds(600))
        #expect(first.count == 120)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for subscription in first {
                let keys = (0..<5).map { "\(subscription.url.absoluteString)#\($0)" }
                group.addTask {
                    try await store.finish(
                        subscription.id, as: subscription, outcome: .updated(entries: 5), seen: seen(keys))
                }
            }
            try await group.waitForAll()
        }
        let second = try await store.claim(dueBy: Date(), limit: 500, worker: "w2", lease: .seconds(600))
        #expect(second.count == 120)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, subscription) in second.enumerated() {
                // Every third one a 304: nothing seen, what was seen before stays; the others see one entry more.
                let keys = index % 3 == 0 ? [] : (0..<6).map { "\(subscription.url.absoluteString)#\($0)" }
                let outcome: RefreshOutcome = keys.isEmpty ? .notModified : .updated(entries: 6)
                group.addTask {
                    try await store.finish(
                        subscription.id, as: refreshed(subscription), outcome: outcome, seen: seen(keys, digest: 2))
                }
            }
            try await group.waitForAll()
        }
        for (index, subscription) in second.enumerated() {
            let url = subscription.url.absoluteString
            let expected = index % 3 == 0
                ? seen((0..<5).map { "\(url)#\($0)" }) : seen((0..<6).map { "\(url)#\($0)" }, digest: 2)
            #expect(try await store.seen(subscription.id) == expected, "\(url)")
        }
        #expect(try await store.claim(dueBy: Date(), limit: 500, worker: "w3", lease: .seconds(60)).isEmpty)
        let later = try await store.claim(
            dueBy: Date().addingTimeInterval(7200), limit: 500, worker: "w3", lease: .seconds(60))
        #expect(later.count == 120)
        #expect(later.allSatisfy { $0.lastRefreshed != nil })
    }
}
