import StreamCore

/// Seeded corruptions of a recorded document — byte flips, insertions, deletions, truncations — for the
/// fuzz-style tests that run in `swift test`. The same seed gives the same mutants on every machine.
public struct Mutator {
    private var random: SplitMix64
    /// Bytes that make a structural difference to XML and JSON, so insertions reach interesting states.
    private static let interesting: [[UInt8]] = [
        Array("<".utf8), Array(">".utf8), Array("&".utf8), Array("]]>".utf8), Array("<![CDATA[".utf8),
        Array("\"".utf8), Array("{".utf8), Array("[".utf8), Array("\\u".utf8), Array("\\ud800".utf8), [0x00], [0xFF],
        [0xC3], [0xED, 0xA0, 0x80], Array("</entry>".utf8), Array("<entry>".utf8), Array(",".utf8), Array(":".utf8),
        Array("\r\n".utf8), Array("1e999".utf8), Array("99999999999999999999".utf8),
    ]

    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// One mutant of `bytes`.
    public mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return Self.interesting[Int(random.next() % 21)] }
        var mutant = bytes
        let position = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 5 {
        case 0:
            mutant[position] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8))
        case 1:
            mutant[position] = UInt8(truncatingIfNeeded: random.next())
        case 2:
            mutant.insert(
                contentsOf: Self.interesting[Int(random.next() % UInt64(Self.interesting.count))], at: position)
        case 3:
            let length = min(1 + Int(random.next() % 16), bytes.count - position)
            mutant.removeSubrange(position..<(position + length))
        default:
            mutant.removeSubrange(position...)
        }
        return mutant
    }

    /// A random chunking of `count` bytes with chunks of 1 to `maximumChunk` bytes.
    public mutating func chunking(_ count: Int, maximumChunk: Int) -> [Int] {
        var splits: [Int] = []
        var offset = 0
        while true {
            offset += 1 + Int(random.next() % UInt64(maximumChunk))
            guard offset < count else { return splits }
            splits.append(offset)
        }
    }
}

/// The contract every decoder keeps on any input: a run ends in items plus success, or items plus one
/// `StreamError`; chunked runs return the same items as a whole-buffer run, and fail when it fails.
public enum StreamContract {
    /// Runs `bytes` whole and in `chunkings`; returns a description of the first broken promise, or `nil`.
    public static func violation<Parser: StreamingParser>(
        _ bytes: [UInt8], chunkings: [[Int]], requireSameOutcome: Bool = true, make: () throws -> Parser
    ) rethrows -> String? where Parser.Item: Equatable {
        let whole = DripFeed.run(try make(), bytes: bytes, splits: [])
        if let error = whole.error, error.line < 1 || error.column < 1 || error.byteOffset > bytes.count {
            return "error outside the input: \(error)"
        }
        for splits in chunkings {
            let chunked = DripFeed.run(try make(), bytes: bytes, splits: splits)
            if let error = chunked.error, error.line < 1 || error.column < 1 || error.byteOffset > bytes.count {
                return "error outside the input: \(error)"
            }
            guard requireSameOutcome else { continue }
            if chunked.items != whole.items {
                return "items differ: \(chunked.items.count) chunked vs \(whole.items.count) whole"
            }
            if (chunked.error == nil) != (whole.error == nil) || chunked.error?.kind != whole.error?.kind {
                return "outcome differs: \(String(describing: chunked.error)) vs \(String(describing: whole.error))"
            }
        }
        return nil
    }
}
