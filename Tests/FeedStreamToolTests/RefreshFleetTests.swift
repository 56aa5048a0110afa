import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The server `scripts/with-postgres.sh` starts (`.ci/run` runs the tests under it).
private let postgresURL = ProcessInfo.processInfo.environment["FEEDSTREAM_TEST_POSTGRES_URL"]
/// Run when a server is there; in CI, run (and fail without one).
private let fleetTestsRun = postgresURL != nil || ProcessInfo.processInfo.environment["CI"] != nil

/// Several `feedstream refresh --store postgres://…` processes against one database and a loopback farm.
@Suite("feedstream refresh --store postgres: a fleet", .enabled(if: fleetTestsRun))
struct RefreshFleetTests {
    let tool = FeedStreamToolTests()
    let refresh = RefreshCommandTests()

    /// The test server's URL with a schema of this test's own, migrated as an operator does before starting the
    /// workers (they run no DDL).
    func storeURL(on server: String? = nil) async throws -> String {
        let url = try #require(server ?? postgresURL, "FEEDSTREAM_TEST_POSTGRES_URL is not set (CI is)")
        let schema = "fleet\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
        return try await migratedPostgresStore(on: url, schema: schema, using: FeedStreamToolTests.executable)
    }

    /// Hosts 127.0.0.11… each serving `feeds` feeds, slowly enough that workers overlap.
    func farm(hosts: Int, latency: TimeInterval) throws -> [LoopbackFeedHost] {
        try (0..<hosts).map { index in
            try LoopbackFeedHost(address: "127.0.0.\(11 + index)") { _ in .feed(atomFeed(entries: 3), latency: latency)
            }
        }
    }

    func list(_ urls: [URL]) throws -> URL {
        let file = try refresh.directory().appendingPathComponent("feeds.txt")
        try urls.map(\.absoluteString).joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test("Four workers started together fetch each feed once, and a host never sees more than --per-host")
    func exactlyOnce() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let hosts = try farm(hosts: 6, latency: 0.05)
        defer { for host in hosts { host.stop() } }
        let urls = hosts.flatMap { host in (0..<10).map { host.url("/f\($0)") } }
        let file = try list(urls)
        let store = try await storeURL()
        // Each worker adds the list (adding it again changes nothing), then refreshes what it can claim.
        let runs = try await withThrowingTaskGroup(of: FeedStreamToolTests.Run.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    try await tool.run([
                        "refresh", file.path, "--store", store, "--worker", "w\(worker)", "--per-host", "2",
                    ])
                }
            }
            var runs: [FeedStreamToolTests.Run] = []
            for try await run in group { runs.append(run) }
            return runs
        }
        for run in runs { #expect(run.status == 0, "\(run.error)") }
        let statuses = try runs.flatMap { try refresh.statusLines($0).keys }
        #expect(statuses.sorted() == urls.map(\.absoluteString).sorted())
        for host in hosts {
            let paths = host.requests.map(\.path)
            #expect(paths.count == 10 && Set(paths).count == 10, "\(host.address): \(paths)")
            #expect(host.maximumInFlight <= 2)
        }
        // How the work was shared is not asserted: on a loaded machine one worker may claim every feed before the
        // others have started, which is correct. What must hold is above: each feed once, each host within the bound.
    }

    @Test("A worker killed mid-run: its claims come back to another worker after the lease")
    func killedWorker() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        // One host, so that the first worker holds it all; each feed takes a while.
        let hosts = try farm(hosts: 1, latency: 10.0)
        defer { for host in hosts { host.stop() } }
        let urls = (0..<6).map { hosts[0].url("/f\($0)") }
        let file = try list(urls)
        let store = try await storeURL()

        // Its output goes to a file: what it finished before it died is not refreshed again.
        let doomedOutput = try refresh.directory().appendingPathComponent("doomed.out")
        FileManager.default.createFile(atPath: doomedOutput.path, contents: nil)
        let lease: TimeInterval = 20
        let doomed = Process()
        doomed.executableURL = FeedStreamToolTests.executable
        doomed.arguments = ["refresh", file.path, "--store", store, "--worker", "doomed", "--lease", "\(Int(lease))"]
        doomed.standardOutput = try FileHandle(forWritingTo: doomedOutput)
        doomed.standardError = FileHandle.nullDevice
        let ended = AsyncSignal()
        doomed.terminationHandler = { _ in ended.signal() }
        let started = Date()
        try doomed.run()
        // Killed once it has claimed and begun its transfers.
        let deadline = ContinuousClock.now + .seconds(60)
        while hosts[0].requests.isEmpty && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        // Its claim was made before its first request, so its lease has ended by `claimed + lease`.
        let claimed = Date()
        kill(doomed.processIdentifier, SIGKILL)
        await ended.wait()
        #expect(hosts[0].requests.count > 0)
        let doomedRun = FeedStreamToolTests.Run(
            status: 0, output: try String(contentsOf: doomedOutput, encoding: .utf8), error: "")
        let finishedByDoomed = Set(try refresh.statusLines(doomedRun).keys)

        // Within the lease, the host and its subscriptions are still the dead worker's. (On a machine so loaded
        // that the lease ran out before this run began, there is nothing to check here.)
        let early = try await tool.run(["refresh", "--store", store, "--worker", "rescuer"])
        #expect(early.status == 0, "\(early.error)")
        if Date().timeIntervalSince(started) < lease {
            #expect(try refresh.statusLines(early).isEmpty)
        }
        let rescuedEarly = Set(try refresh.statusLines(early).keys)
        let wait = lease + 1 - Date().timeIntervalSince(claimed)
        if wait > 0 { try await Task.sleep(for: .seconds(wait)) }
        let late = try await tool.run(["refresh", "--store", store, "--worker", "rescuer"])
        #expect(late.status == 0, "\(late.error)")
        // Every feed finished exactly once: by the dead worker before it died, or by the rescuer after.
        let rescued = rescuedEarly.union(try refresh.statusLines(late).keys)
        #expect(rescued.isDisjoint(with: finishedByDoomed))
        #expect(rescued.union(finishedByDoomed) == Set(urls.map(\.absoluteString)))
    }
}
