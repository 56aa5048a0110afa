import AtomStream
import FeedStreamServices
import Foundation

/// `Benchmarks --unchanged-body [MIB]`: what the refresher's `UnchangedBodyCheck` costs on an RSS body of MIB MiB
/// (default 64) in 64 KiB chunks, against decoding it: the digest taken alongside a decode (every changed body pays
/// it), an identical body recognised undecoded (what it saves), and a plain `FeedParser` decode. Best of 5 rounds
/// after a warm-up; prints a Markdown table.
enum UnchangedBodyWorkload {
    static func run(_ arguments: [String]) -> Int32 {
        let mebibytes = arguments.first.flatMap(Int.init) ?? 64
        var body = Data()
        var sink = FixtureSink { body.append(contentsOf: $0) }
        sink.byteBudget = mebibytes << 20
        Streams.generate(kind: "rss", into: &sink)
        sink.flush()
        let chunks = stride(from: 0, to: body.count, by: 65_536).map {
            body.subdata(in: $0..<min(body.count, $0 + 65_536))
        }
        var digest = ""
        let digesting = best {
            var check = UnchangedBodyCheck(stored: nil)
            for chunk in chunks { _ = check.take(chunk) }
            _ = check.finish()
            digest = check.digest
        }
        var verdict = UnchangedBodyCheck.Verdict.decoded
        let recognising = best {
            var check = UnchangedBodyCheck(stored: digest)
            for chunk in chunks { _ = check.take(chunk) }
            verdict = check.finish().0
        }
        var entries = 0
        let decoding = best {
            let parser = FeedParser()
            entries = 0
            do {
                for chunk in chunks { entries += try parser.parse(chunk).count }
                try parser.finish { _ in entries += 1 }
            } catch {
                entries = -1
            }
        }
        guard verdict == .identical, entries > 0 else {
            FileHandle.standardError.write(Data("unchanged body: verdict \(verdict), \(entries) entries\n".utf8))
            return 1
        }
        let megabytes = Double(body.count) / 1e6
        print("| \(body.count) bytes of RSS, \(entries) entries, 64 KiB chunks | seconds | MB/s | of the decode |")
        print("|---|---:|---:|---:|")
        for (name, seconds) in [
            ("digest alongside a decode (a changed body)", digesting),
            ("identical body recognised, nothing decoded", recognising), ("FeedParser decode", decoding),
        ] {
            print(
                "| \(name) | "
                    + String(format: "%.4f | %.0f | %.1f %% |", seconds, megabytes / seconds, 100 * seconds / decoding))
        }
        return 0
    }

    /// The best of 5 timed rounds after one untimed.
    private static func best(_ round: () -> Void) -> Double {
        round()
        var fastest = Double.infinity
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            round()
            fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return fastest
    }
}
