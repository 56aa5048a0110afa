import StreamCore
import Testing

@Suite("LineCounter, ChunkIntake, StreamLifecycle, StreamError")
struct StreamMechanicsTests {
    @Test("Positions are absolute across chunks")
    func lineCounter() {
        var counter = LineCounter()
        let first: [UInt8] = Array("ab\ncd".utf8)
        let second: [UInt8] = Array("ef\ngh".utf8)
        first.withUnsafeBytes { counter.advance(over: $0) }
        second.withUnsafeBytes { chunk in
            // "e" continues line 2 begun in the first chunk.
            #expect(counter.position(at: 0, in: chunk) == StreamPosition(line: 2, column: 3, byteOffset: 5))
            #expect(counter.position(at: 4, in: chunk) == StreamPosition(line: 3, column: 2, byteOffset: 9))
        }
        second.withUnsafeBytes { counter.advance(over: $0) }
        #expect(counter.endPosition == StreamPosition(line: 3, column: 3, byteOffset: 10))
    }

    /// A model of a C parser that re-scans its whole backlog on every feed and makes no progress until a
    /// terminator arrives, as yajl does with a long string.
    private struct RescanningParser {
        var backlog = 0
        var scanned = 0
        mutating func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
            scanned += backlog + bytes.count
            if bytes.contains(UInt8(ascii: "\"")) {
                backlog = 0
                return true
            }
            backlog += bytes.count
            return false
        }
    }

    @Test("A 4 MB token in 512-byte chunks is scanned a bounded number of times")
    func intakeIsLinear() {
        let tokenLength = 4 << 20
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 512)
        var withIntake = RescanningParser()
        var withoutIntake = RescanningParser()
        var intake = ChunkIntake()
        chunk.withUnsafeBytes { bytes in
            for _ in 0..<(tokenLength / chunk.count) {
                intake.take(bytes) { withIntake.feed($0) }
                _ = withoutIntake.feed(bytes)
            }
        }
        let end: [UInt8] = [UInt8(ascii: "\"")]
        end.withUnsafeBytes { bytes in
            intake.take(bytes) { withIntake.feed($0) }
            _ = withoutIntake.feed(bytes)
        }
        intake.flush { withIntake.feed($0) }
        #expect(intake.bytesFed == tokenLength + 1)
        #expect(withIntake.scanned <= 4 * tokenLength, "scanned \(withIntake.scanned) bytes")
        #expect(intake.scanBound <= 4 * tokenLength)
        // Without coalescing the same input costs thousands of passes over the token.
        #expect(withoutIntake.scanned > 1000 * tokenLength)
    }

    @Test("Small chunks pass straight through while the parser makes progress")
    func intakePassesThrough() {
        var intake = ChunkIntake()
        var feeds = 0
        let chunk: [UInt8] = Array("{\"a\":1}".utf8)
        chunk.withUnsafeBytes { bytes in
            for _ in 0..<100 {
                intake.take(bytes) { (_: UnsafeRawBufferPointer) -> Bool in
                    feeds += 1
                    return true
                }
            }
        }
        #expect(feeds == 100)
        #expect(intake.heldByteCount == 0)
    }

    @Test("An error after items is held back for the next call")
    func lifecycle() throws {
        var lifecycle = StreamLifecycle()
        let fault = StreamError(kind: .malformedInput, message: "bad", line: 1, column: 2, byteOffset: 1)
        try lifecycle.begin()
        #expect(try lifecycle.deliver([1, 2], failure: fault) == [1, 2])
        #expect(throws: fault) { try lifecycle.begin() }
        var fresh = StreamLifecycle()
        #expect(throws: fault) { try fresh.deliver([Int](), failure: fault) }
        var done = StreamLifecycle()
        done.markFinished()
        #expect(done.isFinished)
        #expect(throws: StreamError.self) { try done.begin() }
    }

    @Test("The printed form of an error is the command-line contract's")
    func description() {
        let error = StreamError(
            kind: .typeMismatch, message: "expected a string", line: 3, column: 7, byteOffset: 42,
            path: "results[3].id")
        #expect(error.description == "line 3, column 7, byte 42: expected a string at results[3].id")
    }
}
