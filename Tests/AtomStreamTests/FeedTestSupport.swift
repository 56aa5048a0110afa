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
    decodeFeedEveryWay(
        document, byteByByteLimit: byteByByteLimit, makeParser: { FeedParser(options: options) }, feed: \.feed,
        sourceLocation: sourceLocation)
}

func decodeFeedEveryWay(
    _ document: String, options: FeedParser.Options = .init(), sourceLocation: SourceLocation = #_sourceLocation
) -> (outcome: DripFeedOutcome<AtomEntry>, feed: AtomFeed) {
    decodeFeedEveryWay(Array(document.utf8), options: options, sourceLocation: sourceLocation)
}
