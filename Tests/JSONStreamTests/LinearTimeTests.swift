import Foundation
import StreamTestSupport
import Testing

@testable import JSONStream

/// yajl re-scans a token split across chunks from its first byte, so a 16 MB string in 4 KiB chunks costs
/// ~3·10^10 byte scans unless the intake coalesces input. These tests count the work, not the time.
@Suite struct LinearTimeTests {
    static func document(stringBytes: Int) -> [UInt8] {
        var document = Array(#"{"before":[0],"big":""#.utf8)
        document.reserveCapacity(stringBytes + 64)
        // Escapes mixed in, so the screen and the UTF-8 check see them too.
        let pattern = Array(#"abcdefghij\n\u00e9\"0123456789ABCDEFGHIJ"#.utf8)
        while document.count < stringBytes { document += pattern }
        document += Array(#"","after":[1,2]}"#.utf8)
        return document
    }

    @Test func sixteenMegabyteStringInFourKilobyteChunks() throws {
        let input = Self.document(stringBytes: 16 << 20)
        let parser = try JSONItemParser<Int>(path: "after[*]")
        var items: [Int] = []
        var offset = 0
        var naiveScan = 0  // what yajl would scan with no coalescing: each feed re-reads the token so far
        var tokenSoFar = 0
        while offset < input.count {
            let end = min(offset + 4096, input.count)
            items += try parser.parse(input[offset..<end])
            tokenSoFar += end - offset
            naiveScan += tokenSoFar
            offset = end
        }
        try parser.finish { items.append($0) }
        #expect(items == [1, 2])
        let statistics = parser.intakeStatistics
        print(
            """
            linear time: \(input.count) bytes in \(input.count / 4096) chunks of 4 KiB; fed to yajl \
            \(statistics.bytesFed) bytes in \(statistics.feedCount) feeds; scan bound \(statistics.scanBound) \
            (\(String(format: "%.2f", Double(statistics.scanBound) / Double(input.count)))× input); \
            without coalescing ~\(naiveScan) (\(naiveScan / input.count)× input)
            """)
        expectLinearIntake(statistics, inputBytes: input.count)
        #expect(statistics.feedCount < 200)
    }

    @Test(.ownThread) func workStaysLinearForEveryChunkSize() throws {
        let input = Self.document(stringBytes: 1 << 20)
        for chunkSize in [1, 7, 512, 4096, 65536] {
            let parser = try JSONItemParser<Int>(path: "after[*]")
            var items: [Int] = []
            var offset = 0
            while offset < input.count {
                let end = min(offset + chunkSize, input.count)
                items += try parser.parse(input[offset..<end])
                offset = end
            }
            try parser.finish { items.append($0) }
            #expect(items == [1, 2])
            // Below the intake's stall threshold (16 KiB) chunks go straight to yajl, so tiny chunks pay a one-off
            // re-scan of at most threshold²/2 for the token in flight; past it, work grows linearly.
            let threshold = ChunkIntake().stallThreshold
            #expect(
                parser.intakeStatistics.scanBound <= 4 * input.count + threshold * threshold / 2,
                "chunk size \(chunkSize): \(parser.intakeStatistics)")
        }
    }
}
