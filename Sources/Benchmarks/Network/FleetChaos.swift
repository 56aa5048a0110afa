import Foundation
import StreamTestSupport

/// `Benchmarks --fleet-chaos [RUNS] [HOSTS] [FEEDS-PER-HOST] [LATENCY-MS]`, under `scripts/with-postgres.sh`
/// (which starts a server of the run's own and says how to restart it): the chaos run of `RefreshFleetChaosTests`
/// (``FleetChaosRun``: four `feedstream-network refresh --store postgres://…` workers on a 2 s lease, one stopped
/// past its lease and continued, one killed, one on a clock an hour ahead, the server restarted mid-run, a rescuer
/// and a sweeper after them) on a farm of HOSTS (5) loopback hosts with FEEDS-PER-HOST (8) feeds each answering
/// after LATENCY-MS (600), RUNS (3) times, each against a new schema. A row per run: what the farm served against
/// the feeds, the stop's window, the finishes the fence refused, the feeds with one outcome, the most requests on
/// one host at once, the wall time and the broken invariants; exit 1 when any was broken.
enum FleetChaos {
    static func run(_ arguments: [String]) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        guard let database = environment["FEEDSTREAM_TEST_POSTGRES_CHAOS_URL"],
            let restart = environment["FEEDSTREAM_TEST_POSTGRES_RESTART"]
        else {
            FileHandle.standardError.write(
                Data("usage: scripts/with-postgres.sh Benchmarks --fleet-chaos [RUNS HOSTS FEEDS LATENCY-MS]\n".utf8))
            return 2
        }
        let numbers = arguments.compactMap { Int($0) }
        let runs = numbers.count > 0 ? numbers[0] : 3
        let hostCount = numbers.count > 1 ? numbers[1] : 5
        let feeds = numbers.count > 2 ? numbers[2] : 8
        let latency = Double(numbers.count > 3 ? numbers[3] : 600) / 1_000
        let feedstream = URL(fileURLWithPath: RefreshFarm.toolPath("feedstream-network"))
        print(
            "| run | feeds | fetches | stop window | finishes refused | one outcome | most on a host (limit 2) "
                + "| wall s | invariants broken |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        var broken = 0
        for index in 1...runs {
            do {
                let hosts = try (0..<hostCount).map { host in
                    try LoopbackFeedHost(address: "127.0.0.\(host + 2)", lifetime: 3_600) { _ in
                        .feed(atomFeed(entries: 3), latency: latency)
                    }
                }
                defer { for host in hosts { host.stop() } }
                let store = try await migratedPostgresStore(
                    on: database, schema: "fleet_chaos_\(getpid())_\(index)", using: feedstream)
                let chaos = FleetChaosRun(
                    executable: feedstream, store: store, restart: restart, hosts: hosts,
                    paths: (0..<feeds).map { "/f\($0)" })
                let report = try await chaos.run()
                broken += report.violations.count
                let killedNote = report.stoppedNeverEnded ? " (the stopped worker never ended: killed)" : ""
                print(
                    "| \(index)\(killedNote) | \(report.feeds) | \(report.fetches) | \(report.window) | "
                        + "\(report.refusedFinishes) | \(report.feedsWithOneOutcome) | \(report.mostAtOnceOnAHost) | "
                        + String(format: "%.1f", StoreFarm.seconds(report.wall)) + " | \(report.violations.count) |")
                for violation in report.violations {
                    FileHandle.standardError.write(Data("fleet chaos, run \(index): \(violation)\n".utf8))
                }
            } catch {
                FileHandle.standardError.write(Data("fleet chaos: \(error)\n".utf8))
                return 1
            }
        }
        return broken == 0 ? 0 : 1
    }
}
