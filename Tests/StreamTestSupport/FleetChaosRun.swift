import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fleet of real `feedstream refresh --store postgres://…` processes put through the faults a deployment meets,
/// on a loopback farm: one worker stopped (`SIGSTOP`) past its lease and then continued, one killed (`SIGKILL`), one
/// whose clock is an hour ahead (`--clock-skew`), and the PostgreSQL server restarted mid-run; a fifth worker takes
/// what the stopped one held, and a sweeper, after the leases have run out, what the killed one held.
///
/// The same run is the chaos test (`RefreshFleetChaosTests`, which asserts ``FleetChaosReport/violations`` is
/// empty) and the benchmark's row (`Benchmarks --fleet-chaos`, which prints the report): what is judged is judged
/// once, in ``FleetChaosLedger``.
public struct FleetChaosRun: Sendable {
    /// The tool: `feedstream` or `feedstream-network`.
    public var executable: URL
    /// A migrated store (`postgres://…?search_path=…`) on the server that `restart` restarts.
    public var store: String
    /// A shell command that restarts the PostgreSQL server (`FEEDSTREAM_TEST_POSTGRES_RESTART`).
    public var restart: String
    /// The farm; every path of `paths` on every host is one subscription.
    public var hosts: [LoopbackFeedHost]
    public var paths: [String]
    /// Seconds a claim holds without a renewal.
    public var lease = 2
    public var perHost = 2
    public var concurrency = 4

    public init(executable: URL, store: String, restart: String, hosts: [LoopbackFeedHost], paths: [String]) {
        self.executable = executable
        self.store = store
        self.restart = restart
        self.hosts = hosts
        self.paths = paths
    }

    /// Every subscription, in list order.
    public var urls: [URL] { hosts.flatMap { host in paths.map { host.url($0) } } }

    /// Runs the scenario to its end and judges it.
    public func run() async throws -> FleetChaosReport {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("fleet-chaos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("feeds.txt")
        try urls.map(\.absoluteString).joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
        let arguments = [
            "refresh", list.path, "--store", store, "--lease", "\(lease)", "--per-host", "\(perHost)",
            "--concurrency", "\(concurrency)",
        ]
        func worker(_ name: String, skewed: Bool = false) throws -> FleetWorkerProcess {
            try FleetWorkerProcess(
                name, executable: executable, arguments: arguments + (skewed ? ["--clock-skew", "3600"] : []),
                in: directory)
        }
        let workers = try (0..<4).map { try worker("w\($0)", skewed: $0 == 3) }
        let ledger = FleetChaosLedger(hosts: hosts, perHost: perHost, concurrency: concurrency)
        var notes: [String] = []
        let began = ContinuousClock.now
        let deadline = began + .seconds(60)
        func waitForRequest(from name: String) async throws {
            while ledger.begun(by: name).isEmpty && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
            guard !ledger.begun(by: name).isEmpty else { throw FleetChaosError("\(name) fetched nothing within 60 s") }
        }
        // w1 first, stopped as soon as it fetches, so that it is stopped holding work (started with the others, it
        // sometimes claimed nothing, or ended as soon as the others held every host, before it was stopped).
        try workers[1].run()
        try await waitForRequest(from: "w1")
        workers[1].signal(SIGSTOP)
        // What it sent before it stopped reaches the farm's ledger a moment later.
        try await Task.sleep(for: .milliseconds(200))
        let begunByStopped = ledger.begun(by: "w1")
        // w2 next, killed once it fetches, with what it had begun noted; the others beside it.
        try workers[2].run()
        try await waitForRequest(from: "w2")
        for index in [0, 3] { try workers[index].run() }
        try await Task.sleep(for: .milliseconds(300))
        workers[2].signal(SIGKILL)
        await workers[2].ended.wait()
        let killed = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(200))
        let begunByKilled = ledger.begun(by: "w2")
        // The server goes away and comes back while the others fetch and finish. By system(3), on a thread of its
        // own (a cooperative thread blocked for the restart holds up every other test): not through pipes (the
        // server it starts again would hold them open), and waited for by the shell (Foundation's Process did not
        // reap `runuser` here).
        let status = await Self.onThreadOfItsOwn { [restart] in system("'\(restart)' >/dev/null 2>&1 </dev/null") }
        if status != 0 { notes.append("the server's restart exited \(status)") }
        // Past its lease, a fifth worker starts and takes what the stopped one held; once it fetches, the stopped
        // one is continued: it must fetch nothing it queued and store nothing it had in flight.
        try await Task.sleep(for: .seconds(Double(lease + 1)))
        let rescuer = try worker("w4")
        try rescuer.run()
        try await Task.sleep(for: .milliseconds(300))
        let continued = ContinuousClock.now
        workers[1].signal(SIGCONT)
        var unended: [String] = []
        for process in [workers[0], workers[3], rescuer] where await !process.ended(within: .seconds(120)) {
            unended.append(process.name)
            process.signal(SIGKILL)
            await process.ended.wait()
        }
        var stoppedNeverEnded = false
        if await !workers[1].ended(within: .seconds(60)) {
            // Known: the worker stopped across the server's restart sometimes never ends (its renewals go on; what
            // it waits for is not found yet). Killed, its leases run out and the sweep takes them.
            stoppedNeverEnded = true
            workers[1].signal(SIGKILL)
            await workers[1].ended.wait()
        }
        // What the killed worker held and did not finish comes back after its lease.
        try await Task.sleep(for: .seconds(Double(lease + 1)))
        let sweeper = try worker("sweeper")
        try sweeper.run()
        if await !sweeper.ended(within: .seconds(120)) {
            unended.append(sweeper.name)
            sweeper.signal(SIGKILL)
            await sweeper.ended.wait()
        }
        let wall = ContinuousClock.now - began
        let everyone = workers + [rescuer, sweeper]
        let statuses = Dictionary(uniqueKeysWithValues: everyone.map { ($0.name, $0.status) })
        let outputs = try Dictionary(uniqueKeysWithValues: everyone.map { ($0.name, try $0.output()) })
        let errors = Dictionary(uniqueKeysWithValues: everyone.map { ($0.name, $0.errorText()) })
        let facts = FleetChaosLedger.Facts(
            urls: urls, paths: paths, stopped: "w1", killed: "w2", killedAt: killed, continued: continued,
            begunByStopped: begunByStopped, begunByKilled: begunByKilled, mustExitZero: ["w0", "w3", "w4", "sweeper"],
            statuses: statuses, outputs: outputs, unended: unended)
        var report = ledger.judge(facts)
        report.wall = wall
        report.stoppedNeverEnded = stoppedNeverEnded
        report.notes = notes + report.notes
        report.errors = errors.filter { !$0.value.isEmpty }
        for (name, instant) in everyone.compactMap({ worker in worker.endedAt.value.map { (worker.name, $0) } }) {
            report.notes.append("\(name) ended \(instant - continued) after the stopped worker was continued")
        }
        return report
    }

    /// Runs `body` on a thread of its own and waits without holding one of the cooperative pool's (on two cores
    /// there are two, and every other test of the run needs them).
    private static func onThreadOfItsOwn(_ body: @escaping @Sendable () -> Int32) async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}

/// A run's failure to set itself up (not a finding about the fleet).
public struct FleetChaosError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// One worker process, its output in a file.
public final class FleetWorkerProcess: @unchecked Sendable {
    public let name: String
    private let process = Process()
    private let outputFile: URL
    private let errorFile: URL
    /// Signalled from the process's termination handler.
    public let ended = AsyncSignal()
    /// When the process ended.
    public let endedAt = EndTime()

    /// An instant set once, from the process's termination handler.
    public final class EndTime: @unchecked Sendable {
        private let lock = NSLock()
        private var instant: ContinuousClock.Instant?
        func set() { lock.withLock { instant = .now } }
        public var value: ContinuousClock.Instant? { lock.withLock { instant } }
    }

    /// A worker named `name`, its requests marked with an `X-Worker` header of its name.
    public init(_ name: String, executable: URL, arguments: [String], in directory: URL) throws {
        self.name = name
        outputFile = directory.appendingPathComponent("\(name).out")
        errorFile = directory.appendingPathComponent("\(name).err")
        FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments + ["--worker", name, "--header", "X-Worker: \(name)"]
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        let (ended, endedAt) = (self.ended, self.endedAt)
        process.terminationHandler = { _ in
            endedAt.set()
            ended.signal()
        }
    }

    public func run() throws { try process.run() }

    /// Whether the process ended within `limit`. Polled: a task group racing `ended.wait()` against a sleep would
    /// itself wait for the wait, which does not end on cancellation, so a process that never ended hung the run.
    public func ended(within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while endedAt.value == nil && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        return endedAt.value != nil
    }

    public func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Its exit status; `nil` while it runs or after it never started.
    public var status: Int32? { endedAt.value == nil ? nil : process.terminationStatus }

    public func output() throws -> String { try String(contentsOf: outputFile, encoding: .utf8) }

    public func errorText() -> String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }
}
