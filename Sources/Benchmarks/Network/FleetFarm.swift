import FeedStreamServices
import Foundation
import StreamTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Benchmarks --fleet-farm POSTGRES-URL [SUBSCRIPTIONS] [HOSTS] [LATENCY-MS] [CONCURRENCY] [PER-HOST]
/// [WORKERS]`: the loopback farm of `--refresh-farm` (1,000 feeds on 20 hosts answering after 50 ms by default),
/// refreshed once by one `feedstream refresh --store postgres://…` worker and once by WORKERS (4) started together,
/// each against a schema of its own in the database; prints the wall time of each (from the first start to the
/// last exit, adding the list included), against the ideal per-host schedule of the whole fleet and against one
/// worker, and checks that every feed was fetched exactly once.
///
/// The ideal: every host serves at most PER-HOST requests at once across the fleet, and each worker makes at most
/// CONCURRENCY, so `max(⌈n / PER-HOST⌉, ⌈n·h / (CONCURRENCY·workers)⌉) × L` with `n` feeds on each of `h` hosts.
enum FleetFarm {
    static func run(_ arguments: [String]) async -> Int32 {
        guard let database = arguments.first, database.hasPrefix("postgres") else {
            FileHandle.standardError.write(Data("usage: Benchmarks --fleet-farm POSTGRES-URL [numbers…]\n".utf8))
            return 2
        }
        let numbers = arguments.dropFirst().compactMap { Int($0) }
        let count = numbers.count > 0 ? numbers[0] : 1_000
        let hostCount = numbers.count > 1 ? numbers[1] : 20
        let latency = Double(numbers.count > 2 ? numbers[2] : 50) / 1_000
        let concurrency = numbers.count > 3 ? numbers[3] : 40
        let perHost = numbers.count > 4 ? numbers[4] : 2
        let workers = numbers.count > 5 ? numbers[5] : 4
        do {
            let counter = LoopbackInFlightCounter()
            let hosts = try (0..<hostCount).map { index in
                try LoopbackFeedHost(address: "127.0.0.\(index + 2)", lifetime: 3_600, counter: counter) { request in
                    .feed(RefreshFarm.feedText(for: request.path), compresses: true, latency: latency)
                }
            }
            defer { for host in hosts { host.stop() } }
            let list = FileManager.default.temporaryDirectory.appendingPathComponent("fleet-farm-\(getpid()).txt")
            let urls = (0..<count).map { hosts[$0 % hostCount].url("/feed/\($0)").absoluteString }
            try urls.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: list) }
            let feedstream = RefreshFarm.toolPath("feedstream-network")

            print("| run | wall s | ideal s | wall / ideal | wall / one worker | requests |")
            print("|---|---:|---:|---:|---:|---:|")
            var single: Double?
            for fleet in [1, workers] {
                let before = hosts.map(\.requests.count).reduce(0, +)
                // A schema per run, migrated before the workers start (they run no DDL).
                let store = try await migratedPostgresStore(
                    on: database, schema: "fleet_farm_\(getpid())_\(fleet)", using: URL(fileURLWithPath: feedstream))
                let start = ContinuousClock.now
                let processes = try (0..<fleet).map { worker in
                    try launch(
                        feedstream,
                        [
                            "refresh", list.path, "--store", store, "--worker", "w\(worker)", "--concurrency",
                            "\(concurrency)", "--per-host", "\(perHost)",
                        ])
                }
                for process in processes {
                    process.waitUntilExit()
                    guard process.terminationStatus == 0 else {
                        let status = process.terminationStatus
                        FileHandle.standardError.write(Data("fleet farm: a worker exited \(status)\n".utf8))
                        return 1
                    }
                }
                let wall = StoreFarm.seconds(ContinuousClock.now - start)
                let requests = hosts.map(\.requests.count).reduce(0, +) - before
                guard requests == count else {
                    FileHandle.standardError.write(Data("fleet farm: \(requests) requests for \(count) feeds\n".utf8))
                    return 1
                }
                let perHostCount = (count + hostCount - 1) / hostCount
                let slots = concurrency * fleet
                let ideal = Double(max((perHostCount + perHost - 1) / perHost, (count + slots - 1) / slots)) * latency
                if single == nil { single = wall }
                print(
                    "| \(fleet) worker\(fleet == 1 ? "" : "s"), \(count) feeds on \(hostCount) hosts, "
                        + "\(Int(latency * 1000)) ms, concurrency \(concurrency), per host \(perHost) | "
                        + String(
                            format: "%.2f | %.2f | %.2f× | %.2f× | %d |", wall, ideal, wall / ideal,
                            wall / (single ?? wall), requests))
            }
            print(
                "\nserver-counted: at most \(hosts.map(\.maximumInFlight).max() ?? 0) requests at once on one host "
                    + "(limit \(perHost), across every worker)")
            return 0
        } catch {
            FileHandle.standardError.write(Data("fleet farm: \(error)\n".utf8))
            return 1
        }
    }

    /// Starts `executable` with its output discarded (the status lines are not what is measured).
    private static func launch(_ executable: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }
}
