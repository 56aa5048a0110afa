import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// Fuzz-style runs inside `swift test`: seeded corruptions of recorded feeds, each in random chunkings, must keep
/// the streaming contract (see `StreamContract`). The long, coverage-guided runs are `scripts/fuzz.sh`.
@Suite("Atom mutations")
struct AtomMutationTests {
    static let mutantsPerFile = 60

    /// The sample feed kept in the project.
    func sampleDocuments() throws -> [[UInt8]] {
        [try Corpus.bytes(Corpus.projectRoot.appendingPathComponent("Fixtures/samples/connections-updates.xml"))]
    }

    /// One small recorded body of each Connections application.
    func corpusDocuments() throws -> [[UInt8]] {
        guard let connections = Corpus.directory("connections") else { return [] }
        let picks = [
            "blogs/connectionsBasic", "activities/connectionsBasic", "communities/connectionsBasic",
            "profiles/connectionsBasic", "wikis/connectionsBasic",
        ]
        var documents: [[UInt8]] = []
        for folder in picks {
            let files = Corpus.files(in: connections.appendingPathComponent(folder), extensions: ["xml"])
            let sized = files.filter { ((try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) < 12_000 }
            if let file = sized.last { documents.append(try Corpus.bytes(file)) }
        }
        return documents
    }

    @Test("Corrupted feeds: whole and chunked runs agree, every fault is positioned", arguments: [false, true])
    func mutants(recover: Bool) throws {
        check(try sampleDocuments(), recover: recover, seed: recover ? 2 : 1)
    }

    @Test(
        "Corrupted recorded Connections bodies likewise", .ownThread, .corpus("connections"),
        arguments: [false, true])
    func corpusMutants(recover: Bool) throws {
        check(try corpusDocuments(), recover: recover, seed: recover ? 4 : 3)
    }

    private func check(_ documents: [[UInt8]], recover: Bool, seed: UInt64) {
        var mutator = Mutator(seed: seed)
        var checked = 0
        for document in documents {
            for _ in 0..<Self.mutantsPerFile {
                let mutant = mutator.mutate(document)
                let chunkings = [
                    mutator.chunking(mutant.count, maximumChunk: 9), mutator.chunking(mutant.count, maximumChunk: 700),
                ]
                // Recover mode promises no crash and positioned faults; libxml2's repairs may depend on chunking.
                let violation = StreamContract.violation(mutant, chunkings: chunkings, requireSameOutcome: !recover) {
                    AtomParser(options: .init(recover: recover))
                }
                #expect(violation == nil, "mutant \(checked): \(violation ?? "")")
                checked += 1
            }
        }
        #expect(checked >= Self.mutantsPerFile)
    }
}
