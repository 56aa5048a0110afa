#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The items a ``StreamingParser`` decodes from an asynchronous sequence of byte chunks.
///
/// Created by `chunks.parsed(with: parser)`. Items are yielded as soon as the chunk that completes them
/// arrives; an error (from the parser or from the base sequence) is thrown after every item that preceded it,
/// and ends the sequence; when the consuming task is cancelled, iteration throws `CancellationError` before
/// reading another chunk (a base sequence suspended in `next()` stops as its own cancellation rules say).
///
/// When one chunk completes items and then reveals a fault, the parser returns the items and holds the fault
/// back for its next call, so the fault is thrown once the next chunk (or the end) has been read.
///
/// Concurrency: the parser is a non-`Sendable` class, so the sequence is not `Sendable` either; it is meant to be
/// created and iterated in one task, which owns the parser for the duration. No `@unchecked Sendable` is used.
public struct ParsedSequence<Base: AsyncSequence, Parser: StreamingParser>: AsyncSequence
where Base.Element: ContiguousBytes {
    public typealias Element = Parser.Item

    let base: Base
    let parser: Parser

    /// The iterator that reads chunks from the base sequence and feeds them to the parser.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let parser: Parser
        var pending: [Parser.Item] = []
        var nextIndex = 0
        var reachedEnd = false
        /// The base sequence is exhausted: `finish` is being drained, one batch per refill.
        var baseEnded = false

        public mutating func next() async throws -> Parser.Item? {
            while nextIndex == pending.count {
                if reachedEnd { return nil }
                pending = []
                nextIndex = 0
                do {
                    try Task.checkCancellation()
                    if !baseEnded, let chunk = try await base.next() {
                        pending = try parser.parse(chunk)
                    } else {
                        // `finish` may return items and hold a fault back for its next call: drain it batch by
                        // batch so the items are yielded before the fault is thrown.
                        baseEnded = true
                        pending = try parser.finish()
                        if pending.isEmpty { reachedEnd = true }
                    }
                } catch {
                    // An error ends the sequence: later calls return nil instead of reading on past the fault.
                    reachedEnd = true
                    throw error
                }
            }
            defer { nextIndex += 1 }
            return pending[nextIndex]
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), parser: parser)
    }
}

extension AsyncSequence where Element: ContiguousBytes {
    /// Decodes this sequence of byte chunks (`Data`, `[UInt8]`, `ArraySlice<UInt8>`) with `parser`, yielding
    /// items as they complete.
    ///
    /// ```swift
    /// for try await entry in chunks.parsed(with: AtomParser()) { … }
    /// ```
    public func parsed<Parser: StreamingParser>(with parser: Parser) -> ParsedSequence<Self, Parser> {
        ParsedSequence(base: self, parser: parser)
    }
}
