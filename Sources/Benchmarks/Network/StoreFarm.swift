import AtomStream
import FeedStreamServices
import FeedStreamStore
import Foundation
import StreamTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Benchmarks --store-farm [STORED] [DUE] [HOSTS] [LATENCY-MS]`: a SQLite store of STORED subscriptions (default
/// 100,000) of which DUE (1,000) are due, on HOSTS loopback hosts (20, 127.0.0.2 …) answering after LATENCY-MS
/// (10); the rest are due tomorrow. A child process (`--child-store-refresh`, concurrency 40, per host 2) refreshes
/// the store; its peak RSS is measured, and the time the store took: claims, `seen` and each `finish`. Then the same
/// refresh as an operator runs it, `feedstream-network refresh --store sqlite:PATH`, with its defaults and with
/// `--concurrency 40`, each on a filling of its own: the command's own binary, not this benchmark's, which holds
/// every workload.
enum StoreFarm {
    static func run(_ arguments: [String]) -> Int32 {
        let numbers = arguments.compactMap { Int($0) }
        let stored = numbers.count > 0 ? numbers[0] : 100_000
        let due = numbers.count > 1 ? numbers[1] : 1_000
        let hostCount = numbers.count > 2 ? numbers[2] : 20
        let latency = Double(numbers.count > 3 ? numbers[3] : 10) / 1_000
        do {
            let hosts = try (0..<hostCount).map { index in
                try LoopbackFeedHost(address: "127.0.0.\(index + 2)", lifetime: 3_600) { request in
                    .feed(RefreshFarm.feedText(for: request.path), compresses: true, latency: latency)
                }
            }
            defer { for host in hosts { host.stop() } }
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("store-farm-\(getpid()).db").path
            // The command with its defaults (concurrency 8), then as the child runs (40): a database each.
            let toolRuns = [(path + ".tool.db", [String]()), (path + ".tool40.db", ["--concurrency", "40"])]
            defer {
                for file in [path] + toolRuns.map(\.0) {
                    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
                }
            }
            let fillStart = ContinuousClock.now
            try fill(path, stored: stored, due: due, hosts: hosts)
            let fill = ContinuousClock.now - fillStart
            for (toolPath, _) in toolRuns { try Self.fill(toolPath, stored: stored, due: due, hosts: hosts) }
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            let result = try PeakMemory.measure(
                executable: RefreshFarm.executablePath(), arguments: ["--child-store-refresh", path]
            ) { _ in }
            let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
            guard result.exitStatus == 0, let seconds = report?["seconds"] as? Double,
                let finished = report?["finished"] as? Int, finished == due,
                let finishSeconds = report?["finishSeconds"] as? Double,
                let claimSeconds = report?["claimSeconds"] as? Double,
                let seenSeconds = report?["seenSeconds"] as? Double
            else {
                FileHandle.standardError.write(Data("store child failed: \(result.output)\n".utf8))
                return 1
            }
            print("| stored | due | run wall s | peak RSS | store ms per finish | claims ms (all) | seen ms (all) |")
            print("|---:|---:|---:|---:|---:|---:|---:|")
            print(
                String(
                    format: "| %d | %d | %.2f | %.1f MiB | %.3f | %.1f | %.1f |", stored, due, seconds,
                    Double(result.peakBytes) / 1_048_576, finishSeconds * 1000 / Double(finished),
                    claimSeconds * 1000, seenSeconds * 1000))
            for (toolPath, options) in toolRuns { print(try tool(toolPath, options: options)) }
            print(
                "\nfilled in \(fill) (one transaction), database \(size / 1_048_576) MiB before the run; "
                    + "\(hosts.map(\.requests.count).reduce(0, +)) requests served")
            return 0
        } catch {
            FileHandle.standardError.write(Data("store farm: \(error)\n".utf8))
            return 1
        }
    }

    /// `feedstream-network refresh --store sqlite:PATH [OPTIONS]` on `path`: its row (the store times are the
    /// in-process child's only).
    private static func tool(_ path: String, options: [String]) throws -> String {
        let executable = RefreshFarm.toolPath("feedstream-network")
        let start = ContinuousClock.now
        let result = try PeakMemory.measure(
            executable: executable,
            arguments: ["refresh", "--store", "sqlite:" + path] + options
        ) { _ in }
        let wall = seconds(ContinuousClock.now - start)
        // A status line per feed; the entry lines carry an `entry` object.
        let feeds = result.output.split(separator: "\n").filter { !$0.contains("\"entry\":") }.count
        guard result.exitStatus == 0 else {
            throw StoreError("feedstream-network refresh exited \(result.exitStatus) after \(feeds) feeds")
        }
        return String(
            format: "| `refresh --store` %@ | %d feed lines | %.2f | %.1f MiB | | | |",
            options.isEmpty ? "(defaults)" : options.joined(separator: " "), feeds, wall,
            Double(result.peakBytes) / 1_048_576)
    }

    private static func fill(_ path: String, stored: Int, due: Int, hosts: [LoopbackFeedHost]) throws {
        let done = DispatchSemaphore(value: 0)
        let failure = ExitStatusBox()
        failure.value = 0
        let store = try SQLiteStore(path: path)
        let tomorrow = Date().addingTimeInterval(86_400)
        let urls = (0..<due).map { hosts[$0 % hosts.count].url("/feed/\($0)") }
        Task.detached {
            do {
                try await store.add(urls.map { Subscription(url: $0) })
                var batch: [Subscription] = []
                for index in 0..<(stored - due) {
                    var subscription = Subscription(url: URL(string: "http://h\(index % 30_000).invalid/f\(index)")!)
                    subscription.nextDue = tomorrow
                    batch.append(subscription)
                    if batch.count == 10_000 || index == stored - due - 1 {
                        try await store.add(batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
            } catch {
                FileHandle.standardError.write(Data("fill: \(error)\n".utf8))
                failure.value = 1
            }
            done.signal()
        }
        done.wait()
        if failure.value != 0 { throw StoreError("cannot fill \(path)") }
    }

    /// The child: refreshes what is due in the store and prints `{"seconds", "finished", "finishSeconds", …}`.
    static func child(_ arguments: [String]) async -> Int32 {
        guard arguments.count == 1, let opened = try? SQLiteStore(path: arguments[0]) else { return 2 }
        let store = TimedStore(base: opened)
        let refresher = FeedRefresher(concurrency: 40, perHost: 2)
        let start = ContinuousClock.now
        var finished = 0
        for await event in refresher.refresh(store: store, worker: "bench") {
            if case .finished = event { finished += 1 }
        }
        let times = await store.times.totals
        print(
            "{\"seconds\": \(seconds(ContinuousClock.now - start)), \"finished\": \(finished), "
                + "\"finishSeconds\": \(seconds(times.finish)), \"claimSeconds\": \(seconds(times.claim)), "
                + "\"seenSeconds\": \(seconds(times.seen))}")
        return 0
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// A store that adds up the time each of its calls took.
private struct TimedStore: SubscriptionStore {
    actor Times {
        var claim = Duration.zero
        var seen = Duration.zero
        var finish = Duration.zero
        var totals: (claim: Duration, seen: Duration, finish: Duration) { (claim, seen, finish) }
        func add(claim: Duration = .zero, seen: Duration = .zero, finish: Duration = .zero) {
            self.claim += claim
            self.seen += seen
            self.finish += finish
        }
    }

    let base: any SubscriptionStore
    let times = Times()

    func add(_ subscriptions: [Subscription]) async throws { try await base.add(subscriptions) }

    func claimLeases(dueBy: Date, limit: Int, perHost: Int, worker: String, lease: Duration) async throws
        -> [LeasedSubscription]
    {
        let start = ContinuousClock.now
        let claimed = try await base.claimLeases(
            dueBy: dueBy, limit: limit, perHost: perHost, worker: worker, lease: lease)
        await times.add(claim: ContinuousClock.now - start)
        return claimed
    }

    func renew(_ leases: [SubscriptionLease], for lease: Duration) async throws -> Set<SubscriptionLease> {
        try await base.renew(leases, for: lease)
    }

    func release(_ leases: [SubscriptionLease]) async throws { try await base.release(leases) }

    func makeDue(by date: Date) async throws { try await base.makeDue(by: date) }

    func now() async throws -> Date { try await base.now() }

    func finish(
        _ id: Subscription.ID, lease: SubscriptionLease?, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws {
        let start = ContinuousClock.now
        try await base.finish(id, lease: lease, as: subscription, outcome: outcome, seen: seen)
        await times.add(finish: ContinuousClock.now - start)
    }

    func seen(_ id: Subscription.ID) async throws -> [EntryIdentity: EntryDigest] {
        let start = ContinuousClock.now
        let seen = try await base.seen(id)
        await times.add(seen: ContinuousClock.now - start)
        return seen
    }

    func subscriptions() -> AsyncThrowingStream<Subscription, any Error> { base.subscriptions() }

    func lookUp(_ urls: [Subscription.ID]) async throws -> [Subscription?] { try await base.lookUp(urls) }

    func remove(_ urls: [Subscription.ID]) async throws -> [Subscription?] { try await base.remove(urls) }

    func clearGone() -> AsyncThrowingStream<Subscription, any Error> { base.clearGone() }
}
