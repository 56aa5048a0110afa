import AtomStream
import XMLStream
import Foundation
import JSONStream
import StreamCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process the memory measurement spawns: streams standard input through one decoder, `chunkSize` bytes at
/// a time, and prints `{"items": N, "bytes": B}` — the same work as `feedstream KIND --count`.
enum ChildMode {
    static func run(kind: String, chunkSize: Int) -> Int32 {
        guard let feed = decoder(for: kind) else {
            FileHandle.standardError.write(Data("unknown child kind \(kind)\n".utf8))
            return 2
        }
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var items = 0
        var bytes = 0
        do {
            while true {
                var filled = 0
                while filled < chunkSize {
                    let count = buffer.withUnsafeMutableBytes {
                        read(STDIN_FILENO, $0.baseAddress! + filled, chunkSize - filled)
                    }
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 { break }
                    filled += count
                }
                if filled == 0 { break }
                bytes += filled
                items += try buffer.withUnsafeBytes { try feed(UnsafeRawBufferPointer(rebasing: $0[0..<filled])) }
                if filled < chunkSize { break }
            }
            items += try feed(nil)
        } catch {
            FileHandle.standardError.write(Data("child: \(error)\n".utf8))
            return 1
        }
        print("{\"items\":\(items),\"bytes\":\(bytes),\"peakResidentBytes\":\(peakResidentBytes() ?? -1)}")
        return 0
    }

    /// `Benchmarks --time KIND FILE [CHUNK]`: reads FILE and decodes it in this process, timed from reading the file
    /// to having every item, and prints `{"items": N, "seconds": S}` — how `scripts/compare-peers.sh` times the
    /// Python peers (inside their interpreter, start-up excluded), so the two columns compare like for like.
    static func time(kind: String, path: String, chunkSize: Int) -> Int32 {
        guard let feed = decoder(for: kind) else {
            FileHandle.standardError.write(Data("unknown kind \(kind)\n".utf8))
            return 2
        }
        var items = 0
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                var offset = 0
                while offset < bytes.count {
                    let end = min(offset + chunkSize, bytes.count)
                    items += try feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
                    offset = end
                }
            }
            items += try feed(nil)
        } catch {
            FileHandle.standardError.write(Data("time: \(error)\n".utf8))
            return 1
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        print("{\"items\":\(items),\"seconds\":\(seconds)}")
        return 0
    }

    /// This process's own high-water resident set (`VmHWM`). The parent cannot use `wait4`'s `ru_maxrss`:
    /// posix_spawn starts the child with vfork, and the kernel carries the parent's high-water mark across the
    /// child's exec.
    static func peakResidentBytes() -> Int? { PeakMemory.highWaterBytes(ofProcess: "self") }

    /// A decoder as a function: a chunk gives the items it completed; `nil` means the end of input.
    static func decoder(for kind: String) -> ((UnsafeRawBufferPointer?) throws -> Int)? {
        switch kind {
        case "atom":
            return counting(AtomParser())
        case "rss":
            return counting(FeedParser())
        case "rss-raw":
            // Not a `feedstream` default: FeedParser without sanitizing, for callgrind against "rss".
            return counting(FeedParser(options: .init(sanitizesHTML: false)))
        case "rss-recover":
            // `feedstream feed --recover`'s decoder: MarkupRepair scans every byte before libxml2 sees it.
            return counting(FeedParser(options: .init(recover: true)))
        case "atom-json":
            // Atom entries written as JSON text through `JSONWriter`'s `Encoder`, the `Codable` printing path of
            // `feedstream` (the writer keeps its capacity; each chunk's lines are dropped as a flush would).
            let parser = AtomParser()
            let writer = JSONWriter()
            return { chunk in
                var count = 0
                let write = { (entry: AtomEntry) in
                    try writer.write(entry)
                    writer.writeByte(0x0A)
                    count += 1
                }
                if let chunk { try parser.parse(chunk).forEach(write) } else { try parser.finish(forEach: write) }
                FieldDigest.keep(writer.count)
                writer.truncate(to: 0)
                return count
            }
        case "twitter":
            return counting(TwitterSearchParser())
        case "twitter-stream":
            return counting(TwitterStreamParser())
        case "jive-inbox":
            return counting(JiveInboxParser())
        case "xml-items":
            return counting(XMLItemParser<BenchmarkPerson>(path: Paths.people))
        case "xml-records":
            return counting(XMLItemParser<XMLRecordValue>(path: Paths.people))
        case "employees":
            // Not a `feedstream` subcommand: the user-Decodable workload, for callgrind and perf by hand.
            let parser = JSONItemParser<EmployeeRecord>(path: Paths.employees)
            return { chunk in
                var count = 0
                var digest = 0
                let read = { (record: EmployeeRecord) in
                    digest &+= record.fieldDigest
                    count += 1
                }
                if let chunk { try parser.parse(chunk).forEach(read) } else { try parser.finish(forEach: read) }
                FieldDigest.keep(digest)
                return count
            }
        case "yajl", "yajl-jive", "libxml2":
            // The no-op ceiling on the whole input at 64 KiB chunks, to compare instruction counts with a kind: yajl's
            // for the JSON kinds, libxml2's SAX2 push parser for the XML kinds (the decode ratio by instructions is
            // the ceiling's count over the kind's, each less a minimal document's).
            var data = Data()
            return { chunk in
                if let chunk {
                    data.append(contentsOf: chunk)
                    return 0
                }
                return data.withUnsafeBytes {
                    switch kind {
                    case "yajl": YajlCeiling.parse($0, chunkSize: 65_536)
                    case "yajl-jive": YajlCeiling.parseAfterJivePrefix($0, chunkSize: 65_536)
                    default: LibXML2Ceiling.parse($0, chunkSize: 65_536)
                    }
                }
            }
        case "employees-jsondecoder":
            // Its Foundation baseline on the same input, which it must hold whole.
            var data = Data()
            return { chunk in
                if let chunk {
                    data.append(contentsOf: chunk)
                    return 0
                }
                return FoundationJSONBaselines.decodeEmployees(data)
            }
        default:
            return nil
        }
    }

    /// `parser` as a decoder function that counts the items each chunk, and the end, completed.
    private static func counting<Parser: StreamingParser>(_ parser: Parser) -> (UnsafeRawBufferPointer?) throws -> Int {
        { chunk in
            guard let chunk else {
                var count = 0
                try parser.finish { _ in count += 1 }
                return count
            }
            return try parser.parse(chunk).count
        }
    }
}
