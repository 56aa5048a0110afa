import AtomStream
import StreamTestSupport
import Testing

/// Decodes `document` with parsers `makeParser` makes, in every standard chunking, and checks that the entries,
/// the feed metadata (`feed`) and the error agree; returns the whole-buffer outcome and metadata.
func decodeFeedEveryWay<Parser: StreamingParser>(
    _ document: [UInt8], byteByByteLimit: Int, makeParser: () -> Parser, feed: (Parser) -> AtomFeed,
    sourceLocation: SourceLocation
) -> (outcome: DripFeedOutcome<AtomEntry>, feed: AtomFeed) where Parser.Item == AtomEntry {
    var reference: (DripFeedOutcome<AtomEntry>, AtomFeed)?
    for splits in DripFeed.standardChunkings(document.count, byteByByteLimit: byteByByteLimit) {
        let parser = makeParser()
        let outcome = DripFeed.run(parser, bytes: document, splits: splits)
        guard let (expected, expectedFeed) = reference else {
            reference = (outcome, feed(parser))
            continue
        }
        #expect(
            outcome.items == expected.items, "entries differ when cut at \(splits.prefix(8))…",
            sourceLocation: sourceLocation)
        #expect(
            feed(parser) == expectedFeed, "feed differs when cut at \(splits.prefix(8))…",
            sourceLocation: sourceLocation)
        #expect(
            outcome.error == expected.error, "error differs when cut at \(splits.prefix(8))…",
            sourceLocation: sourceLocation)
        if outcome.items != expected.items || outcome.error != expected.error { break }
    }
    return (reference!.0, reference!.1)
}

/// Decodes `document` with ``AtomParser`` in every standard chunking and checks they all agree; returns the
/// whole-buffer outcome.
@discardableResult
func decodeAtomEveryWay(
    _ document: [UInt8], options: AtomParser.Options = .init(), byteByByteLimit: Int = 1 << 20,
    sourceLocation: SourceLocation = #_sourceLocation
) -> (outcome: DripFeedOutcome<AtomEntry>, feed: AtomFeed) {
    decodeFeedEveryWay(
        document, byteByByteLimit: byteByByteLimit, makeParser: { AtomParser(options: options) }, feed: \.feed,
        sourceLocation: sourceLocation)
}

func decodeAtomEveryWay(
    _ document: String, options: AtomParser.Options = .init(), sourceLocation: SourceLocation = #_sourceLocation
) -> (outcome: DripFeedOutcome<AtomEntry>, feed: AtomFeed) {
    decodeAtomEveryWay(Array(document.utf8), options: options, sourceLocation: sourceLocation)
}

/// More distinct extension elements than the engine's name cache holds (80, alternating the `a:` and `b:`
/// prefixes bound to `urn:a` and `urn:b`), as one entry's or item's children, and what each parsed entry's
/// `extensions` must then be.
func manyExtensionElements() -> (children: String, expected: [AtomExtensionElement]) {
    let names = (0..<80).map { "e\($0)" }
    let children = names.enumerated().map { index, name in
        let prefix = index.isMultiple(of: 2) ? "a" : "b"
        return "<\(prefix):\(name)>\(index)</\(prefix):\(name)>"
    }.joined()
    let expected = names.enumerated().map { index, name in
        AtomExtensionElement(namespace: index.isMultiple(of: 2) ? "urn:a" : "urn:b", name: name, value: "\(index)")
    }
    return (children, expected)
}
