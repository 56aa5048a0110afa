import AtomStream
import StreamTestSupport
import Testing

/// Decodes `document` with ``FeedParser`` in every standard chunking and checks they all agree; returns the
/// whole-buffer outcome and the feed metadata.
@discardableResult
func decodeFeedEveryWay(
    _ document: [UInt8], options: FeedParser.Options = .init(), byteByByteLimit: Int = 1 << 20,
    sourceLocation: SourceLocation = #_sourceLocation
) -> (outcome: DripFeedOutcome<AtomEntry>, feed: AtomFeed) {
    var reference: (DripFeedOutcome<AtomEntry>, AtomFeed)?
    for splits in DripFeed.standardChunkings(document.count, byteByByteLimit: byteByByteLimit) {
        let parser = FeedParser(options: options)
        let outcome = DripFeed.run(parser, bytes: document, splits: splits)
        guard let (expected, expectedFeed) = reference else {
            reference = (outcome, parser.feed)
            continue
        }
        #expect(
            outcome.items == expected.items, "entries differ when cut at \(splits.prefix(8))…",
            sourceLocation: sourceLocation)
        #expect(
            parser.feed == expectedFeed, "feed differs when cut at \(splits.prefix(8))…",
            sourceLocation: sourceLocation)
        #expect(
            outcome.error == expected.error, "error differs when cut at \(splits.prefix(8))…",
            sourceLocation: sourceLocation)
        if outcome.items != expected.items || outcome.error != expected.error { break }
    }
    return (reference!.0, reference!.1)
}

func decodeFeedEveryWay(
    _ document: String, options: FeedParser.Options = .init(), sourceLocation: SourceLocation = #_sourceLocation
) -> (outcome: DripFeedOutcome<AtomEntry>, feed: AtomFeed) {
    decodeFeedEveryWay(Array(document.utf8), options: options, sourceLocation: sourceLocation)
}
