import AtomStream
import FeedStreamServices
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// The `--state` file of `feedstream refresh`: a JSON array of ``FeedStreamServices/Subscription`` values, for small
/// lists and one process.
///
/// The whole list is held in memory and the file is rewritten whole, atomically (a temporary file renamed over it:
/// a run killed half-way leaves the previous file, never half of one), at most every two seconds while a run goes
/// and at ``flush()``. What each subscription has seen is kept beside it in `FILE.seen.json`, so the state file
/// stays what it always was. For more than a few thousand subscriptions, or several processes, use ``SQLiteStore``.
public struct JSONFileStore: SubscriptionStore {
    let file: JSONStateFile

    /// Opens the file at `path` (none yet: an empty list, created on the first write).
    /// - Throws: ``StoreError`` when the file or its seen file cannot be read or is not what it should be.
    public init(path: String, retention: SeenRetention = .init()) throws {
        file = try JSONStateFile(path: path, retention: retention)
    }

    /// The store's clock, which lease times are taken from. Tests move it to expire leases without waiting.
    package var clock: @Sendable () -> Date = { Date() }

    /// The path of the state file.
    public var path: String { file.path }

    public func add(_ subscriptions: [Subscription]) async throws { try await file.add(subscriptions) }

    public func claimLeases(dueBy: Date, limit: Int, perHost: Int, worker: String, lease: Duration) async throws
        -> [LeasedSubscription]
    {
        await file.claim(dueBy: dueBy, limit: limit, perHost: perHost, worker: worker, lease: lease, now: clock())
    }

    public func renew(_ leases: [SubscriptionLease], for lease: Duration) async throws -> Set<SubscriptionLease> {
        await file.renew(leases, for: lease, now: clock())
    }

    public func release(_ leases: [SubscriptionLease]) async throws { await file.release(leases) }

    public func makeDue(by date: Date) async throws { await file.makeDue(by: date) }

    public func now() async throws -> Date { clock() }

    public func finish(
        _ id: Subscription.ID, lease: SubscriptionLease?, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws {
        try await file.finish(id, lease: lease, as: subscription, seen: seen, now: clock())
    }

    public func seen(_ id: Subscription.ID) async throws -> [EntryIdentity: EntryDigest] { await file.seen(id) }

    public func subscriptions() -> AsyncThrowingStream<Subscription, any Error> {
        let file = self.file
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Subscription.self)
        Task {
            for subscription in await file.all { continuation.yield(subscription) }
            continuation.finish()
        }
        return stream
    }

    /// Writes what changed since the last write now.
    public func flush() async throws { try await file.save() }

    /// Makes the stored list the listed one, as `--state` with a list always did: each listed subscription with
    /// what was stored about it (found by its URL, or by a URL it had before it moved), the list's title and folders
    /// winning; stored subscriptions the list no longer names are dropped.
    package func adopt(listed: [Subscription]) async throws -> [Subscription] { try await file.adopt(listed) }
}

/// What one subscription saw, as the seen file keeps it.
struct SeenRecord: Codable {
    var key: String
    var basis: EntryIdentity.Basis
    var digest: EntryDigest
    /// The subscription's refresh count when it was last seen.
    var refresh: Int
    var seenAt: Date
}

/// The seen file's value for one subscription.
struct SeenHistory: Codable {
    var refreshes = 0
    var entries: [SeenRecord] = []
}

/// The file and the list in memory, one actor: `JSONFileStore+Admin.swift` extends it.
actor JSONStateFile {
    nonisolated let path: String
    let retention: SeenRetention
    var all: [Subscription]
    var positions: [URL: Int] = [:]
    var history: [URL: SeenHistory]
    /// Each leased subscription's holder: its worker, the lease's token, its end.
    var leases: [URL: (worker: String, token: Int64, until: Date)] = [:]
    /// The last token handed out for each subscription: its lease generation, counted up at every claim (in
    /// memory: one process holds the file).
    private var tokens: [URL: Int64] = [:]
    /// The lease whose finish was the last written for each URL a subscription was claimed under, until it is claimed
    /// again: a second finish with that lease is its replay, written already (the SQL stores read the same from the
    /// row: `FinishPlan`).
    private var finishedBy: [URL: SubscriptionLease] = [:]
    var dirty = false
    private var lastSave = ContinuousClock.now

    init(path: String, retention: SeenRetention) throws {
        self.path = path
        self.retention = retention
        let decoder = SubscriptionCoding.decoder()
        all = try Self.read(path, as: [Subscription].self, decoder) ?? []
        history = try Self.read(Self.seenPath(path), as: [URL: SeenHistory].self, decoder) ?? [:]
        for (index, subscription) in all.enumerated() { positions[subscription.id] = index }
    }

    nonisolated static func seenPath(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingPathExtension().appendingPathExtension("seen.json").path
    }

    private static func read<T: Decodable>(_ path: String, as type: T.Type, _ decoder: JSONDecoder) throws -> T? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try decoder.decode(T.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch let error as DecodingError {
            throw StoreError("\(path): not a state file (\(Self.describe(error)))")
        } catch {
            throw StoreError("\(path): \(error.localizedDescription)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            let reason = (context.underlyingError as NSError?)?.localizedDescription ?? context.debugDescription
            return path.isEmpty ? reason : "at \(path): \(reason)"
        @unknown default:
            return "\(error)"
        }
    }

    func add(_ subscriptions: [Subscription]) throws {
        var known = Set(positions.keys)
        for subscription in all { known.formUnion(subscription.movedFrom) }
        for subscription in subscriptions where known.insert(subscription.id).inserted {
            positions[subscription.id] = all.count
            all.append(subscription)
            dirty = true
        }
        try save()
    }

    func adopt(_ listed: [Subscription]) throws -> [Subscription] {
        var byURL: [URL: Subscription] = [:]
        for subscription in all {
            byURL[subscription.url] = subscription
            for old in subscription.movedFrom where byURL[old] == nil { byURL[old] = subscription }
        }
        var kept: Set<URL> = []
        var merged: [Subscription] = []
        for item in listed {
            var subscription = byURL[item.url] ?? item
            guard kept.insert(subscription.url).inserted else { continue }
            if let title = item.title { subscription.title = title }
            if !item.folders.isEmpty { subscription.folders = item.folders }
            merged.append(subscription)
        }
        all = merged
        positions = [:]
        for (index, subscription) in all.enumerated() { positions[subscription.id] = index }
        history = history.filter { kept.contains($0.key) }
        dirty = true
        return merged
    }

    func claim(dueBy: Date, limit: Int, perHost: Int, worker: String, lease: Duration, now: Date)
        -> [LeasedSubscription]
    {
        // A host's pause is the latest `Retry-After` among its subscriptions: it holds for every one of them (one
        // added since the pause too), as the SQL stores' host rows do.
        var pauses: [String: Date] = [:]
        for subscription in all {
            guard let until = subscription.retryAfter, until > now else { continue }
            pauses[subscription.hostKey] = max(pauses[subscription.hostKey] ?? until, until)
        }
        let due = all.filter { subscription in
            !subscription.isStopped && (subscription.nextDue ?? .distantPast) <= dueBy
                && pauses[subscription.hostKey] == nil
                && (leases[subscription.id]?.until ?? .distantPast) <= now
        }
        var perHostTaken: [String: Int] = [:]
        var claimed: [Subscription] = []
        for subscription in due.sorted(by: { ($0.nextDue ?? .distantPast) < ($1.nextDue ?? .distantPast) }) {
            guard claimed.count < limit else { break }
            guard perHostTaken[subscription.hostKey, default: 0] < perHost else { continue }
            perHostTaken[subscription.hostKey, default: 0] += 1
            claimed.append(subscription)
        }
        return claimed.map { subscription in
            let token = tokens[subscription.id, default: 0] + 1
            tokens[subscription.id] = token
            finishedBy[subscription.id] = nil
            leases[subscription.id] = (worker, token, now.addingTimeInterval(lease.timeInterval))
            return LeasedSubscription(
                subscription: subscription, lease: SubscriptionLease(id: subscription.id, worker: worker, token: token))
        }
    }

    /// Whether `lease` is the one `id` holds.
    private func holds(_ lease: SubscriptionLease) -> Bool {
        guard let held = leases[lease.id] else { return false }
        return held.token == lease.token && held.worker == lease.worker
    }

    func renew(_ held: [SubscriptionLease], for lease: Duration, now: Date) -> Set<SubscriptionLease> {
        let until = now.addingTimeInterval(lease.timeInterval)
        var lost: Set<SubscriptionLease> = []
        for item in held {
            if holds(item) && positions[item.id] != nil {
                leases[item.id] = (item.worker, item.token, until)
            } else {
                lost.insert(item)
            }
        }
        return lost
    }

    func makeDue(by date: Date) {
        for index in all.indices where !all[index].isStopped && (all[index].nextDue ?? .distantPast) > date {
            all[index].nextDue = date
            dirty = true
        }
    }

    func release(_ held: [SubscriptionLease]) {
        for item in held where leases[item.id]?.token == item.token { leases[item.id] = nil }
    }

    func seen(_ id: URL) -> [EntryIdentity: EntryDigest] {
        var seen: [EntryIdentity: EntryDigest] = [:]
        for record in history[id]?.entries ?? [] {
            seen[EntryIdentity(key: record.key, basis: record.basis)] = record.digest
        }
        return seen
    }

    func finish(
        _ id: URL, lease: SubscriptionLease?, as subscription: Subscription, seen: [EntryIdentity: EntryDigest],
        now: Date
    ) throws {
        if let lease, finishedBy[id] == lease { return }
        guard let index = positions[id] else {
            leases[id] = nil
            throw StoreError.refused(id, .removed)
        }
        if let lease, !holds(lease) { throw StoreError.refused(id, .leaseLost) }
        leases[id] = nil
        if subscription.id != id, let other = positions[subscription.id], other != index {
            // Moved onto a URL the file already lists: the listed one gives way (one process: nobody else holds
            // it), unless this run holds it right now.
            if let held = leases[subscription.id], held.until > now {
                var waiting = all[index]
                waiting.nextDue = now.addingTimeInterval(FinishPlan.moveRetry)
                all[index] = waiting
                dirty = true
                throw StoreError.refused(id, .moveDeferred)
            }
            if let lease { finishedBy[id] = lease }
            all[other] = subscription
            positions[id] = nil
            all.remove(at: index)
            positions = [:]
            for (position, stored) in all.enumerated() { positions[stored.id] = position }
            history[subscription.id] = history.removeValue(forKey: id)
            dirty = true
            return try record(seen, for: subscription.id, now: now)
        }
        if let lease { finishedBy[id] = lease }
        all[index] = subscription
        if subscription.id != id {
            positions[id] = nil
            positions[subscription.id] = index
            history[subscription.id] = history.removeValue(forKey: id)
        }
        try record(seen, for: subscription.id, now: now)
    }

    private func record(_ seen: [EntryIdentity: EntryDigest], for id: URL, now: Date) throws {
        if !seen.isEmpty {
            var record = history[id] ?? SeenHistory()
            record.refreshes += 1
            var entries: [EntryIdentity: SeenRecord] = [:]
            let oldest = retention.oldestKept(now: now)
            for old in record.entries where old.refresh > record.refreshes - retention.refreshes && old.seenAt >= oldest
            {
                entries[EntryIdentity(key: old.key, basis: old.basis)] = old
            }
            for (identity, digest) in seen {
                entries[identity] = SeenRecord(
                    key: identity.key, basis: identity.basis, digest: digest, refresh: record.refreshes, seenAt: now)
            }
            record.entries = entries.values.sorted { ($0.basis.rawValue, $0.key) < ($1.basis.rawValue, $1.key) }
            history[id] = record
        }
        dirty = true
        if ContinuousClock.now - lastSave > .seconds(2) { try save() }
    }

    func save() throws {
        guard dirty else { return }
        let encoder = SubscriptionCoding.encoder()
        encoder.outputFormatting.insert(.prettyPrinted)
        try Self.replace(path, with: encoder.encode(all))
        if !history.isEmpty || FileManager.default.fileExists(atPath: Self.seenPath(path)) {
            encoder.outputFormatting.remove(.prettyPrinted)
            try Self.replace(Self.seenPath(path), with: encoder.encode(history))
        }
        dirty = false
        lastSave = .now
    }

    /// Writes `data` to a temporary file beside `path`, synchronised, then renames it over `path`.
    private static func replace(_ path: String, with data: Data) throws {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw StoreError("\(path): cannot create \(temporary.path)")
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
            // rename(2) replaces the target in one step; FileManager's replaceItem would not on every platform.
            guard rename(temporary.path, target.path) == 0 else {
                throw StoreError("\(path): cannot replace the state file: \(String(cString: strerror(errno)))")
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            if error is StoreError { throw error }
            throw StoreError("\(path): \(error.localizedDescription)")
        }
    }
}
