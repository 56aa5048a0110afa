import AtomStream
import FeedStreamServices
import FeedStreamStore
import Foundation
import Testing

/// Keys of any length: URLs and entry ids are indexed by their SHA-256, their text kept beside it, so a hostile
/// feed's 3 kB guid (past PostgreSQL's btree limit of about 2.7 kB), a 1 MB id or a NUL in a JSON Feed id is stored
/// and recognised the next run, in every store.
@Suite("Stores: keys of any length")
struct StoreKeyTests {
    static let keys = [
        String(repeating: "g", count: 3_000), String(repeating: "0123456789", count: 100_000), "a\u{0}b", "é\u{0}",
        "ordinary",
    ]

    @Test("Long and NUL-bearing entry keys are stored and recognised", arguments: StoreKind.testable)
    func longKeys(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        let url = URL(string: "http://127.0.0.1/" + String(repeating: "p", count: 4_000))!
        try await store.add([Subscription(url: url)])
        let claimed = try await store.claimLeases(
            dueBy: Date(), limit: 1, perHost: 1, worker: "w", lease: .seconds(60))
        try #require(claimed.count == 1)
        #expect(claimed[0].subscription.url == url)
        let seen = Dictionary(uniqueKeysWithValues: Self.keys.enumerated().map {
            (EntryIdentity(key: $0.element, basis: .id), EntryDigest(value: UInt64($0.offset)))
        })
        try await store.finish(claimed[0].lease, as: claimed[0].subscription, outcome: .updated(entries: 5), seen: seen)
        #expect(try await store.seen(url) == seen)
        // Adding it again (a long URL as a key) changes nothing.
        try await store.add([Subscription(url: url)])
        var count = 0
        for try await _ in store.subscriptions() { count += 1 }
        #expect(count == 1)
    }

    @Test("A stale finish, a vanished row, a renewal: each store fences", arguments: StoreKind.testable)
    func fencing(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.add(subscriptions(1))
        let first = try await store.claimLeases(dueBy: Date(), limit: 1, perHost: 1, worker: "a", lease: .milliseconds(1))
        try #require(first.count == 1)
        try await Task.sleep(for: .milliseconds(20))
        // Expired but nobody took it: still the holder's.
        #expect(try await store.renew([first[0].lease], for: .seconds(60)).isEmpty)
        try await store.release([first[0].lease])
        let second = try await store.claimLeases(dueBy: Date(), limit: 1, perHost: 1, worker: "b", lease: .seconds(60))
        try #require(second.count == 1)
        #expect(second[0].lease.token != first[0].lease.token)
        // The first holder, back from a pause: its renewal and finish are refused and change nothing.
        #expect(try await store.renew([first[0].lease], for: .seconds(60)) == [first[0].lease])
        var stale = first[0].subscription
        stale.title = "stale"
        await #expect(throws: StoreError.self) {
            try await store.finish(first[0].lease, as: stale, outcome: .updated(entries: 0), seen: [:])
        }
        do {
            try await store.finish(first[0].lease, as: stale, outcome: .updated(entries: 0), seen: [:])
        } catch let error as StoreError {
            #expect(error.refusal == .leaseLost)
            #expect(!error.message.contains("\n"))
        }
        var title: String?
        for try await stored in store.subscriptions() { title = stored.title }
        #expect(title == nil)
        // The holder's finish is applied.
        var done = second[0].subscription
        done.title = "done"
        try await store.finish(second[0].lease, as: done, outcome: .updated(entries: 0), seen: [:])
        for try await stored in store.subscriptions() { title = stored.title }
        #expect(title == "done")
        // A finish for a row that is gone says so.
        do {
            try await store.finish(
                URL(string: "http://127.0.0.1/never")!, lease: second[0].lease, as: done, outcome: .notModified,
                seen: [:])
            Issue.record("a finish of a missing row was accepted")
        } catch let error as StoreError {
            #expect(error.refusal == .removed)
        }
    }
}
