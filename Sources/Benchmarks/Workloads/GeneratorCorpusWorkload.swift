import AtomStream
import Foundation

/// `Benchmarks --generator-corpus DIR [ROUNDS]`: the feeds `scripts/make-generator-corpus.sh` wrote with the real
/// generators (Rouge, Pygments, pandoc, latex2mathml, WordPress's markup), each decoded in one process, in 64 KiB
/// chunks, by libxml2's SAX push parser with no-op callbacks, by `FeedParser` keeping HTML as written
/// (`sanitizesHTML: false`) and by `FeedParser` as shipped (sanitizing): the raw decode against libxml2's floor and
/// the sanitizer's cost against the raw decode, as ratios of one run. The three are interleaved in every round
/// (machine load then falls on all three alike); each is the best of ROUNDS (default 9) after an untimed round.
/// Prints a Markdown table. Instructions are `scripts/generator-benchmark.sh`'s (callgrind on the `--child` kinds
/// `libxml2`, `rss-raw` and `rss`).
enum GeneratorCorpusWorkload {
    static func run(_ arguments: [String]) -> Int32 {
        guard let directory = arguments.first else {
            FileHandle.standardError.write(Data("usage: Benchmarks --generator-corpus DIR [ROUNDS]\n".utf8))
            return 2
        }
        let rounds = arguments.dropFirst().first.flatMap(Int.init).map { max(1, $0) } ?? 9
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".rss") || $0.hasSuffix(".atom") }.sorted()
        guard !names.isEmpty else {
            FileHandle.standardError.write(Data("generator corpus: no .rss or .atom files in \(directory)\n".utf8))
            return 1
        }
        print("| feed | bytes | libxml2 no-op ms | raw ms | sanitized ms | raw / no-op | sanitized / raw |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for name in names {
            guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
                FileHandle.standardError.write(Data("generator corpus: cannot read \(name)\n".utf8))
                return 1
            }
            let (floor, raw, sanitized) = data.withUnsafeBytes { bytes in
                timed(rounds: rounds, [
                    { LibXML2Ceiling.parse(bytes, chunkSize: 65_536) },
                    { RSSWorkloads.decodeRaw(bytes, chunkSize: 65_536) },
                    { RSSWorkloads.decode(bytes, chunkSize: 65_536) },
                ])
            }
            print(
                "| \(name) | \(data.count) | "
                    + String(
                        format: "%.2f | %.2f | %.2f | %.3f× | %.3f× |", floor * 1e3, raw * 1e3, sanitized * 1e3,
                        raw / floor, sanitized / raw))
        }
        return 0
    }

    /// The best time of each of three decoders over `rounds` rounds, each round running all three in turn, after
    /// one untimed round.
    private static func timed(rounds: Int, _ decoders: [() -> Int]) -> (Double, Double, Double) {
        var fastest = [Double](repeating: .infinity, count: decoders.count)
        for round in 0...rounds {
            for (index, decode) in decoders.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                FieldDigest.keep(decode())
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if round > 0 { fastest[index] = min(fastest[index], seconds) }
            }
        }
        return (fastest[0], fastest[1], fastest[2])
    }
}
