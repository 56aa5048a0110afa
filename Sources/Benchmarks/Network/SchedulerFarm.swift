import Foundation
import StreamTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Benchmarks --scheduler-farm [LATENCY-MS] [CONCURRENCY] [PER-HOST] [SUBSCRIPTIONS/HOSTS …]`: the refresher's
/// cost per subscription as the number of hosts grows. Each case (by default 2,000 subscriptions on 20 hosts and
/// 100,000 on 50,000) is refreshed through `FeedRefresher.reports`, as `feedstream refresh` does without a state
/// file, in a child process (`--child-refresh`) whose CPU seconds (user + system) and peak RSS are measured; prints
/// a Markdown table and the CPU-per-subscription ratio of the last case to the first.
///
/// Host `i` is `127.1.(i / 250 + 1).(i % 250 + 1)`: all of 127.0.0.0/8 is loopback, but one listening socket per
/// host would take 50,000 descriptors. So the benchmark runs in a private network namespace (it re-executes itself
/// under `unshare -n` after bringing `lo` up there; Linux, as root), where one server bound to 0.0.0.0 receives the
/// connections for every address and nothing outside the machine can reach it. Every answer says
/// `Connection: close`, so neither the server's threads nor the client's descriptors grow with the hosts.
/// Defaults: 5 ms latency, concurrency 40, 2 per host; each feed is 20 RSS items, gzip-compressed.
enum SchedulerFarm {
    private static let namespaceVariable = "FEEDSTREAM_SCHEDULER_FARM_NETNS"

    static func run(_ arguments: [String]) -> Int32 {
        guard getenv(namespaceVariable) != nil else { return reexecuteInPrivateNetwork(arguments) }
        let numbers = arguments.compactMap { Int($0) }
        let latency = Double(numbers.count > 0 ? numbers[0] : 5) / 1_000
        let concurrency = numbers.count > 1 ? numbers[1] : 40
        let perHost = numbers.count > 2 ? numbers[2] : 2
        let given = arguments.compactMap { argument -> (Int, Int)? in
            let parts = argument.split(separator: "/").compactMap { Int($0) }
            return parts.count == 2 ? (parts[0], max(1, min(parts[1], 50_000))) : nil
        }
        let cases = given.isEmpty ? [(2_000, 20), (100_000, 50_000)] : given
        do {
            let server = try LoopbackFeedHost(address: "0.0.0.0", lifetime: 3_600) { request in
                .feed(
                    RefreshFarm.feedText(for: request.path), headers: [("Connection", "close")], compresses: true,
                    latency: latency)
            }
            defer { server.stop() }
            print("| subscriptions | hosts | wall s | CPU s | CPU ms / subscription | peak RSS |")
            print("|---:|---:|---:|---:|---:|---:|")
            var perSubscription: [Double] = []
            for (count, hostCount) in cases {
                let list = FileManager.default.temporaryDirectory.appendingPathComponent("scheduler-farm-\(getpid())")
                let urls = (0..<count).map { index -> String in
                    let host = index % hostCount
                    return "http://127.1.\(host / 250 + 1).\(host % 250 + 1):\(server.port)/feed/\(index)"
                }
                try urls.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
                defer { try? FileManager.default.removeItem(at: list) }
                let result = try PeakMemory.measure(
                    executable: RefreshFarm.executablePath(),
                    arguments: ["--child-refresh", list.path, "\(concurrency)", "\(perHost)"]
                ) { _ in }
                let report = try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
                guard result.exitStatus == 0, let seconds = report?["seconds"] as? Double,
                    let updated = report?["updated"] as? Int, updated == count
                else {
                    FileHandle.standardError.write(Data("refresh child failed: \(result.output)\n".utf8))
                    return 1
                }
                perSubscription.append(result.cpuSeconds / Double(count))
                print(
                    "| \(count) | \(hostCount) | "
                        + String(
                            format: "%.2f | %.2f | %.3f | %.1f MiB |", seconds, result.cpuSeconds,
                            result.cpuSeconds * 1_000 / Double(count), Double(result.peakBytes) / 1_048_576))
            }
            print(
                "\n\(Int(latency * 1_000)) ms latency, concurrency \(concurrency), per host \(perHost); CPU per "
                    + "subscription, last case against the first: "
                    + String(format: "%.2f×", (perSubscription.last ?? 0) / (perSubscription.first ?? 1)))
            return 0
        } catch {
            FileHandle.standardError.write(Data("scheduler farm: \(error)\n".utf8))
            return 1
        }
    }

    /// Runs this benchmark again in a new network namespace whose loopback interface is up: `unshare -n`, then
    /// `ip link set lo up`, then this executable with the same arguments.
    private static func reexecuteInPrivateNetwork(_ arguments: [String]) -> Int32 {
        setenv(namespaceVariable, "1", 1)
        let command = [
            "/usr/bin/unshare", "-n", "--", "/bin/sh", "-c", "ip link set lo up && exec \"$0\" \"$@\"",
            RefreshFarm.executablePath(), "--scheduler-farm",
        ]
        let argv = (command + arguments).map { strdup($0) } + [nil]
        execv(command[0], argv)
        FileHandle.standardError.write(Data("scheduler farm: cannot run unshare -n (\(errno)): Linux, as root\n".utf8))
        return 1
    }
}
