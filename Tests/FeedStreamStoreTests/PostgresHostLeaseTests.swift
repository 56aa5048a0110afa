import AtomStream
import FeedStreamPostgres
import FeedStreamServices
import FeedStreamStore
import Foundation
import Synchronization
import Testing

/// Which workers have a transfer running on each host, as the workers below report them.
private final class HostLedger: Sendable {
    private let state = Mutex<(running: [String: [String: Int]], overlaps: [String])>(([:], []))

    /// `worker` starts a transfer on `host`; any other worker running there is an overlap.
    func start(_ host: String, by worker: String) {
        state.withLock { state in
            let others = state.running[host, default: [:]].filter { $0.key != worker && $0.value > 0 }
            if !others.isEmpty { state.overlaps.append("\(host): \(worker) beside \(others.keys.sorted())") }
            state.running[host, default: [:]][worker, default: 0] += 1
        }
    }

    func end(_ host: String, by worker: String) {
        state.withLock { $0.running[host]?[worker]? -= 1 }
    }

    var overlaps: [String] { state.withLock { $0.overlaps } }
}

@Suite("PostgresStore: host leases", .enabled(if: postgresTestsRun))
struct PostgresHostLeaseTests {
    /// A refresh claims its next batch while the last one's transfers finish: a finish may let a host go in the very
    /// moment a claim of the same worker takes more of that host's subscriptions. The host must stay that worker's
    /// until those end too, or another worker fetches from it at the same time.
    @Test("Finishes beside the same worker's next claim never let another worker onto a host it still fetches")
    func finishesBesideClaims() async throws {
        let schema = freshPostgresSchema()
        let first = try await freshPostgresStore(schema: schema)
        let hosts = (0..<6).map { "h\($0).example" }
        try await first.add(hosts.flatMap { subscriptions(16, host: $0) })
        let ledger = HostLedger()
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in (0..<3).map({ "w\($0)" }) {
                group.addTask {
                    let store = try await freshPostgresStore(schema: schema)
                    defer { Task { await store.close() } }
                    return try await Self.work(store, as: worker, ledger: ledger)
                }
            }
            var counts: [Int] = []
            for try await count in group { counts.append(count) }
            return counts
        }
        #expect(counts.reduce(0, +) == 96)
        #expect(ledger.overlaps == [])
        // Every host went back to the fleet once its last subscription was finished: a newcomer gets one of each.
        try await first.add(hosts.flatMap { subscriptions(1, host: $0, from: 100) })
        let late = try await first.claim(dueBy: Date(), limit: 10, perHost: 1, worker: "late", lease: .seconds(60))
        #expect(Set(late.compactMap(\.url.host)) == Set(hosts))
        await first.close()
    }

    /// Claims small batches, two a host, and finishes each subscription a moment after it was claimed, while the
    /// next claim runs: the refresher's pattern, quicker.
    private static func work(_ store: PostgresStore, as worker: String, ledger: HostLedger) async throws -> Int {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var claimed = 0
            while true {
                let batch = try await store.claim(
                    dueBy: Date(), limit: 3, perHost: 2, worker: worker, lease: .seconds(60))
                if batch.isEmpty { break }
                claimed += batch.count
                for subscription in batch {
                    let host = subscription.url.host!
                    ledger.start(host, by: worker)
                    group.addTask {
                        try await Task.sleep(for: .milliseconds(Int.random(in: 0...6)))
                        // Ended before the store hears of it: once the finish is written, another worker may go on.
                        ledger.end(host, by: worker)
                        try await store.finish(
                            subscription.id, as: refreshed(subscription), outcome: .notModified, seen: [:])
                    }
                }
            }
            try await group.waitForAll()
            return claimed
        }
    }
}
