import AtomStream
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `swift run -c release Benchmarks [--quick] [--json FILE] [--only NAME]`: throughput of every FeedStream
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
            var options = BenchmarkOptions()
            while let argument = arguments.popFirst() {
                switch argument {
                case "--quick": options.quick = true
                case "--json": options.jsonPath = arguments.popFirst()
            case "--markdown": options.markdownPath = arguments.popFirst()
                case "--only": options.only = arguments.popFirst()
                case "--skip-memory": options.measureMemory = false
                default:
                    let usage = "usage: Benchmarks [--quick] [--json FILE] [--markdown FILE] [--only NAME] [--skip-memory]\n"
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
    var measureMemory = true
}
