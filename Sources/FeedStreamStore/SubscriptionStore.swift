import AtomStream
import FeedStreamServices
import Foundation

/// Where subscriptions, and what their refreshes have seen, live between refreshes: a JSON file
/// (``JSONFileStore``), one SQLite file (``SQLiteStore``) or a PostgreSQL database that many workers share
/// (`PostgresStore`, product FeedStreamPostgres).
///
/// A refresh run (``FeedStreamServices/FeedRefresher/refresh(store:worker:now:)``) claims due subscriptions, refreshes
/// them, and finishes each one as it ends. A claim is a lease: no other live worker gets the same subscription (nor,
/// in the SQL stores, any subscription of the same host) until the worker finishes it or the lease expires, so the
/// claims of a worker that died come back to the others.
public protocol SubscriptionStore: Sendable {
    /// Adds subscriptions, by URL; those already stored (under their URL or a URL they moved from) are untouched.
    func add(_ subscriptions: [Subscription]) async throws
    /// Up to `limit` subscriptions due by `dueBy`, leased to `worker` for `lease`: never the same one to two live
    /// workers; none left: an empty array. The same as ``claim(dueBy:limit:perHost:worker:lease:)`` with no limit
    /// per host.
    func claim(dueBy: Date, limit: Int, worker: String, lease: Duration) async throws -> [Subscription]
    /// Up to `limit` subscriptions due by `dueBy`, at most `perHost` of any one host, leased to `worker` for
    /// `lease`, the oldest due first. What the refresher claims: as many of a host as it may fetch at once, so a
    /// claim spreads over hosts and a worker never takes a host's whole list while the others wait.
    func claim(dueBy: Date, limit: Int, perHost: Int, worker: String, lease: Duration) async throws -> [Subscription]
    /// Stores what became of the subscription whose URL was `id` when it was claimed, in one transaction: the
    /// subscription (its URL changed when it moved), its host's `Retry-After`, and `seen`, what this refresh saw
    /// (empty when nothing was decoded, as on a 304: what was seen before stays). Ends the lease.
    func finish(
        _ id: Subscription.ID, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws
    /// What the subscription's earlier refreshes saw: bounded by the store's ``SeenRetention``.
    func seen(_ id: Subscription.ID) async throws -> [EntryIdentity: EntryDigest]
    /// Every stored subscription, read a page at a time.
    func subscriptions() -> AsyncThrowingStream<Subscription, any Error>
}

extension SubscriptionStore {
    public func claim(dueBy: Date, limit: Int, worker: String, lease: Duration) async throws -> [Subscription] {
        try await claim(dueBy: dueBy, limit: limit, perHost: .max, worker: worker, lease: lease)
    }
}

/// How long a store remembers an entry identity: it is forgotten once it was not seen in the last `refreshes`
/// refreshes of its subscription that decoded anything, or was last seen more than `days` days ago, whichever comes
/// first — so what a subscription remembers is bounded by `refreshes` times the entries of one document.
public struct SeenRetention: Sendable, Hashable, Codable {
    /// Refreshes that decoded entries. Default 10.
    public var refreshes: Int
    /// Days. Default 90.
    public var days: Int

    /// Creates a retention.
    public init(refreshes: Int = 10, days: Int = 90) {
        self.refreshes = max(1, refreshes)
        self.days = max(1, days)
    }

    /// The oldest `seenAt` kept when finishing at `now`.
    func oldestKept(now: Date) -> Date { now.addingTimeInterval(-Double(days) * 86_400) }
}

/// A store that cannot be opened, read or written: one line, naming the store.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, one line, no secrets (a URL's password is never in it).
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

extension Subscription {
    /// The key per-host limits and `Retry-After` are kept by: the host, lowercased.
    package var hostKey: String { url.host?.lowercased() ?? "" }
}

extension Duration {
    /// The duration in seconds, for date arithmetic.
    package var timeInterval: TimeInterval {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

/// The codec a store writes a subscription's JSON with (the `--state` file's: RFC 3339 dates).
package enum SubscriptionCoding {
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    package static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
