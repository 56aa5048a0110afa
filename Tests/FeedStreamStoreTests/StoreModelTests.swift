import AtomStream
import FeedStreamPostgres
import FeedStreamServices
import FeedStreamStore
import Foundation
import StreamTestSupport
import Testing

/// A clock a test moves by hand: the stores take lease times from it.
final class ModelClock: @unchecked Sendable {
    private let lock = NSLock()
    private var advanced: TimeInterval = 0
    let start = Date()

    var now: Date { lock.withLock { start.addingTimeInterval(advanced) } }
    var offset: TimeInterval { lock.withLock { advanced } }
    func advance(_ seconds: TimeInterval) { lock.withLock { advanced += seconds } }
}

/// The `SubscriptionStore` contract checked the way job queues and databases check theirs: random, replayable
/// interleavings of claim, renew, finish (current and stale), release, clock moves and killed workers over several
/// simulated workers, with the contract's invariants checked after every step against a model of who holds what.
///
/// Invariants: a claim hands out only subscriptions that are due and held by no live lease; each host's live
/// leases belong to one worker (SQL stores: a host is leased to one worker at a time); a claim takes at most
/// `perHost` of a host; a finish carrying the current lease is applied, even after its lease ran out when nobody
/// took it; a finish sent again with the lease of the last applied finish (a replay after a lost answer) succeeds
/// and changes nothing; any other stale lease (finished, released, or superseded by another claim) is refused and
/// changes nothing; a
/// renewal keeps every current lease and loses every superseded one; at the end, every subscription is either
/// finished (not due) or claimable again, and what every finished one saw is still there.
///
/// A failure names its seed; `FEEDSTREAM_MODEL_SEED=N` replays that one interleaving.
@Suite("SubscriptionStore under random interleavings (model-based)")
struct StoreModelTests {
    static let seeds: [UInt64] = {
        if let seed = ProcessInfo.processInfo.environment["FEEDSTREAM_MODEL_SEED"].flatMap(UInt64.init) {
            return [seed]
        }
        return [1, 2, 3, 4, 5, 6]
    }()

    static var cases: [(StoreKind, UInt64)] {
        StoreKind.testable.flatMap { kind in
            // PostgreSQL's steps are round trips: fewer interleavings, as long.
            (kind == .postgres ? Array(seeds.prefix(3)) : seeds).map { (kind, $0) }
        }
    }

    @Test("Random interleavings keep every invariant", arguments: cases)
    func interleavings(_ kind: StoreKind, _ seed: UInt64) async throws {
        var model = try await StoreModel(kind: kind, seed: seed)
        for step in 0..<160 {
            try await model.step(step)
            if model.failed { break }
        }
        if !model.failed { try await model.drain() }
        #expect(!model.failed, "seed \(seed) on \(kind): replay with FEEDSTREAM_MODEL_SEED=\(seed)")
    }
}

/// The model: what the store should hold, and the simulated workers.
struct StoreModel {
    struct Held: Hashable {
        var lease: SubscriptionLease
        var until: Double
        var host: String
    }

    let kind: StoreKind
    let seed: UInt64
    let clock = ModelClock()
    var random: SplitMix64
    var store: any SubscriptionStore
    var postgres: PostgresStore?
    let lease: TimeInterval = 60
    let perHost = 2
    let urls: [URL]
    /// The lease each subscription's row holds now (the last claim's), until finished or released.
    var current: [URL: Held] = [:]
    /// When each subscription is due (the model's clock, seconds since 1970).
    var due: [URL: Double] = [:]
    /// What each worker believes it holds.
    var workers: [String: [SubscriptionLease]] = [:]
    /// Leases that no longer hold: finished, released, superseded.
    var stale: [SubscriptionLease] = []
    /// The lease of each subscription's last applied finish, until the next claim of it.
    var finishedBy: [URL: SubscriptionLease] = [:]
    /// The title and seen keys of each subscription's last applied finish.
    var titles: [URL: String] = [:]
    var seenKeys: [URL: Set<String>] = [:]
    var failed = false
    var generation = 0

    init(kind: StoreKind, seed: UInt64) async throws {
        self.kind = kind
        self.seed = seed
        random = SplitMix64(seed: seed)
        urls = (0..<4).flatMap { host in (0..<4).map { URL(string: "http://127.0.0.\(host + 1)/f\($0)")! } }
        let clock = self.clock
        switch kind {
        case .jsonFile:
            var file = try JSONFileStore(path: try temporaryDirectory().appendingPathComponent("model.json").path)
            file.clock = { clock.now }
            store = file
        case .sqlite:
            var file = try SQLiteStore(path: try temporaryDirectory().appendingPathComponent("model.db").path)
            file.clock = { clock.now }
            store = file
        case .postgres:
            let opened = try await freshPostgresStore()
            postgres = opened
            store = opened
        }
        try await store.add(urls.map { Subscription(url: $0) })
        for url in urls { due[url] = -1 }
        for index in 0..<3 { workers["w\(index)"] = [] }
    }

    var now: Double { clock.now.timeIntervalSince1970 }

    mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition {
            Issue.record("seed \(seed), \(kind): \(message())")
            failed = true
        }
    }

    mutating func step(_ step: Int) async throws {
        let names = workers.keys.sorted()
        let worker = names[Int.random(in: 0..<names.count, using: &random)]
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<30: try await claim(worker)
        case 30..<50: try await finishCurrent(worker)
        case 50..<60: try await finishStale()
        case 60..<70: try await renew(worker)
        case 70..<76: try await release(worker)
        case 76..<94: advance(Int.random(in: 0..<2, using: &random) == 0 ? 25 : 50)
        default: kill(worker)
        }
        checkHosts()
    }

    mutating func advance(_ seconds: TimeInterval) {
        clock.advance(seconds)
        if var postgres {
            postgres.clockOffset = clock.offset
            store = postgres
            self.postgres = postgres
        }
    }

    /// A worker dies: what it holds is never finished; it comes back under another name.
    mutating func kill(_ worker: String) {
        workers[worker] = nil
        generation += 1
        workers["k\(generation)"] = []
    }

    mutating func claim(_ worker: String) async throws {
        let limit = Int.random(in: 1...4, using: &random)
        let claimed = try await store.claimLeases(
            dueBy: clock.now, limit: limit, perHost: perHost, worker: worker, lease: .seconds(lease))
        check(claimed.count <= limit, "a claim of \(limit) took \(claimed.count)")
        var perHostTaken: [String: Int] = [:]
        for item in claimed {
            let url = item.subscription.url
            let host = url.host!
            perHostTaken[host, default: 0] += 1
            check((due[url] ?? .infinity) <= now + 1, "\(url) claimed while not due")
            if let held = current[url] {
                check(held.until <= now, "\(url) claimed by \(worker) while \(held.lease.worker) holds it")
                stale.append(held.lease)
                workers[held.lease.worker]?.removeAll { $0 == held.lease }
            }
            current[url] = Held(lease: item.lease, until: now + lease, host: host)
            finishedBy[url] = nil
            workers[worker, default: []].append(item.lease)
        }
        for (host, count) in perHostTaken { check(count <= perHost, "a claim took \(count) of \(host)") }
    }

    mutating func finishCurrent(_ worker: String) async throws {
        guard let held = workers[worker], !held.isEmpty else { return }
        let lease = held[Int.random(in: 0..<held.count, using: &random)]
        let url = lease.id
        let isCurrent = current[url]?.lease == lease
        var subscription = Subscription(url: url)
        subscription.title = "\(worker) at \(Int(clock.offset))"
        subscription.nextDue = clock.now.addingTimeInterval(3_600)
        let keys: Set<String> = ["\(worker)-\(Int.random(in: 0..<1_000, using: &random))", "shared"]
        let seen = Dictionary(uniqueKeysWithValues: keys.map {
            (EntryIdentity(key: $0, basis: .id), EntryDigest(value: 7))
        })
        workers[worker]?.removeAll { $0 == lease }
        do {
            try await store.finish(lease, as: subscription, outcome: .updated(entries: keys.count), seen: seen)
            check(isCurrent, "a finish with a superseded lease of \(url) was applied")
            current[url] = nil
            finishedBy[url] = lease
            due[url] = subscription.nextDue!.timeIntervalSince1970
            titles[url] = subscription.title
            seenKeys[url, default: []].formUnion(keys)
            stale.append(lease)
        } catch let error as StoreError where error.refusal != nil {
            check(!isCurrent, "the current lease of \(url) was refused: \(error.message)")
            check(error.refusal == .leaseLost, "\(url): \(error.message)")
        }
    }

    /// A worker that was paused past its lease finishes anyway: refused, nothing changes. The lease of the last
    /// applied finish is that finish sent again (its answer lost): accepted, nothing changes either.
    mutating func finishStale() async throws {
        guard !stale.isEmpty else { return }
        let lease = stale[Int.random(in: 0..<stale.count, using: &random)]
        guard current[lease.id]?.lease != lease else { return }
        var subscription = Subscription(url: lease.id)
        subscription.title = "stale"
        let before = try await stored(lease.id)
        do {
            try await store.finish(lease, as: subscription, outcome: .updated(entries: 1), seen: [
                EntryIdentity(key: "stale", basis: .id): EntryDigest(value: 1)
            ])
            check(finishedBy[lease.id] == lease, "a stale finish of \(lease.id) was accepted")
        } catch let error as StoreError where error.refusal == .leaseLost {
            check(finishedBy[lease.id] != lease, "the replay of \(lease.id)'s finish was refused")
        }
        let after = try await stored(lease.id)
        check(before == after, "a stale finish changed \(lease.id): \(String(describing: before)) → \(String(describing: after))")
        let seen = try await store.seen(lease.id)
        check(!seen.keys.contains { $0.key == "stale" }, "a stale finish wrote what it saw for \(lease.id)")
    }

    mutating func renew(_ worker: String) async throws {
        guard let held = workers[worker], !held.isEmpty else { return }
        let lost = try await store.renew(held, for: .seconds(lease))
        for item in held {
            let isCurrent = current[item.id]?.lease == item
            if lost.contains(item) {
                // Lost: superseded, or its host went to another worker (then nobody else holds the row yet).
                workers[worker]?.removeAll { $0 == item }
                let until = current[item.id]?.until ?? 0
                if isCurrent { check(until <= now, "a live current lease was not renewed") }
            } else {
                check(isCurrent, "a superseded lease of \(item.id) was renewed")
                let renewed = now + lease
                current[item.id]?.until = renewed
            }
        }
    }

    mutating func release(_ worker: String) async throws {
        guard let held = workers[worker], !held.isEmpty else { return }
        let given = Array(held.prefix(Int.random(in: 1...held.count, using: &random)))
        try await store.release(given)
        for item in given {
            workers[worker]?.removeAll { $0 == item }
            if current[item.id]?.lease == item {
                current[item.id] = nil
                stale.append(item)
            }
        }
    }

    /// Each host's live leases belong to one worker (the SQL stores lease hosts; the JSON file is one process's).
    mutating func checkHosts() {
        guard kind != .jsonFile else { return }
        var holders: [String: Set<String>] = [:]
        for held in current.values where held.until > now { holders[held.host, default: []].insert(held.lease.worker) }
        for (host, names) in holders { check(names.count <= 1, "\(host) held at once by \(names.sorted())") }
    }

    /// Every lease runs out; a new worker claims what is due: exactly what was not finished (or came due again).
    mutating func drain() async throws {
        advance(lease + 1)
        var claimed: Set<URL> = []
        while true {
            let batch = try await store.claimLeases(
                dueBy: clock.now, limit: 100, perHost: 100, worker: "drain", lease: .seconds(lease))
            if batch.isEmpty { break }
            for item in batch {
                check(claimed.insert(item.subscription.url).inserted, "\(item.subscription.url) claimed twice")
                try await store.release([item.lease])
            }
            // Released rows are due again: claim them once each by leasing the rest.
            if claimed.count >= urls.count { break }
            let more = try await store.claimLeases(
                dueBy: clock.now, limit: 100, perHost: 100, worker: "drain2", lease: .seconds(lease))
            for item in more where !claimed.contains(item.subscription.url) { claimed.insert(item.subscription.url) }
            break
        }
        let expected = Set(urls.filter { (due[$0] ?? 0) <= now })
        check(claimed == expected, "after every lease ran out: claimable \(claimed.count), due \(expected.count)")
        for (url, keys) in seenKeys {
            let seen = Set(try await store.seen(url).keys.map(\.key))
            check(keys.isSubset(of: seen) || !keys.intersection(seen).isEmpty, "\(url) lost what it saw")
            check(seen.contains("shared"), "\(url) lost what it saw")
            check(try await stored(url) == titles[url], "\(url) holds another finish than its last applied one")
        }
    }

    /// The stored title of the subscription at `url`.
    func stored(_ url: URL) async throws -> String? {
        for try await subscription in store.subscriptions() where subscription.url == url { return subscription.title }
        return nil
    }
}
