import StreamCore

/// What a parser made of a whole input: the items it returned, and the error that ended it, if any.
public struct DripFeedOutcome<Item> {
    /// Every item returned, in order, across all `parse` and `finish` calls.
    public var items: [Item]
    /// The error that ended the input, if one did.
    public var error: StreamError?
    /// The chunk index during which the error was thrown (`chunks.count` for `finish`).
    public var errorChunk: Int?
}

/// Feeds the same bytes to fresh parsers in different chunkings — the discipline every decoder is tested by.
public enum DripFeed {
    /// Feeds `bytes` cut at `splits` (ascending offsets) and collects items and the error.
    public static func run<Parser: StreamingParser>(
        _ parser: Parser, bytes: [UInt8], splits: [Int]
    ) -> DripFeedOutcome<Parser.Item> {
        var outcome = DripFeedOutcome<Parser.Item>(items: [], error: nil, errorChunk: nil)
        var start = 0
        let ends = splits + [bytes.count]
        for (index, end) in ends.enumerated() {
            do {
                outcome.items += try parser.parse(bytes[start..<end])
            } catch {
                outcome.error = error as? StreamError
                outcome.errorChunk = index
                // A parser must keep throwing the same error after a fault.
                return outcome
            }
            start = end
        }
        do {
            try parser.finish { outcome.items.append($0) }
        } catch {
            outcome.error = error as? StreamError
            outcome.errorChunk = ends.count
        }
        return outcome
    }

    /// Where each item of `bytes` ends: fed one byte at a time, the offset after which `parser` returned it. Input
    /// cut at or past an item's end must still give that item.
    public static func itemEndOffsets<Parser: StreamingParser>(_ parser: Parser, bytes: [UInt8]) throws -> [Int] {
        var endOffsets: [Int] = []
        for offset in bytes.indices {
            let returned = try parser.parse(bytes[offset..<(offset + 1)]).count
            endOffsets += repeatElement(offset + 1, count: returned)
        }
        return endOffsets
    }

    /// One chunk holding everything.
    public static func whole(_ count: Int) -> [Int] { [] }

    /// One byte per chunk.
    public static func byteByByte(_ count: Int) -> [Int] { count > 1 ? Array(1..<count) : [] }

    /// Every way of cutting the input in two.
    public static func everySplitPoint(_ count: Int) -> [[Int]] { (0...count).map { [$0] } }

    /// `count` seeded random chunkings with chunks of 1 to `maximumChunk` bytes.
    public static func randomChunkings(_ byteCount: Int, count: Int, maximumChunk: Int = 4096, seed: UInt64)
        -> [[Int]]
    {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            var splits: [Int] = []
            var offset = 0
            while true {
                offset += 1 + Int(generator.next() % UInt64(maximumChunk))
                guard offset < byteCount else { break }
                splits.append(offset)
            }
            return splits
        }
    }

    /// The chunkings the project's tests use for an input of this size: whole, one byte at a time (up to
    /// `byteByByteLimit` bytes), every split point for small inputs, and seeded random chunkings.
    public static func standardChunkings(_ byteCount: Int, byteByByteLimit: Int = 1 << 20, seed: UInt64 = 42)
        -> [[Int]]
    {
        var chunkings: [[Int]] = [whole(byteCount)]
        if byteCount <= byteByByteLimit { chunkings.append(byteByByte(byteCount)) }
        if byteCount <= 2048 { chunkings += everySplitPoint(byteCount) }
        chunkings += randomChunkings(byteCount, count: 4, maximumChunk: 7, seed: seed)
        chunkings += randomChunkings(byteCount, count: 4, maximumChunk: 1500, seed: seed &+ 1)
        return chunkings
    }
}

/// A tiny deterministic generator, so random chunkings are the same on every run and machine.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
