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
///
/// Fencing: every claim hands out a ``SubscriptionLease`` whose token (a generation, counted per subscription) the
/// store keeps in the row. A finish, renewal or release that carries a lease is applied only while the row still
/// holds that token: a worker paused past its lease, whose claim another worker has taken since, is refused
/// (``StoreError/refusal``) and changes nothing. Lease times are the store's clock (PostgreSQL's `now()`), never a
/// worker's.
public protocol SubscriptionStore: Sendable {
    /// Adds subscriptions, by URL; those already stored (under their URL or a URL they moved from) are untouched.
    func add(_ subscriptions: [Subscription]) async throws
    /// Up to `limit` subscriptions due by `dueBy`, at most `perHost` of any one host, leased to `worker` for
    /// `lease`, the oldest due first, each with the lease that its finish, renewal or release carries: never the
    /// same one to two live workers; none left: an empty array. What the refresher claims: as many of a host as it
    /// may fetch at once, so a claim spreads over hosts and a worker never takes a host's whole list while the
    /// others wait.
    func claimLeases(dueBy: Date, limit: Int, perHost: Int, worker: String, lease: Duration) async throws
        -> [LeasedSubscription]
    /// Extends each of `leases` by `lease` from now (the store's clock), with the hosts they hold: those whose
    /// token the row no longer holds (another worker claimed it), whose host went to another worker, or whose row is
    /// gone are not renewed and are returned.
    func renew(_ leases: [SubscriptionLease], for lease: Duration) async throws -> Set<SubscriptionLease>
    /// Gives `leases` back unchanged (a run that ends with subscriptions it did not refresh): each is due as it was,
    /// for any worker; its host goes back once its worker holds none of the host's subscriptions.
    func release(_ leases: [SubscriptionLease]) async throws
    /// Stores what became of the subscription whose URL was `id` when it was claimed, in one transaction: the
    /// subscription (its URL changed when it moved), its host's `Retry-After`, and `seen`, what this refresh saw
    /// (empty when nothing was decoded, as on a 304: what was seen before stays). Ends the lease.
    ///
    /// With `lease`, applied only while the row holds the lease's token: otherwise nothing changes and
    /// ``StoreError`` with ``StoreError/refusal`` ``FeedStreamServices/FinishRefusal/leaseLost`` is thrown. A row
    /// that is gone is refused as ``FeedStreamServices/FinishRefusal/removed`` after its host was let go; a move onto a
    /// URL another worker holds, as ``FeedStreamServices/FinishRefusal/moveDeferred``. Without a lease (one process
    /// that claimed with ``claim(dueBy:limit:perHost:worker:lease:)``), applied to whoever holds it.
    ///
    /// Sent again with the same lease after it was applied (its answer lost with the connection, and the call
    /// retried), it is accepted and writes nothing: the row still holds that lease's token with the lease ended,
    /// which no release or later claim leaves. So a retried finish never turns a stored outcome into a refusal.
    func finish(
        _ id: Subscription.ID, lease: SubscriptionLease?, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws
    /// The store's clock: what lease times and a refresh's `dueBy` are measured against. A worker whose own clock
    /// is off (a VM that slept, a container without time sync) claims by this one.
    func now() async throws -> Date
    /// Makes every subscription that is not gone due by `date` (`--all`): the workers then refresh them as they
    /// refresh anything due, each once.
    func makeDue(by date: Date) async throws
    /// What the subscription's earlier refreshes saw: bounded by the store's ``SeenRetention``.
    func seen(_ id: Subscription.ID) async throws -> [EntryIdentity: EntryDigest]
    /// Every stored subscription, read a page at a time.
    func subscriptions() -> AsyncThrowingStream<Subscription, any Error>

    // What an operator does to a store (`feedstream subscriptions`), beside the refreshes.

    /// For each of `urls`, in order, the subscription stored under it or under the URL it moved to from it; `nil`
    /// when neither is stored.
    func lookUp(_ urls: [Subscription.ID]) async throws -> [Subscription?]
    /// Deletes, for each of `urls` in order, the subscription stored under it (or moved from it), with what it saw
    /// and the URLs it moved from, so that adding it again starts afresh; returns each as it was, `nil` for a URL
    /// nothing was stored under (or whose subscription an earlier URL of the list removed).
    ///
    /// A subscription a live lease holds is deleted all the same: its worker's finish is then refused as
    /// ``FeedStreamServices/FinishRefusal/removed`` and changes nothing, and its host stays with that worker until
    /// that finish (or the lease's end), since the transfer is still running against it. An expired lease's host is
    /// let go at once when its worker holds nothing else there.
    func remove(_ urls: [Subscription.ID]) async throws -> [Subscription?]
    /// Clears `gone` on every gone subscription, which is then due at once (the store's clock), a page at a time
    /// (each page one transaction); yields each as it was before, its `gone` saying since when.
    func clearGone() -> AsyncThrowingStream<Subscription, any Error>
}

extension SubscriptionStore {
    /// Up to `limit` subscriptions due by `dueBy`, leased to `worker` for `lease`: never the same one to two live
    /// workers; none left: an empty array. The same as ``claim(dueBy:limit:perHost:worker:lease:)`` with no limit
    /// per host.
    public func claim(dueBy: Date, limit: Int, worker: String, lease: Duration) async throws -> [Subscription] {
        try await claim(dueBy: dueBy, limit: limit, perHost: .max, worker: worker, lease: lease)
    }

    /// ``claimLeases(dueBy:limit:perHost:worker:lease:)`` without the leases, for one process that finishes with
    /// ``finish(_:as:outcome:seen:)``.
    public func claim(dueBy: Date, limit: Int, perHost: Int, worker: String, lease: Duration) async throws
        -> [Subscription]
    {
        try await claimLeases(dueBy: dueBy, limit: limit, perHost: perHost, worker: worker, lease: lease)
            .map(\.subscription)
    }

    /// ``finish(_:lease:as:outcome:seen:)`` without fencing: applied to whoever holds the subscription.
    public func finish(
        _ id: Subscription.ID, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws {
        try await finish(id, lease: nil, as: subscription, outcome: outcome, seen: seen)
    }

    /// ``finish(_:lease:as:outcome:seen:)`` fenced by `lease`.
    public func finish(
        _ lease: SubscriptionLease, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws {
        try await finish(lease.id, lease: lease, as: subscription, outcome: outcome, seen: seen)
    }
}

/// One claim's hold on one subscription: what its finish, renewal or release carries.
public struct SubscriptionLease: Sendable, Hashable, Codable {
    /// The subscription's URL as it was claimed.
    public var id: Subscription.ID
    /// The lease's owner, as the claim named it.
    public var worker: String
    /// The generation of the subscription's leases this one is: the store counts it up at every claim, so a lease
    /// taken over by another worker never matches again.
    public var token: Int64

    /// Creates a lease.
    public init(id: Subscription.ID, worker: String, token: Int64) {
        self.id = id
        self.worker = worker
        self.token = token
    }
}

/// A claimed subscription and the lease its finish carries.
public struct LeasedSubscription: Sendable, Hashable {
    /// The subscription as it was stored.
    public var subscription: Subscription
    /// The claim's lease on it.
    public var lease: SubscriptionLease

    /// Creates a leased subscription.
    public init(subscription: Subscription, lease: SubscriptionLease) {
        self.subscription = subscription
        self.lease = lease
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
    /// Set when the store refused a finish, renewal or release that its rows no longer allow (a lease another
    /// worker holds now, a removed subscription): no fault of the store, and nothing changed.
    public var refusal: FinishRefusal?

    /// Creates an error.
    public init(_ message: String, refusal: FinishRefusal? = nil) {
        self.message = message
        self.refusal = refusal
    }

    /// The refusal of a finish for `id`.
    package static func refused(_ id: Subscription.ID, _ refusal: FinishRefusal) -> StoreError {
        let reason =
            switch refusal {
            case .leaseLost: "its lease went to another worker"
            case .removed: "it is no longer stored"
            case .moveDeferred: "its new URL is held by another worker; it moves on a later refresh"
            }
        return StoreError("\(id.absoluteString): not stored: \(reason)", refusal: refusal)
    }

    public var description: String { message }
}

extension Subscription {
    /// The key per-host limits and `Retry-After` are kept by: the host, lowercased (a host longer than any DNS name,
    /// 253 bytes, by its digest, so that a hostile URL never makes an index entry too large).
    package var hostKey: String { Self.hostKey(of: url) }

    /// ``hostKey`` of a subscription at `url`.
    package static func hostKey(of url: URL) -> String {
        let host = url.host?.lowercased() ?? ""
        return host.utf8.count <= 253 ? host : "sha256:" + StoreKey.hex(host)
    }
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
