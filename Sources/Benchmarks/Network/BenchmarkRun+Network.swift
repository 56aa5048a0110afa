import Foundation

/// The network rows: a generated Atom feed served over loopback HTTP by ``LoopbackFileServer`` and decoded by a
/// child process through each transport, against the same bytes read from a file in the same run; and the child's
/// peak resident memory against a tiny feed's.
extension BenchmarkRun {
    /// One child run: where it reads from, and how long each item takes the consumer.
    private struct NetworkCase {
        var label: String
        var transport: String?
        var microsecondsPerItem = 0
        var isTiny = false
    }

    mutating func measureNetwork() throws {
        let size = options.quick ? 100_000_000 : 1_000_000_000
        let directory = FileManager.default.temporaryDirectory
        let big = directory.appendingPathComponent("feedstream-bench-\(getpid())-network.xml").path
        let tiny = directory.appendingPathComponent("feedstream-bench-\(getpid())-tiny.xml").path
        defer {
            try? FileManager.default.removeItem(atPath: big)
            try? FileManager.default.removeItem(atPath: tiny)
        }
        for (path, bytes) in [(big, size), (tiny, 100_000)] {
            _ = try FixtureSink.writeFile(path) { sink in
                sink.byteBudget = bytes
                Streams.generate(kind: "atom", into: &sink)
            }
        }
        let rounds = options.runs ?? (options.quick ? 3 : 5)
        let bytes = (try FileManager.default.attributesOfItem(atPath: big)[.size] as? Int) ?? size
        report(
            "\n## Atom over loopback HTTP — "
                + String(format: "%.0f MB", Double(bytes) / 1_000_000)
                + " served from 127.0.0.1, decoded by a child process (median of \(rounds) rounds); ratio to the file"
                + " path in the same run")
        let cases = [
            NetworkCase(label: "file (64 KiB reads)", transport: nil),
            NetworkCase(label: "HTTP, default transport", transport: "default"),
            NetworkCase(label: "HTTP, async-http-client", transport: "async-http-client"),
            NetworkCase(label: "HTTP, urlsession", transport: "urlsession"),
            NetworkCase(label: "file, consumer 20 µs/item", transport: nil, microsecondsPerItem: 20),
            NetworkCase(label: "HTTP default, consumer 20 µs/item", transport: "default", microsecondsPerItem: 20),
            NetworkCase(label: "HTTP default, tiny feed (100 kB)", transport: "default", isTiny: true),
        ]
        // Rounds of every case in turn, so that a machine whose speed drifts slows all of them alike; the median
        // time and the highest peak of each.
        var times = Array(repeating: [Double](), count: cases.count)
        var peaks = Array(repeating: 0, count: cases.count)
        for _ in 0..<rounds {
            for (index, entry) in cases.enumerated() {
                let (seconds, peak) = try fetchInChild(entry, path: entry.isTiny ? tiny : big)
                times[index].append(seconds)
                peaks[index] = max(peaks[index], peak)
            }
        }
        // A case's ratio is the median of its rounds' ratios, each to the file case of the same round and
        // consumer: a pair measured seconds apart, not two medians that the machine's drift can pull apart.
        var fileRounds: [Int: [Double]] = [:]
        for (index, entry) in cases.enumerated() where entry.transport == nil {
            fileRounds[entry.microsecondsPerItem] = times[index]
        }
        var tinyPeak = 0
        var rows: [(NetworkCase, seconds: Double, ratio: Double?, peak: Int)] = []
        for (index, entry) in cases.enumerated() {
            let seconds = Self.median(times[index])
            let ratio = entry.isTiny
                ? nil
                : fileRounds[entry.microsecondsPerItem].map { file in
                    Self.median(zip(file, times[index]).map { $0 / $1 })
                }
            if entry.isTiny { tinyPeak = peaks[index] }
            rows.append((entry, seconds, ratio, peaks[index]))
        }
        report("| input | MB/s | × file (median of the rounds' ratios) | peak RSS | − tiny feed's |")
        report("|---|---:|---:|---:|---:|")
        for (entry, seconds, ratio, peak) in rows {
            let megabytes = Double(entry.isTiny ? 100_000 : bytes) / 1_000_000
            records.append(
                BenchmarkRecord(
                    workload: "atom over loopback HTTP", decoder: entry.label, chunkSize: 64 << 10,
                    megabytesPerSecond: megabytes / seconds, speedupOfFeedStream: ratio,
                    inputBytes: entry.isTiny ? 100_000 : bytes, peakResidentBytes: peak))
            report(
                "| \(entry.label) | " + String(format: "%.1f", megabytes / seconds) + " | "
                    + (ratio.map { String(format: "%.2f×", $0) } ?? "—") + " | "
                    + String(format: "%.1f MiB", Double(peak) / 1_048_576) + " | "
                    + String(format: "%+.1f MiB", Double(peak - tinyPeak) / 1_048_576) + " |")
        }
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Runs one child decoding `path` (over HTTP when the case names a transport); its seconds and peak RSS.
    private func fetchInChild(_ entry: NetworkCase, path: String) throws -> (seconds: Double, peak: Int) {
        let executable =
            CommandLine.arguments[0].hasPrefix("/")
            ? CommandLine.arguments[0]
            : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0]
        let server = try entry.transport.map { _ in try LoopbackFileServer(serving: path, connections: 1) }
        let source = server?.url ?? path
        let result = try PeakMemory.measure(
            executable: executable,
            arguments: ["--child-fetch", source, entry.transport ?? "-", "\(entry.microsecondsPerItem)"]
        ) { _ in }
        server?.wait()
        let report = try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        guard result.exitStatus == 0, let seconds = report?["seconds"] as? Double else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "child failed: \(entry.label)"])
        }
        let peak = (report?["peakResidentBytes"] as? Int).flatMap { $0 > 0 ? $0 : nil } ?? result.peakBytes
        return (seconds, peak)
    }
}
