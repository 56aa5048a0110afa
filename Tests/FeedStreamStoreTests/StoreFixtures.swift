import AtomStream
import FeedStreamServices
import FeedStreamStore
import Foundation

/// A fresh directory for one test's files.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// `count` subscriptions on `host`, due long ago.
func subscriptions(_ count: Int, host: String = "127.0.0.1", from first: Int = 0) -> [Subscription] {
    (first..<first + count).map { Subscription(url: URL(string: "http://\(host)/feed\($0)")!) }
}

/// One seen entry per key, each with its own digest.
func seen(_ keys: [String], digest: UInt64 = 1) -> [EntryIdentity: EntryDigest] {
    Dictionary(uniqueKeysWithValues: keys.map { (EntryIdentity(key: $0, basis: .id), EntryDigest(value: digest)) })
}

/// `subscription` as a refresh leaves it: due again in an hour.
func refreshed(_ subscription: Subscription, now: Date = Date()) -> Subscription {
    var updated = subscription
    updated.nextDue = now.addingTimeInterval(3600)
    updated.lastRefreshed = now
    return updated
}

/// Every subscription of a store.
func all(_ store: any SubscriptionStore) async throws -> [Subscription] {
    var all: [Subscription] = []
    for try await subscription in store.subscriptions() { all.append(subscription) }
    return all
}
