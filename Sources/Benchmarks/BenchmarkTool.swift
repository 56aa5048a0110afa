import AtomStream
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `swift run -c release Benchmarks [--quick] [--json FILE] [--only NAME] [--runs N]`: throughput of every FeedStream
/// decoder against the C parser's no-op ceiling and Foundation, at network chunk sizes, plus concurrency and
/// peak memory.
@main
enum BenchmarkTool {
    static func main() throws {
        #if DEBUG
            let message = "Benchmarks refuses a debug build: run `swift run -c release Benchmarks`\n"
            FileHandle.standardError.write(Data(message.utf8))
            exit(1)
        #else
            var arguments = CommandLine.arguments.dropFirst()
            if arguments.first == "--child" {
                arguments = arguments.dropFirst()
                exit(
                    ChildMode.run(
                        kind: arguments.first ?? "", chunkSize: Int(arguments.dropFirst().first ?? "") ?? 65_536))
            }
            if arguments.first == "--child-fetch" {
                let rest = Array(arguments.dropFirst())
                guard rest.count == 3, let microseconds = Int(rest[2]) else {
                    FileHandle.standardError.write(Data("usage: Benchmarks --child-fetch SOURCE TRANSPORT µs\n".utf8))
                    exit(2)
                }
                exit(NetworkChild.run(source: rest[0], transport: rest[1], microsecondsPerItem: microseconds))
            }
            if arguments.first == "--bomb-farm" { exit(BombFarm.run(Array(arguments.dropFirst()))) }
            if arguments.first == "--refresh-farm" { exit(RefreshFarm.run(Array(arguments.dropFirst()))) }
            if arguments.first == "--store-farm" { exit(StoreFarm.run(Array(arguments.dropFirst()))) }
            if arguments.first == "--fleet-farm" {
                let rest = Array(arguments.dropFirst())
                exitAfter { await FleetFarm.run(rest) }
            }
            if arguments.first == "--fleet-chaos" {
                let rest = Array(arguments.dropFirst())
                exitAfter { await FleetChaos.run(rest) }
            }
            if arguments.first == "--child-store-refresh" {
                let rest = Array(arguments.dropFirst())
                exitAfter { await StoreFarm.child(rest) }
            }
            if arguments.first == "--scheduler-farm" { exit(SchedulerFarm.run(Array(arguments.dropFirst()))) }
            if arguments.first == "--unchanged-body" { exit(UnchangedBodyWorkload.run(Array(arguments.dropFirst()))) }
            if arguments.first == "--generator-corpus" {
                exit(GeneratorCorpusWorkload.run(Array(arguments.dropFirst())))
            }
            if arguments.first == "--child-refresh" {
                let rest = Array(arguments.dropFirst())
                exitAfter { await RefreshFarm.child(rest) }
            }
            if arguments.first == "--time" {
                let rest = Array(arguments.dropFirst())
                guard rest.count >= 2 else {
                    FileHandle.standardError.write(Data("usage: Benchmarks --time KIND FILE [CHUNK]\n".utf8))
                    exit(2)
                }
                let chunkSize = rest.count > 2 ? Int(rest[2]) ?? 65_536 : 65_536
                exit(ChildMode.time(kind: rest[0], path: rest[1], chunkSize: chunkSize))
            }
            if arguments.first == "--emit" {
                // `Benchmarks --emit KIND BYTES | feedstream KIND --count`: the memory measurement, by hand.
                let kind = arguments.dropFirst().first ?? ""
                let bytes = Int(arguments.dropFirst(2).first ?? "") ?? 100_000_000
                var sink = FixtureSink { chunk in
                    var offset = 0
                    while offset < chunk.count {
                        let written = write(STDOUT_FILENO, chunk.baseAddress! + offset, chunk.count - offset)
                        if written <= 0 { exit(written < 0 && errno == EPIPE ? 0 : 1) }
                        offset += written
                    }
                }
                sink.byteBudget = bytes
                Streams.generate(kind: kind, into: &sink)
                sink.flush()
                exit(0)
            }
            var options = BenchmarkOptions()
            while let argument = arguments.popFirst() {
                switch argument {
                case "--quick": options.quick = true
                case "--json": options.jsonPath = arguments.popFirst()
                case "--markdown": options.markdownPath = arguments.popFirst()
                case "--only": options.only = arguments.popFirst()
                case "--runs": options.runs = arguments.popFirst().flatMap { Int($0) }.map { max($0, 1) }
                case "--skip-memory": options.measureMemory = false
                default:
                    let usage =
                        "usage: Benchmarks [--quick] [--json FILE] [--markdown FILE] [--only NAME] [--runs N]"
                        + " [--skip-memory]\n"
                    FileHandle.standardError.write(Data(usage.utf8))
                    exit(2)
                }
            }
            var run = BenchmarkRun(options: options)
            try run.run()
        #endif
    }
}

struct BenchmarkOptions {
    var quick = false
    var jsonPath: String?
    var markdownPath: String?
    var only: String?
    /// Timed runs per figure (after a warm-up); the default is 5 with `--quick`, 7 without.
    var runs: Int?
    var measureMemory = true
}

/// The exit status of the refresh child's task, handed to the main thread.
/// Runs `body` and exits with its status. Detached: `main` runs on the main actor, which the wait holds.
func exitAfter(_ body: @escaping @Sendable () async -> Int32) -> Never {
    let done = DispatchSemaphore(value: 0)
    let status = ExitStatusBox()
    Task.detached {
        status.value = await body()
        done.signal()
    }
    done.wait()
    exit(status.value)
}

final class ExitStatusBox: @unchecked Sendable {
    // `@unchecked Sendable`: written once by the task before the semaphore is signalled, read after the wait.
    var value: Int32 = 1
}
