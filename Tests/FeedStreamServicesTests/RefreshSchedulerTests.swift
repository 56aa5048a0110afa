import Foundation
import Testing

@testable import FeedStreamServices

/// The scheduler behind every refresh: each job once, never more than `perHost` at a time on one host, the host
/// with the most work left first, a blocked host's queue skipped; and the array source it is fed from.
@Suite("RefreshScheduler")
struct RefreshSchedulerTests {
    /// Transfers running per host, and the most seen at once on any host.
    final class Occupancy: @unchecked Sendable {
        private let lock = NSLock()
        private var running: [Int: Int] = [:]
        private(set) var maximum = 0
        private(set) var refreshed: [Int] = []

        func begin(_ host: Int, index: Int) {
            lock.withLock {
                running[host, default: 0] += 1
                maximum = max(maximum, running[host] ?? 0)
                refreshed.append(index)
            }
        }

        func end(_ host: Int) { lock.withLock { running[host, default: 0] -= 1 } }
        var result: (maximum: Int, refreshed: [Int]) { lock.withLock { (maximum, refreshed) } }
    }

    @Test("Many hosts and workers: every job handed out once, at most perHost at a time on one host")
    func everyJobOnceWithinPerHost() async {
        // 3,000 jobs on 1,000 hosts, and 200 more on one busy host that the per-host limit must hold back.
        let work = (0..<3_200).map { index in (index, index < 3_000 ? "h\(index % 1_000)" : "busy", Date?.none) }
        let scheduler = RefreshScheduler<Int>(perHost: 2, limit: .max, lowWater: 1, clock: { Date() })
        scheduler.add(work)
        scheduler.close()
        let occupancy = Occupancy()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    while let job = await scheduler.next() {
                        guard case .refresh(let index, let host) = job else { continue }
                        occupancy.begin(host, index: index)
                        await Task.yield()
                        occupancy.end(host)
                        scheduler.done(host: host)
                    }
                }
            }
        }
        let result = occupancy.result
        #expect(result.refreshed.sorted() == Array(0..<3_200))
        #expect(result.maximum <= 2)
    }

    @Test("The host with the most work left goes first; a blocked host's jobs are skipped with its date")
    func mostWorkFirstAndBlockedSkipped() async {
        let until = Date(timeIntervalSinceNow: 3_600)
        let work = [(0, "a"), (1, "b"), (2, "b"), (3, "b"), (4, "c"), (5, "c"), (6, "blocked")].map { index, host in
            (index, host, host == "blocked" ? until : nil)
        }
        let scheduler = RefreshScheduler<Int>(perHost: 1, limit: .max, lowWater: 1, clock: { Date() })
        scheduler.add(work)
        scheduler.close()
        var first: [Job] = []
        for _ in 0..<4 {
            guard let job = await scheduler.next() else { break }
            first.append(Job(job))
        }
        // The skip comes first, then one job each from b (3 left), c (2) and a (1): none of them is done yet.
        #expect(first == [.skip(6, until), .refresh(1), .refresh(4), .refresh(0)])
    }

    @Test("Work added during the run: each job once, at most `limit` at once in all and perHost on a host")
    func workAddedWhileRunning() async {
        let scheduler = RefreshScheduler<Int>(perHost: 2, limit: 5, lowWater: 5, clock: { Date() })
        let occupancy = Occupancy()
        let total = Occupancy()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var next = 0
                while await scheduler.needsWork(), next < 1_000 {
                    scheduler.add((next..<next + 50).map { ($0, "h\($0 % 7)", nil) })
                    next += 50
                }
                scheduler.close()
            }
            for _ in 0..<12 {
                group.addTask {
                    while let job = await scheduler.next() {
                        guard case .refresh(let index, let host) = job else { continue }
                        occupancy.begin(host, index: index)
                        total.begin(0, index: index)
                        await Task.yield()
                        total.end(0)
                        occupancy.end(host)
                        scheduler.done(host: host)
                    }
                }
            }
        }
        #expect(occupancy.result.refreshed.sorted() == Array(0..<1_000))
        #expect(occupancy.result.maximum <= 2)
        #expect(total.result.maximum <= 5)
    }

    @Test("The claimer is asked for more once fewer than lowWater jobs are queued, not before")
    func needsWorkAtLowWater() async {
        let scheduler = RefreshScheduler<Int>(perHost: 10, limit: .max, lowWater: 4, clock: { Date() })
        #expect(await scheduler.needsWork())
        scheduler.add((0..<10).map { ($0, "h", nil) })
        let answered = Occupancy()
        let asked = Task {
            let answer = await scheduler.needsWork()
            answered.begin(0, index: 0)
            return answer
        }
        for _ in 0..<6 {
            guard case .refresh(_, let host) = await scheduler.next() else { Issue.record("no job"); return }
            scheduler.done(host: host)
        }
        // Four queued: not yet. (A claimer answered too early would have ended the task already.)
        try? await Task.sleep(for: .milliseconds(50))
        #expect(answered.result.refreshed.isEmpty)
        _ = await scheduler.next()
        #expect(await asked.value)
        scheduler.close()
        #expect(await scheduler.needsWork() == false)
    }

    @Test("A host that asked to wait stays paused for work added later in the run")
    func blockedHostStaysBlocked() async {
        let until = Date(timeIntervalSinceNow: 3_600)
        let scheduler = RefreshScheduler<Int>(perHost: 1, limit: .max, lowWater: 1, clock: { Date() })
        scheduler.add([(0, "slow", nil)])
        guard case .refresh(0, let host) = await scheduler.next() else { Issue.record("no job"); return }
        scheduler.block(host: host, until: until)
        scheduler.done(host: host)
        scheduler.add([(1, "slow", nil), (2, "other", nil)])
        scheduler.close()
        var jobs: [Job] = []
        while let job = await scheduler.next() {
            jobs.append(Job(job))
            if case .refresh(_, let host) = job { scheduler.done(host: host) }
        }
        #expect(jobs == [.skip(1, until), .refresh(2)])
    }

    @Test("The array source hands out only due subscriptions, in order, across claims")
    func arraySourceClaimsDueInOrder() async throws {
        let now = Date()
        let subscriptions = (0..<10).map { index in
            var subscription = Subscription(url: URL(string: "http://127.0.0.1/feed/\(index)")!)
            subscription.nextDue = index % 3 == 0 ? now.addingTimeInterval(600) : now
            return subscription
        }
        let source = ArrayRefreshSource(subscriptions, now: now) { ($0.nextDue ?? .distantPast) <= now }
        var claimed: [URL] = []
        while case let batch = try await source.claim(dueBy: now, limit: 2), !batch.isEmpty {
            #expect(batch.count <= 2)
            claimed += batch.map(\.url)
        }
        #expect(claimed == subscriptions.filter { $0.nextDue == now }.map(\.url))
    }

    /// A job without its host index, to compare.
    enum Job: Equatable {
        case refresh(Int)
        case skip(Int, Date)

        init(_ job: RefreshScheduler<Int>.Job) {
            switch job {
            case .refresh(let index, _): self = .refresh(index)
            case .skip(let index, let until): self = .skip(index, until)
            }
        }
    }
}
