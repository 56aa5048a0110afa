import FeedStreamServices
import Foundation
import StreamTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Benchmarks --refresh-farm [SUBSCRIPTIONS] [HOSTS] [LATENCY-MS] [CONCURRENCY] [PER-HOST]`: refreshes
/// SUBSCRIPTIONS feeds (default 1,000) spread over HOSTS loopback hosts (20, on 127.0.0.2 …) that each wait
/// LATENCY-MS (50) before answering, in a child process (`--child-refresh`) whose peak RSS is measured, and again
/// with 10 subscriptions; prints a Markdown table: wall time against the ideal per-host schedule, wire against
/// body bytes, peak RSS against the 10-subscription run.
///
/// The ideal schedule: every host serves at most PER-HOST requests at once and the client makes at most
/// CONCURRENCY, so with `n` feeds on each of `h` hosts and latency `L` no refresher can finish before
/// `max(⌈n / PER-HOST⌉, ⌈n·h / CONCURRENCY⌉) × L`.
enum RefreshFarm {
    static func run(_ arguments: [String]) -> Int32 {
        let numbers = arguments.compactMap { Int($0) }
        let subscriptions = numbers.count > 0 ? numbers[0] : 1_000
        let hostCount = numbers.count > 1 ? numbers[1] : 20
        let latency = Double(numbers.count > 2 ? numbers[2] : 50) / 1_000
        let concurrency = numbers.count > 3 ? numbers[3] : 40
        let perHost = numbers.count > 4 ? numbers[4] : 2
        do {
            let counter = LoopbackInFlightCounter()
            let hosts = try (0..<hostCount).map { index in
                try LoopbackFeedHost(address: "127.0.0.\(index + 2)", lifetime: 3_600, counter: counter) { request in
                    .feed(feedText(for: request.path), compresses: true, latency: latency)
                }
            }
            defer { for host in hosts { host.stop() } }
            print("| run | wall s | ideal s | wall / ideal | wire bytes | body bytes | wire / body | peak RSS |")
            print("|---|---:|---:|---:|---:|---:|---:|---:|")
            var peaks: [Int: Int] = [:]
            for count in [subscriptions, 10] {
                let urls = (0..<count).map { hosts[$0 % hostCount].url("/feed/\($0)").absoluteString }
                let list = FileManager.default.temporaryDirectory.appendingPathComponent("refresh-farm-\(getpid()).txt")
                try urls.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
                defer { try? FileManager.default.removeItem(at: list) }
                let result = try PeakMemory.measure(
                    executable: executablePath(),
                    arguments: ["--child-refresh", list.path, "\(concurrency)", "\(perHost)"]
                ) { _ in }
                let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
                guard result.exitStatus == 0, let seconds = report?["seconds"] as? Double,
                    let wire = report?["wireBytes"] as? Int, let body = report?["bodyBytes"] as? Int,
                    let updated = report?["updated"] as? Int, updated == count
                else {
                    FileHandle.standardError.write(Data("refresh child failed: \(result.output)\n".utf8))
                    return 1
                }
                let perHostCount = (count + hostCount - 1) / hostCount
                let ideal =
                    Double(max((perHostCount + perHost - 1) / perHost, (count + concurrency - 1) / concurrency))
                    * latency
                peaks[count] = result.peakBytes
                print(
                    "| \(count) subscriptions, \(min(count, hostCount)) hosts, \(Int(latency * 1000)) ms, "
                        + "concurrency \(concurrency), per host \(perHost) | "
                        + String(
                            format: "%.2f | %.2f | %.2f× | %d | %d | %.2f | %.1f MiB |", seconds, ideal,
                            seconds / ideal, wire, body, Double(wire) / Double(body),
                            Double(result.peakBytes) / 1_048_576))
            }
            let hostMaximum = hosts.map(\.maximumInFlight).max() ?? 0
            print(
                "\nserver-counted maximum in flight: \(counter.maximum) in all (limit \(concurrency)), "
                    + "\(hostMaximum) on one host (limit \(perHost)); peak RSS difference "
                    + String(format: "%+.1f MiB", Double((peaks[subscriptions] ?? 0) - (peaks[10] ?? 0)) / 1_048_576))
            return 0
        } catch {
            FileHandle.standardError.write(Data("refresh farm: \(error)\n".utf8))
            return 1
        }
    }

    /// The child: refreshes every URL of the list and prints `{"seconds", "wireBytes", "bodyBytes", "updated",
    /// "failures"}` (the first five failures, `kind: message`).
    static func child(_ arguments: [String]) async -> Int32 {
        guard arguments.count == 3, let concurrency = Int(arguments[1]), let perHost = Int(arguments[2]),
            let text = try? String(contentsOfFile: arguments[0], encoding: .utf8)
        else { return 2 }
        let subscriptions = text.split(separator: "\n").compactMap { URL(string: String($0)) }.map {
            Subscription(url: $0)
        }
        let refresher = FeedRefresher(concurrency: concurrency, perHost: perHost)
        let start = ContinuousClock.now
        var wire = 0
        var body = 0
        var updated = 0
        var failures: [String] = []
        for await report in refresher.reports(subscriptions) {
            guard case .finished(_, _, let outcome, let cost) = report else { continue }
            if case .updated = outcome { updated += 1 }
            if case .failed(let failure) = outcome, failures.count < 5 {
                failures.append("\(failure.kind): \(failure.message)")
            }
            wire += Int(cost?.wireBytes ?? 0)
            body += Int(cost?.bodyBytes ?? 0)
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let encoded = (try? JSONSerialization.data(withJSONObject: failures)) ?? Data("[]".utf8)
        let failed = String(decoding: encoded, as: UTF8.self)
        print(
            "{\"seconds\": \(seconds), \"wireBytes\": \(wire), \"bodyBytes\": \(body), \"updated\": \(updated), "
                + "\"failures\": \(failed)}")
        return 0
    }

    /// A feed of 20 items, different per path (as real feeds differ).
    static func feedText(for path: String) -> String {
        var text = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(path)</title>"
        for index in 0..<20 {
            text += "<item><guid>\(path)#\(index)</guid><title>Item \(index) of \(path)</title>"
            text += "<description>&lt;p&gt;Paragraph \(index): what happened, who said what, and a link to "
            text += "&lt;a href=\"https://example.com\(path)/\(index)\"&gt;the story&lt;/a&gt;.&lt;/p&gt;"
            text += "</description><pubDate>Fri, 27 Nov 2026 0\(index % 10):00:00 GMT</pubDate></item>"
        }
        return text + "</channel></rss>"
    }

    static func executablePath() -> String {
        CommandLine.arguments[0].hasPrefix("/")
            ? CommandLine.arguments[0] : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0]
    }

    /// The executable `name` (`feedstream`, `feedstream-network`) of the same build, beside this one.
    static func toolPath(_ name: String) -> String {
        URL(fileURLWithPath: executablePath()).deletingLastPathComponent().appendingPathComponent(name).path
    }
}
