import Foundation

/// The items a ``StreamingParser`` decodes from an asynchronous sequence of byte chunks.
///
/// Created by `chunks.parsed(with: parser)`. Items are yielded as soon as the chunk that completes them
/// arrives; an error is thrown after every item that preceded it; when the consuming task is cancelled,
/// iteration throws `CancellationError` before reading another chunk.
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

        public mutating func next() async throws -> Parser.Item? {
            while nextIndex == pending.count {
                if reachedEnd { return nil }
                try Task.checkCancellation()
                pending = []
                nextIndex = 0
                if let chunk = try await base.next() {
                    pending = try parser.parse(chunk)
                } else {
                    reachedEnd = true
                    pending = try parser.finishAll()
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
