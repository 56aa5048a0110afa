import AtomStream
import FeedStreamStore
import Foundation
import Logging
import PostgresNIO

/// What the subscriptions of this process's claims have seen, read with each claim — one statement for the batch
/// instead of one round trip per subscription before its transfer — and handed out once by
/// ``PostgresStore/seen(_:)``; finishing a subscription drops what was not asked for. Holds the claims in hand, and
/// never more than ``limit`` subscriptions. Only the worker holding a subscription's lease writes its seen rows, so
/// what a claim read stays true until that worker finishes it.
///
/// `@unchecked Sendable`: `seen` is touched only while holding `lock`.
final class PostgresSeenCache: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String: [EntryIdentity: EntryDigest]] = [:]

    /// The most subscriptions held: a few claims' worth. A run that ends without finishing what it claimed
    /// (cancelled) leaves its entries behind; past this they are dropped, and `seen(_:)` reads from the database.
    static let limit = 4_096

    /// Keeps what each claimed subscription (by URL) has seen; a URL missing from `seen` has seen nothing.
    func keep(_ seen: [String: [EntryIdentity: EntryDigest]], for urls: [String]) {
        lock.withLock {
            if self.seen.count + urls.count > Self.limit { self.seen.removeAll() }
            for url in urls { self.seen[url] = seen[url] ?? [:] }
        }
    }

    /// What the subscription at `url` had seen when it was claimed, once; `nil` when it was not claimed here.
    func take(_ url: String) -> [EntryIdentity: EntryDigest]? {
        lock.withLock { seen.removeValue(forKey: url) }
    }
}

extension PostgresStore {
    /// The seen rows of the subscriptions at `urls`, by URL (one with none is missing).
    static func readSeen(_ urls: [String], on connection: PostgresConnection, logger: Logger) async throws
        -> [String: [EntryIdentity: EntryDigest]]
    {
        var byKey: [Data: String] = [:]
        for url in urls { byKey[StoreKey.digest(url)] = url }
        let keys = byKey.keys.map { ByteBuffer(bytes: $0) }
        var seen: [String: [EntryIdentity: EntryDigest]] = [:]
        for try await (subscription, basis, key, digest) in try await connection.query(
            "SELECT subscription, basis, key, digest FROM feedstream_seen WHERE subscription = ANY(\(keys)::bytea[])",
            logger: logger
        ).decode((ByteBuffer, String, ByteBuffer, Int64).self) {
            guard let basis = EntryIdentity.Basis(rawValue: basis),
                let url = byKey[Data(subscription.readableBytesView)]
            else { continue }
            let identity = EntryIdentity(key: String(decoding: key.readableBytesView, as: UTF8.self), basis: basis)
            seen[url, default: [:]][identity] = EntryDigest(value: UInt64(bitPattern: digest))
        }
        return seen
    }
}
