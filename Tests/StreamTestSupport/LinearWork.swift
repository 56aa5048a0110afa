import StreamCore
import Testing

/// `head`, then `count` bytes of `z`, then `tail`: one text far longer than any chunk, which a decoder that
/// re-read what it holds at every chunk would pay for quadratically.
public func longTextDocument(_ head: String, filler count: Int, _ tail: String) -> [UInt8] {
    Array(head.utf8) + [UInt8](repeating: UInt8(ascii: "z"), count: count) + Array(tail.utf8)
}

/// Expects the work a chunk intake reports to be linear in the input: every byte fed once, at most four bytes
/// scanned per input byte however the input was cut. Tests count work, never time.
package func expectLinearIntake(
    _ work: IntakeStatistics, inputBytes: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(work.bytesFed == inputBytes, sourceLocation: sourceLocation)
    #expect(
        work.scanBound <= 4 * inputBytes, "scan bound \(work.scanBound) for \(inputBytes) bytes",
        sourceLocation: sourceLocation)
}
