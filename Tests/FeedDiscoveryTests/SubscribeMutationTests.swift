import FeedDiscovery
import Foundation
import StreamTestSupport
import Testing

/// Fuzz-style runs inside `swift test` for the subscribing decoders: seeded corruptions of an OPML list and of a
/// page, each in random chunkings. The coverage-guided runs are `scripts/fuzz.sh opml` and `page-metadata`.
@Suite("Subscribe mutations")
struct SubscribeMutationTests {
    static let mutants = 400

    @Test("Corrupted OPML: whole and chunked runs agree, every fault is positioned")
    func opmlMutants() {
        var mutator = Mutator(seed: 26)
        let document = Array(OPMLParserTests.document.utf8)
        for index in 0..<Self.mutants {
            let mutant = mutator.mutate(document)
            let chunkings = [
                mutator.chunking(mutant.count, maximumChunk: 9), mutator.chunking(mutant.count, maximumChunk: 700),
            ]
            let violation = StreamContract.violation(mutant, chunkings: chunkings, requireSameOutcome: true) {
                OPMLParser(options: OPMLParserTests.options)
            }
            #expect(violation == nil, "mutant \(index): \(violation ?? "")")
        }
    }

    /// libxml2's HTML parser reads some malformed pages differently by chunk (see the `discover` fuzz target), so
    /// corrupted pages promise no crash, no error and bounded lists; well-formed ones are held to chunk independence
    /// by `PageMetadataTests`.
    @Test("Corrupted pages: no crash, never an error, bounded metadata", .ownThread)
    func pageMutants() throws {
        var mutator = Mutator(seed: 27)
        let page = Array(PageMetadataTests.page.utf8)
        for index in 0..<Self.mutants {
            let mutant = mutator.mutate(page)
            for maximumChunk in [7, 900] {
                let parser = FeedLinkParser(baseURL: "https://s.test/a/", readsBody: true)
                let outcome = DripFeed.run(
                    parser, bytes: mutant, splits: mutator.chunking(mutant.count, maximumChunk: maximumChunk))
                #expect(outcome.error == nil, "mutant \(index): \(String(describing: outcome.error))")
                #expect(outcome.items.count <= 1100 && parser.page.icons.count <= 64)
                #expect(outcome.items.allSatisfy { !$0.url.isEmpty })
            }
        }
    }
}
