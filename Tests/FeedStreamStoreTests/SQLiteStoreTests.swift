import AtomStream
import FeedStreamServices
import FeedStreamStore
import Foundation
import Testing

@Suite("SQLiteStore")
struct SQLiteStoreTests {
    let folder: URL

    init() throws { folder = try temporaryDirectory() }

    @Test("A host is leased to one worker at a time, and its Retry-After holds for every worker")
    func hosts() async throws {
        let store = try SQLiteStore(path: folder.appendingPathComponent("hosts.db").path)
        try await store.add(subscriptions(3, host: "a.example") + subscriptions(3, host: "b.example"))
        let first = try await store.claim(dueBy: Date(), limit: 1, worker: "w1", lease: .seconds(60))
        #expect(first.count == 1)
        let host = try #require(first.first?.url.host)
        let second = try await store.claim(dueBy: Date(), limit: 10, worker: "w2", lease: .seconds(60))
        #expect(second.count == 3)
        #expect(second.allSatisfy { $0.url.host != host })
        // w1 may take more of its own host.
        #expect(try await store.claim(dueBy: Date(), limit: 10, worker: "w1", lease: .seconds(60)).count == 2)
        // A deferred subscription blocks its host for w3 too, once w1 gave it back.
        let wait = Date().addingTimeInterval(600)
        for subscription in second {
            var deferred = subscription
            deferred.retryAfter = wait
            deferred.nextDue = wait
            try await store.finish(subscription.id, as: deferred, outcome: .deferred(until: wait), seen: [:])
        }
        #expect(try await store.claim(dueBy: .distantFuture, limit: 10, worker: "w3", lease: .seconds(60)).isEmpty)
    }

    @Test("Each finish is written when it returns: a new process reads it")
    func durable() async throws {
        let path = folder.appendingPathComponent("durable.db").path
        let store = try SQLiteStore(path: path)
        try await store.add(subscriptions(2))
        let claimed = try await store.claim(dueBy: Date(), limit: 1, worker: "w", lease: .seconds(60))
        try await store.finish(claimed[0].id, as: refreshed(claimed[0]), outcome: .updated(entries: 1), seen: [:])
        let reopened = try SQLiteStore(path: path)
        let stored = try await all(reopened)
        #expect(stored.filter { $0.lastRefreshed != nil }.map(\.url) == [claimed[0].url])
    }

    @Test("A file that is no database: one line naming it")
    func corrupt() async throws {
        let path = folder.appendingPathComponent("corrupt.db").path
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
        #expect {
            try SQLiteStore(path: path)
        } throws: { error in
            let message = (error as? StoreError)?.message ?? ""
            return message.hasPrefix(path + ": ") && !message.contains("\n")
        }
    }
}
