import Foundation
import StreamTestSupport
import Testing

@testable import JSONStream

/// Runs a parser over every standard chunking and requires identical outcomes.
///
/// `make` builds a fresh parser; `summary` reduces a parser after the run (page metadata) so it is compared too.
func dripFeedAll<Parser: StreamingParser, Summary: Equatable>(
    _ bytes: [UInt8], chunkings: [[Int]]? = nil, make: () throws -> Parser, summary: (Parser) -> Summary,
    sourceLocation: SourceLocation = #_sourceLocation
) rethrows -> (items: [Parser.Item], error: StreamError?, summary: Summary) where Parser.Item: Equatable {
    let chunkings = chunkings ?? DripFeed.standardChunkings(bytes.count)
    var reference: (items: [Parser.Item], error: StreamError?, summary: Summary)?
    for splits in chunkings {
        let parser = try make()
        let outcome = DripFeed.run(parser, bytes: bytes, splits: splits)
        let result = (outcome.items, outcome.error, summary(parser))
        if let reference {
            #expect(
                result.0 == reference.items, "items differ for \(splits.count + 1) chunks",
                sourceLocation: sourceLocation)
            #expect(
                result.1?.kind == reference.error?.kind,
                "error differs for \(splits.count + 1) chunks: \(String(describing: result.1))",
                sourceLocation: sourceLocation)
            #expect(
                result.2 == reference.summary, "summary differs for \(splits.count + 1) chunks",
                sourceLocation: sourceLocation)
            if result.0 != reference.items || result.2 != reference.summary { break }
        } else {
            reference = result
        }
    }
    return reference!
}

/// The same, for parsers without metadata.
func dripFeedAll<Parser: StreamingParser>(
    _ bytes: [UInt8], chunkings: [[Int]]? = nil, make: () throws -> Parser,
    sourceLocation: SourceLocation = #_sourceLocation
) rethrows -> (items: [Parser.Item], error: StreamError?) where Parser.Item: Equatable {
    let result = try dripFeedAll(
        bytes, chunkings: chunkings, make: make, summary: { _ in 0 }, sourceLocation: sourceLocation)
    return (result.items, result.error)
}

/// Bytes of a string literal.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Chunkings for a quick check: whole, byte by byte and every split point.
func smallChunkings(_ count: Int) -> [[Int]] {
    [DripFeed.whole(count), DripFeed.byteByByte(count)] + DripFeed.everySplitPoint(count)
}

/// Decodes `text` with `JSONItemParser<T>(path:)` in every standard chunking, expects the same items and error
/// from each, and returns that outcome.
func decodeItemsEveryWay<T: Decodable & Sendable & Equatable>(
    _ text: String, as type: T.Type, path: String
) throws -> DripFeedOutcome<T> {
    let bytes = Array(text.utf8)
    var reference: DripFeedOutcome<T>?
    for splits in DripFeed.standardChunkings(bytes.count) {
        let outcome = DripFeed.run(try JSONItemParser<T>(path: path), bytes: bytes, splits: splits)
        guard let expected = reference else {
            reference = outcome
            continue
        }
        #expect(outcome.items == expected.items, "items differ when cut at \(splits.prefix(8))…")
        #expect(outcome.error == expected.error, "error differs when cut at \(splits.prefix(8))…")
    }
    return reference!
}
