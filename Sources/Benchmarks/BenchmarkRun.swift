import Foundation

/// One run of the benchmark: fixtures, throughput table, concurrency, memory, and the machine-readable record.
struct BenchmarkRun {
    let options: BenchmarkOptions
    var records: [BenchmarkRecord] = []
    /// Everything reported, as Markdown, for `--markdown FILE`.
    var markdown = ""

    /// Prints a line of the report and keeps it for the Markdown file.
    mutating func report(_ line: String) {
        print(line)
        markdown += line + "\n"
    }

    /// The package root, found from this file, so the benchmark works from any directory.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtureDirectory = packageRoot.appendingPathComponent("Fixtures/large-feeds/generated")

    init(options: BenchmarkOptions) {
        self.options = options
    }

    var runs: Int { options.runs ?? (options.quick ? 5 : 7) }
    var chunkSizes: [Int] { [1460, 16 << 10, 64 << 10] }

    var workloads: [Workload] {
        let all =
            [AtomWorkloads.workload(entries: options.quick ? 10_000 : 100_000)]
            + XMLItemsWorkload.all(quick: options.quick)
            + [RSSWorkloads.workload(items: options.quick ? 10_000 : 100_000)]
            + [RSSWorkloads.blogWorkload(items: options.quick ? 4_000 : 40_000)]
            + [RSSWorkloads.markupWorkload(items: options.quick ? 8_000 : 80_000)]
            + [RSSWorkloads.codeWorkload(items: options.quick ? 1_000 : 10_000)]
            + JSONWorkloads.all(quick: options.quick)
        guard let only = options.only else { return all }
        return all.filter { $0.name.contains(only) }
    }

    mutating func run() throws {
        report(MachineDescription.current)
        for workload in workloads {
            try measure(workload)
        }
        for workload in PathologicalWorkload.all where options.only.map({ workload.name.contains($0) }) ?? true {
            try measure(workload)
        }
        if options.measureMemory {
            report("\n## Peak resident memory, input streamed through standard input at 64 KiB")
            for workload in workloads { try measureMemory(workload) }
        }
        // `--only network`: only these rows (no workload's name holds "network").
        if options.only == nil || options.only == "network" { try measureNetwork() }
        if let path = options.jsonPath {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(records).write(to: URL(fileURLWithPath: path))
            print("wrote \(records.count) records to \(path)")
        }
        if let path = options.markdownPath {
            try markdown.write(toFile: path, atomically: true, encoding: .utf8)
            print("wrote the report to \(path)")
        }
    }

    /// Loads (generating if missing) a fixture into memory.
    func load(_ fixture: Fixture) throws -> Data {
        try FileManager.default.createDirectory(at: Self.fixtureDirectory, withIntermediateDirectories: true)
        let url = Self.fixtureDirectory.appendingPathComponent(fixture.fileName)
        if !FileManager.default.fileExists(atPath: url.path) {
            print("generating \(fixture.fileName): \(fixture.description)")
            _ = try FixtureSink.writeFile(url.path, with: fixture.generate)
        }
        return try Data(contentsOf: url, options: .alwaysMapped)
    }

    mutating func measure(_ workload: Workload) throws {
        let data = try load(workload.fixture)
        let megabytes = Double(data.count) / 1_000_000
        report("\n## \(workload.name) — \(workload.fixture.description), \(String(format: "%.1f", megabytes)) MB")
        report(Table.header)
        var subjectAt64K = 0.0
        var subjectAt1460 = 0.0
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            for chunkSize in chunkSizes {
                let pair = Stopwatch.interleaved(
                    runs: runs, ceiling: { workload.ceiling(bytes, chunkSize) },
                    subject: { workload.subject(bytes, chunkSize) })
                let (ceiling, subject) = (pair.ceiling, pair.subject)
                let record = BenchmarkRecord(
                    workload: workload.name, decoder: "FeedStream", chunkSize: chunkSize,
                    megabytesPerSecond: megabytes / subject.seconds,
                    itemsPerSecond: Double(subject.items) / subject.seconds, items: subject.items,
                    ceilingMegabytesPerSecond: megabytes / ceiling.seconds,
                    ratioToCeiling: pair.ratio)
                records.append(record)
                report(Table.row(record))
                if chunkSize == 64 << 10 { subjectAt64K = megabytes / subject.seconds }
                if chunkSize == 1460 { subjectAt1460 = megabytes / subject.seconds }
            }
        }
        for baseline in workload.baselines {
            let result = Stopwatch.median(runs: runs) { baseline.decode(data) }
            let record = BenchmarkRecord(
                workload: workload.name, decoder: baseline.name, chunkSize: nil,
                megabytesPerSecond: megabytes / result.seconds, itemsPerSecond: Double(result.items) / result.seconds,
                items: result.items, speedupOfFeedStream: subjectAt64K / (megabytes / result.seconds))
            records.append(record)
            report(Table.row(record))
        }
        let chunkRatio = subjectAt1460 / subjectAt64K
        report("\n" + String(format: "- 1,460 B chunks reach %.2f× the 64 KiB throughput", chunkRatio))
        try measureConcurrency(workload, data: data, single: subjectAt64K, megabytes: megabytes)
    }

    /// A huge token at 512-byte chunks against 64 KiB chunks: linear intake keeps the two close.
    mutating func measure(_ workload: PathologicalWorkload) throws {
        let data = try load(workload.fixture)
        let megabytes = Double(data.count) / 1_000_000
        let decode = workload.decode
        let (small, large) = data.withUnsafeBytes { bytes in
            (
                Stopwatch.median(runs: runs) { decode(bytes, 512) },
                Stopwatch.median(runs: runs) { decode(bytes, 64 << 10) }
            )
        }
        for (chunkSize, result) in [(512, small), (64 << 10, large)] {
            records.append(
                BenchmarkRecord(
                    workload: workload.name, decoder: "FeedStream", chunkSize: chunkSize,
                    megabytesPerSecond: megabytes / result.seconds, items: result.items))
        }
        report("\n## \(workload.name) — \(workload.fixture.description)")
        report(
            "- " + String(
                format: "512 B chunks: %.3f s, 64 KiB chunks: %.3f s — %.2f× the 64 KiB time",
                small.seconds, large.seconds, small.seconds / large.seconds))
    }

    /// Two independent streams on two threads: the combined throughput against one stream's.
    mutating func measureConcurrency(_ workload: Workload, data: Data, single: Double, megabytes: Double) throws {
        let subject = workload.subject
        let clock = ContinuousClock()
        var best = Duration.seconds(1_000_000)
        for _ in 0..<runs {
            let group = DispatchGroup()
            let elapsed = clock.measure {
                for _ in 0..<2 {
                    DispatchQueue.global().async(group: group) {
                        data.withUnsafeBytes { _ = subject($0, 64 << 10) }
                    }
                }
                group.wait()
            }
            best = min(best, elapsed)
        }
        let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) * 1e-18
        let combined = 2 * megabytes / seconds
        records.append(
            BenchmarkRecord(
                workload: workload.name, decoder: "FeedStream ×2 threads", chunkSize: 64 << 10,
                megabytesPerSecond: combined, speedupOfFeedStream: combined / single))
        let summary = String(format: "%.1f MB/s combined, %.2f× one stream", combined, combined / single)
        report("- two streams on two threads: " + summary)
    }

    /// Peak resident memory of a child streaming a generated input through a pipe, at two sizes 10× apart.
    mutating func measureMemory(_ workload: Workload) throws {
        guard let kind = workload.childKind else { return }
        let executable =
            CommandLine.arguments[0].hasPrefix("/")
            ? CommandLine.arguments[0]
            : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0]
        let sizes = options.quick ? [10_000_000, 100_000_000] : [100_000_000, 1_000_000_000]
        for size in sizes {
            let result = try PeakMemory.measure(executable: executable, arguments: ["--child", kind, "65536"]) {
                write in
                withoutActuallyEscaping(write) { write in
                    var sink = FixtureSink(emit: write)
                    sink.byteBudget = size
                    Streams.generate(kind: kind, into: &sink)
                    sink.flush()
                }
            }
            // Prefer the child's own report (see ChildMode.peakResidentBytes); wait4's figure includes ours.
            let reported =
                (try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])?[
                    "peakResidentBytes"] as? Int
            let peak = reported.flatMap { $0 > 0 ? $0 : nil } ?? result.peakBytes
            let megabytes = Double(peak) / 1_048_576
            records.append(
                BenchmarkRecord(
                    workload: workload.name, decoder: "FeedStream streamed (stdin)", chunkSize: 64 << 10,
                    inputBytes: size, peakResidentBytes: peak))
            let summary = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
            report(
                "- peak RSS, \(workload.name) "
                    + String(
                        format: "streaming %.0f MB from stdin: %.1f MiB",
                        Double(size) / 1_000_000, megabytes)
                    + " (exit \(result.exitStatus), \(summary))")
        }
    }
}

/// Endless generated inputs for the memory measurement: the same shapes as the fixtures, cut at a byte budget.
enum Streams {
    static func generate(kind: String, into sink: inout FixtureSink) {
        switch kind {
        case "atom":
            // ~1.6 KB per entry: enough entries to pass the budget.
            let entries = sink.byteBudget / 1_500 + 1
            AtomFeedGenerator(entries: entries, seed: 7).write(to: &sink)
        case "rss":
            // ~1.9 KB per item.
            RSSFeedGenerator(items: sink.byteBudget / 1_800 + 1, seed: 7).write(to: &sink)
        case "rss-html":
            // Decoded by the `rss` and `rss-raw` children: ~5.6 KB of blog markup per item.
            BlogFeedGenerator(items: sink.byteBudget / 5_600 + 1, seed: 7).write(to: &sink)
        case "rss-markup":
            // Decoded by the `rss` and `rss-raw` children: ~4.5 KB per item (its markup twice, escaped and in CDATA).
            MarkupFeedGenerator(items: sink.byteBudget / 4_470 + 1, seed: 7).write(to: &sink)
        case "rss-code":
            // Decoded by the `rss` and `rss-raw` children: ~22 KB of highlighted code, prose and MathML per item.
            CodeFeedGenerator(items: sink.byteBudget / 22_000 + 1, seed: 7).write(to: &sink)
        case "twitter":
            TwitterGenerator(seed: 7).searchResponse(bytes: sink.byteBudget, into: &sink)
        case "twitter-stream":
            TwitterGenerator(seed: 7).stream(bytes: sink.byteBudget, into: &sink)
        case "jive-inbox":
            JiveGenerator(seed: 7).inbox(bytes: sink.byteBudget, into: &sink)
        case "xml-items", "xml-records":
            FellowshipOneGenerator(seed: 7).search(bytes: sink.byteBudget, into: &sink)
        case "employees":
            EmployeesGenerator(seed: 7).page(bytes: sink.byteBudget, into: &sink)
        default:
            break
        }
    }
}
