import Foundation
import JSONStream
import StreamTestSupport
import Testing

/// Inputs found by fuzzing, pinned in every chunking.
@Suite("JSON regressions")
struct JSONRegressionTests {
    /// A string longer than the intake's stall threshold makes small chunks wait until the end of input; the end
    /// then completes tweets and reveals a fault. The tweets must still come out, before the fault.
    @Test func itemsCompletedByTheEndPrecedeItsFault() {
        let long = String(repeating: "v", count: 40_000)
        let tweet = { (id: Int) in #"{"id":\#(id),"id_str":"\#(id)","text":"t","user":{"id":1,"id_str":"1"}}"# }
        let document =
            #"{"results":[{"id":1,"id_str":"1","text":"\#(long)","user":{"id":1,"id_str":"1"}},"#
            + tweet(2) + "," + tweet(3) + #",{"id":4,"id_str":"4","text":"t","iso_language_code":5}]}"#
        let bytes = Array(document.utf8)
        let chunkings = [[], DripFeed.randomChunkings(bytes.count, count: 1, maximumChunk: 64, seed: 3)[0]]
        for splits in chunkings {
            let outcome = DripFeed.run(TwitterSearchParser(), bytes: bytes, splits: splits)
            #expect(outcome.items.map(\.id) == [1, 2, 3], "\(splits.count + 1) chunks")
            #expect(outcome.error?.kind == .typeMismatch)
        }
    }
}
