import AtomStream
import FeedStreamNetworking
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Benchmarks --child-fetch SOURCE TRANSPORT MICROSECONDS`: decodes the Atom feed at SOURCE — a file read at 64 KiB
/// chunks, or an http URL through TRANSPORT (`default`, `async-http-client`, `urlsession`) — spending MICROSECONDS
/// of work per entry, and prints `{"items": N, "seconds": S, "peakResidentBytes": P}`.
enum NetworkChild {
    static func run(source: String, transport name: String, microsecondsPerItem: Int) -> Int32 {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                if source.hasPrefix("http://") {
                    let entries = transport(name).parsedItems(for: URLRequest(url: URL(string: source)!)) { _ in
                        AtomParser()
                    }
                    for try await _ in entries {
                        outcome.items += 1
                        spin(microseconds: microsecondsPerItem)
                    }
                } else {
                    let parser = AtomParser()
                    guard let file = FileHandle(forReadingAtPath: source) else { throw POSIXError(.ENOENT) }
                    while let chunk = try file.read(upToCount: 64 << 10), !chunk.isEmpty {
                        for _ in try parser.parse(chunk) {
                            outcome.items += 1
                            spin(microseconds: microsecondsPerItem)
                        }
                    }
                    try parser.finish { _ in outcome.items += 1 }
                }
            } catch {
                outcome.error = "\(error)"
            }
            done.signal()
        }
        done.wait()
        if let error = outcome.error {
            FileHandle.standardError.write(Data("child-fetch: \(error)\n".utf8))
            return 1
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let peak = ChildMode.peakResidentBytes() ?? -1
        print("{\"items\":\(outcome.items),\"seconds\":\(seconds),\"peakResidentBytes\":\(peak)}")
        return 0
    }

    static func transport(_ name: String) -> any HTTPTransport {
        switch name {
        case "urlsession": return URLSessionTransport()
        #if canImport(AsyncHTTPClient)
            case "async-http-client": return AsyncHTTPClientTransport()
        #endif
        default: return DefaultHTTPTransport()
        }
    }

    /// A consumer's work: busy for `microseconds` (a sleep would measure the scheduler instead).
    static func spin(microseconds: Int) {
        guard microseconds > 0 else { return }
        let clock = ContinuousClock()
        let end = clock.now + .microseconds(microseconds)
        while clock.now < end {}
    }

    /// What the child's task found. `@unchecked Sendable`: written by that task only, read after it signalled.
    private final class Outcome: @unchecked Sendable {
        var items = 0
        var error: String?
    }
}
