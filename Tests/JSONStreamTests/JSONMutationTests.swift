import Foundation
import JSONStream
import StreamTestSupport
import Testing

/// Fuzz-style runs inside `swift test`: seeded corruptions of recorded Twitter and Jive responses, each in
/// random chunkings, must keep the streaming contract (see `StreamContract`). The long, coverage-guided runs are
/// `scripts/fuzz.sh`.
@Suite("JSON mutations")
struct JSONMutationTests {
    static let mutantsPerFile = 60

    /// A recorded file, or `nil` (a failure recorded) when the corpus is absent.
    func recorded(_ folder: String, _ name: String) throws -> [UInt8]? {
        guard let directory = Corpus.directory(folder) else { return nil }
        return try Corpus.bytes(directory.appendingPathComponent(name))
    }

    func check<Parser: StreamingParser>(
        _ document: [UInt8], seed: UInt64, make: () throws -> Parser, sourceLocation: SourceLocation = #_sourceLocation
    ) rethrows where Parser.Item: Equatable {
        var mutator = Mutator(seed: seed)
        for index in 0..<Self.mutantsPerFile {
            let mutant = mutator.mutate(document)
            let chunkings = [
                mutator.chunking(mutant.count, maximumChunk: 9), mutator.chunking(mutant.count, maximumChunk: 900),
            ]
            let violation = try StreamContract.violation(mutant, chunkings: chunkings, make: make)
            #expect(violation == nil, "mutant \(index): \(violation ?? "")", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "Corrupted Twitter search, stream and Jive inbox responses keep the contract",
        .ownThread, .corpus("twitter/v1-search", "twitter/streaming", "jive/ios-sdk-data"))
    func mutants() throws {
        if let search = try recorded("twitter/v1-search", "search.json") {
            check(search, seed: 11) { TwitterSearchParser() }
            try check(search, seed: 12) { try JSONItemParser<JSONValue>(path: "results[*]") }
        }
        if let stream = try recorded("twitter/streaming", "streamingapi-testcase.json") {
            check(stream, seed: 13) { TwitterStreamParser() }
        }
        if let inbox = try recorded("jive/ios-sdk-data", "inbox_response.json") {
            check(Array(inbox.prefix(12_000)), seed: 14) { JiveInboxParser() }
        }
    }
}
