import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// Runs one folder of feedparser's test documents through a decoder, each checked against its own `Expect:`
/// expression (see ``FeedparserResult``), and records the pass rate.
///
/// A case is *applicable* when its expression parses and touches only keys this model has, decided on an empty
/// result before decoding. Every applicable case must pass except those in `knownDifferent`, each with the
/// reason this model deliberately differs; a listed case that starts passing fails too, so the list stays exact.
struct FeedparserSuiteRun {
    var applicable = 0
    var passed = 0
    var known: [String: Int] = [:]
    var notApplicable: [String: Int] = [:]
    /// The applicable cases whose expression touches one of the `trackedKeys` given, and those of them that pass.
    var tracked = (applicable: 0, passed: 0)

    /// Decodes every `.xml` file in `folder` (under the feedparser corpus) with `decode`.
    init?(
        folder: String, knownDifferent: [String: String],
        decode: ([UInt8]) -> (outcome: DripFeedOutcome<AtomEntry>, feed: AtomFeed),
        contentAsSummary: Bool = false, readsPodcastKeys: Bool = false, trackedKeys: Set<String> = [], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard let directory = Corpus.directory("feedparser/" + folder) else { return nil }
        var listedButAbsent = Set(knownDifferent.keys)
        for file in Corpus.files(in: directory, extensions: ["xml"]) {
            let name = file.lastPathComponent
            listedButAbsent.remove(name)
            let bytes = try Corpus.bytes(file)
            guard let text = FeedparserExpectation.expression(in: String(decoding: bytes, as: UTF8.self)) else {
                notApplicable["no Expect line", default: 0] += 1
                continue
            }
            let expectation: FeedparserExpectation
            do {
                expectation = try FeedparserExpectation(text)
                var empty = FeedparserResult(feed: AtomFeed(), entries: [], error: nil)
                empty.readsPodcastKeys = readsPodcastKeys
                _ = try empty.holds(expectation)
            } catch {
                notApplicable[error.description, default: 0] += 1
                continue
            }
            applicable += 1
            let isTracked = expectation.touches(trackedKeys)
            if isTracked { tracked.applicable += 1 }
            let (outcome, feed) = decode(bytes)
            var result = FeedparserResult(
                feed: feed, entries: outcome.items, error: outcome.error, contentAsSummary: contentAsSummary)
            result.readsPodcastKeys = readsPodcastKeys
            let holds = (try? result.holds(expectation)) ?? false
            if let reason = knownDifferent[name] {
                #expect(
                    !holds, "\(folder)/\(name) now agrees with feedparser; remove it from knownDifferent",
                    sourceLocation: sourceLocation)
                known[reason, default: 0] += 1
            } else {
                let error = String(describing: outcome.error)
                let detail = "feed: \(feed)\n  entries: \(outcome.items)\n  error: \(error)"
                #expect(holds, "\(folder)/\(name): \(text)\n  \(detail)", sourceLocation: sourceLocation)
                if holds { passed += 1 }
                if holds && isTracked { tracked.passed += 1 }
            }
        }
        #expect(listedButAbsent.isEmpty, "known differences name absent files: \(listedButAbsent.sorted())")
    }

    var knownCount: Int { known.values.reduce(0, +) }

    /// One line for the test log: the figures BENCHMARKS.md quotes.
    func summary(_ folder: String) -> String {
        let reasons = known.sorted { $0.key < $1.key }.map { "\($0.value): \($0.key)" }.joined(separator: "; ")
        let skipped = notApplicable.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }
        return "feedparser \(folder): applicable \(applicable), passed \(passed), known-different \(knownCount) "
            + "(\(reasons)), not applicable \(notApplicable.values.reduce(0, +)) (\(skipped.joined(separator: ", ")))"
    }
}

extension FeedparserSuiteRun {
    /// Runs `folder` as `init` does, logs its summary under `name`, and expects at least `minimumApplicable`
    /// applicable cases; `nil` when the corpus is absent.
    @discardableResult
    static func check(
        _ folder: String, as name: String, knownDifferent: [String: String], minimumApplicable: Int,
        decode: ([UInt8]) -> (outcome: DripFeedOutcome<AtomEntry>, feed: AtomFeed) = { decodeFeedEveryWay($0) },
        contentAsSummary: Bool = false, readsPodcastKeys: Bool = false, trackedKeys: Set<String> = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> FeedparserSuiteRun? {
        guard
            let run = try FeedparserSuiteRun(
                folder: folder, knownDifferent: knownDifferent, decode: decode, contentAsSummary: contentAsSummary,
                readsPodcastKeys: readsPodcastKeys, trackedKeys: trackedKeys, sourceLocation: sourceLocation)
        else { return nil }
        print(run.summary(name))
        #expect(run.applicable >= minimumApplicable, sourceLocation: sourceLocation)
        return run
    }
}
