import Foundation
import StreamTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Benchmarks --bomb-farm [PADDING-MiB] [SUBSCRIPTIONS]`: what a gzip bomb costs. The bomb is a 20-item RSS
/// document whose channel then holds PADDING-MiB (default 2,048) of spaces before it closes, gzip-compressed (about
/// 2 MB) and served whole, as fast as loopback allows, with its `Content-Length`. Peak RSS, in child processes:
///
/// - `feedstream feed --count URL` of the bomb against the same of a small feed (the `feedstream` executable
///   beside this one; skipped when there is none);
/// - a refresh (`--child-refresh`, as the refresh farm's, concurrency 40) of SUBSCRIPTIONS feeds (1,000) on 20
///   loopback hosts with the bomb among them, against 10 feeds without it; the bomb's outcome is printed;
/// - the same two lists through `feedstream-network refresh LIST` with its defaults (beside this executable).
///
/// The bar (issue 42): within 8 MB of the small run, and the bomb failed by the inflation limit.
enum BombFarm {
    static func run(_ arguments: [String]) -> Int32 {
        let numbers = arguments.compactMap { Int($0) }
        let padding = (numbers.count > 0 ? numbers[0] : 2_048) << 20
        let subscriptions = numbers.count > 1 ? numbers[1] : 1_000
        let small = RefreshFarm.feedText(for: "/small")
        let prefix = Array(small[..<small.range(of: "</channel>")!.lowerBound].utf8)
        let bomb = ContentCompression.gzip.bomb(
            prefix: prefix, padding: padding, suffix: Array("</channel></rss>".utf8)).bytes
        print("bomb: \(padding >> 20) MiB of spaces after 20 items, \(bomb.count) bytes gzip-compressed\n")
        do {
            let hosts = try (0..<20).map { index in
                try LoopbackFeedHost(address: "127.0.0.\(index + 2)", lifetime: 3_600) { request in
                    if request.path == "/bomb" {
                        return LoopbackFeedHost.Response(
                            headers: [("Content-Type", "application/rss+xml")], body: bomb, precompressed: .gzip)
                    }
                    return .feed(RefreshFarm.feedText(for: request.path), compresses: true)
                }
            }
            defer { for host in hosts { host.stop() } }
            print("| run | exit | peak RSS | outcome |")
            print("|---|---:|---:|---|")
            let feedstream = RefreshFarm.toolPath("feedstream")
            if FileManager.default.isExecutableFile(atPath: feedstream) {
                var peaks: [Int] = []
                for (name, path) in [("bomb", "/bomb"), ("small feed", "/small")] {
                    let url = hosts[0].url(path).absoluteString
                    let result = try PeakMemory.measure(
                        executable: feedstream, arguments: ["feed", "--count", url]) { _ in }
                    peaks.append(result.peakBytes)
                    let output = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
                    print(row("`feedstream feed --count` of the \(name)", result, outcome: "stdout `\(output)`"))
                }
                print(difference("feed --count, bomb against small feed", peaks))
            } else {
                print("(no feedstream beside this executable: build the product to measure `feed --count`)")
            }
            var peaks: [Int] = []
            var commandPeaks: [Int] = []
            let command = RefreshFarm.toolPath("feedstream-network")
            for (count, withBomb) in [(subscriptions, true), (10, false)] {
                var urls = (0..<count).map { hosts[$0 % hosts.count].url("/feed/\($0)").absoluteString }
                if withBomb { urls[count / 2] = hosts[1].url("/bomb").absoluteString }
                let list = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-farm-\(getpid()).txt")
                try urls.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
                defer { try? FileManager.default.removeItem(at: list) }
                let result = try PeakMemory.measure(
                    executable: RefreshFarm.executablePath(), arguments: ["--child-refresh", list.path, "40", "2"]
                ) { _ in }
                let report = try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
                let updated = report?["updated"] as? Int ?? -1
                let failures = (report?["failures"] as? [String]) ?? []
                peaks.append(result.peakBytes)
                let failed = failures.isEmpty ? "" : "; failed: \(failures.joined(separator: "; "))"
                let name = "refresh of \(count) feeds" + (withBomb ? ", the bomb among them" : "")
                print(row(name, result, outcome: "\(updated) updated" + failed))
                // The same list as an operator refreshes it: the command with its defaults (concurrency 8).
                if FileManager.default.isExecutableFile(atPath: command) {
                    let run = try PeakMemory.measure(executable: command, arguments: ["refresh", list.path]) { _ in }
                    commandPeaks.append(run.peakBytes)
                    let statuses = run.output.split(separator: "\n").filter { !$0.contains("\"entry\":") }
                    let bombLine = statuses.first { $0.contains("/bomb") }.map { " · the bomb: `\($0)`" } ?? ""
                    print(
                        row(
                            "`feedstream-network refresh` (defaults) of \(count) feeds", run,
                            outcome: "\(statuses.count) status lines" + bombLine))
                }
            }
            print(difference("refresh, \(subscriptions) with the bomb against 10", peaks))
            print(difference("`feedstream-network refresh`, \(subscriptions) with the bomb against 10", commandPeaks))
            return 0
        } catch {
            FileHandle.standardError.write(Data("bomb farm: \(error)\n".utf8))
            return 1
        }
    }

    private static func row(_ name: String, _ result: PeakMemory.Result, outcome: String) -> String {
        "| \(name) | \(result.exitStatus) | " + String(format: "%.1f MiB", Double(result.peakBytes) / 1_048_576)
            + " | \(outcome) |"
    }

    private static func difference(_ name: String, _ peaks: [Int]) -> String {
        guard peaks.count == 2 else { return "" }
        return "\n\(name): " + String(format: "%+.1f MiB", Double(peaks[0] - peaks[1]) / 1_048_576) + "\n"
    }
}
