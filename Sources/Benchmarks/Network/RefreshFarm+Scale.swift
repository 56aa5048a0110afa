import Foundation

extension RefreshFarm {
    /// `Benchmarks --refresh-scale [SUBSCRIPTIONS HOSTS]…` (default 2000 20 100000 50000): refreshes each list of
    /// SUBSCRIPTIONS feeds spread over HOSTS loopback hosts (127.1.0.0 on, served by ``LoopbackFarmServer``
    /// processes of at most 12,000 addresses each, answering at once) in a child process, and prints the child's CPU
    /// seconds per subscription (user + system, the refresh alone) and peak RSS, and each run's CPU per
    /// subscription against the first's. What the scheduler's cost per job shows: a walk over every host per job
    /// makes 50,000 hosts cost many times 20.
    static func scale(_ arguments: [String]) -> Int32 {
        let numbers = arguments.compactMap { Int($0) }
        let runs: [(subscriptions: Int, hosts: Int)] =
            numbers.count >= 2
            ? stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
            : [(2_000, 20), (100_000, 50_000)]
        let hostCount = runs.map(\.hosts).max() ?? 0
        var servers: [Process] = []
        defer {
            for server in servers where server.isRunning { server.terminate() }
        }
        var port: UInt16 = 0
        var first = 0
        let perServer = 12_000
        do {
            while first < hostCount {
                let count = min(perServer, hostCount - first)
                let server = Process()
                server.executableURL = URL(fileURLWithPath: executablePath())
                server.arguments = ["--farm-server", "\(first)", "\(count)", "\(port)"]
                let input = Pipe()
                let output = Pipe()
                server.standardInput = input
                server.standardOutput = output
                try server.run()
                servers.append(server)
                var line: [UInt8] = []
                while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 {
                    line.append(byte)
                }
                guard let bound = UInt16(String(decoding: line, as: UTF8.self)) else {
                    FileHandle.standardError.write(Data("refresh scale: a farm server did not start\n".utf8))
                    return 1
                }
                port = bound
                first += count
            }
            print("| subscriptions | hosts | wall s | CPU s | CPU ms / subscription | vs first | peak RSS |")
            print("|---:|---:|---:|---:|---:|---:|---:|")
            var baseline: Double?
            for run in runs {
                let urls = (0..<run.subscriptions).map {
                    "http://\(LoopbackFarmServer.address($0 % run.hosts)):\(port)/feed/\($0)"
                }
                let list = FileManager.default.temporaryDirectory
                    .appendingPathComponent("refresh-scale-\(getpid()).txt")
                try urls.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
                defer { try? FileManager.default.removeItem(at: list) }
                let result = try PeakMemory.measure(
                    executable: executablePath(), arguments: ["--child-refresh", list.path, "40", "2"]
                ) { _ in }
                let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
                guard result.exitStatus == 0, let seconds = report?["seconds"] as? Double,
                    let cpu = report?["cpuSeconds"] as? Double, let updated = report?["updated"] as? Int
                else {
                    FileHandle.standardError.write(Data("refresh child failed: \(result.output)\n".utf8))
                    return 1
                }
                let perSubscription = cpu / Double(run.subscriptions) * 1_000
                let ratio = baseline.map { perSubscription / $0 } ?? 1
                if baseline == nil { baseline = perSubscription }
                print(
                    "| \(run.subscriptions) (\(updated) updated) | \(run.hosts) | "
                        + String(
                            format: "%.2f | %.2f | %.3f | %.2f× | %.1f MiB |", seconds, cpu, perSubscription, ratio,
                            Double(result.peakBytes) / 1_048_576))
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("refresh scale: \(error)\n".utf8))
            return 1
        }
    }
}
