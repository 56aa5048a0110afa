import Foundation
import StreamCore

/// What a transfer's task hands the consumer that decodes it: the accepted response head, then the body's chunks.
package enum BodyPiece: Sendable {
    case head(HTTPResponseInfo)
    case chunk(Data)
}

/// Decodes a transfer's body on the consumer's task: ``next()`` takes the next chunk from the transfer's task
/// (``EventHandOff``, one chunk at a time) only once the last chunk's items were all returned, and parses it there.
///
/// Why not decode on the transfer's task and hand the items over, as ``HandOffCursor`` does: each item's strings
/// would be allocated on one thread and released on another, and glibc's allocator and the reference counts pay
/// for every one (the items' cost nearly doubled over loopback; BENCHMARKS.md). A chunk is one allocation. The
/// transfer — redirects, limits, the watchdog and its timeouts — stays on its own task as before, and both of its
/// clocks stop while a chunk waits here, so decoding is the consumer's time, not the server's.
///
/// A parser's error is thrown after the items before it and cancels the transfer; so does dropping the sequence.
///
/// `@unchecked Sendable`: the parser and the pending items are touched only by ``next()``, which the sequence's one
/// consumer calls one call at a time.
package final class ChunkDecodingCursor<Parser: NetworkStreamingParser>: @unchecked Sendable {
    private let handOff: EventHandOff<BodyPiece>
    private let makeParser: @Sendable (HTTPResponseInfo) -> Parser
    private var parser: Parser?
    private var pending: [Parser.Item] = []
    private var index = 0
    /// How the sequence ends once `pending` is taken; `nil` while the body goes on.
    private var ending: Result<Void, any Error>?

    package init(_ handOff: EventHandOff<BodyPiece>, parser: @escaping @Sendable (HTTPResponseInfo) -> Parser) {
        self.handOff = handOff
        self.makeParser = parser
    }

    deinit { handOff.cancel() }

    /// The next item: one of the last chunk's, else the first of the next chunk's that completes one.
    package func next() async throws -> Parser.Item? {
        while index == pending.count {
            if let ending {
                self.ending = .success(())
                try ending.get()
                return nil
            }
            pending = []
            index = 0
            do {
                switch try await handOff.next() {
                case .head(let head)?:
                    parser = makeParser(head)
                case .chunk(let chunk)?:
                    // The head always comes before the first chunk.
                    pending = try parser?.parse(chunk) ?? []
                case nil:
                    ending = .success(())
                    // Items the end completes go out before a fault that follows them.
                    var last: [Parser.Item] = []
                    do {
                        try parser?.finish { item in last.append(item) }
                    } catch {
                        ending = .failure(error)
                    }
                    pending = last
                }
            } catch {
                handOff.cancel()
                ending = .failure(error)
            }
        }
        defer { index += 1 }
        return pending[index]
    }

    /// The sequence a consumer iterates.
    package var stream: AsyncThrowingStream<Parser.Item, any Error> {
        AsyncThrowingStream(unfolding: { try await self.next() })
    }
}
