import FeedStreamNetworking
import Foundation
import Testing

/// The pipe a pushed body waits in: chunks in order, the pusher told to pause above the mark and to go on below
/// half of it, and a taken chunk's bytes freed with the consumer's copy even while the pusher keeps the pipe from
/// running empty (a read-ahead that keeps up).
@Suite("BodyPipe: the buffer between a pushed body and its consumer")
struct BodyPipeTests {
    /// Counts the chunks whose bytes were freed. `@unchecked Sendable`: `freed` is touched only under `lock`.
    final class FreedChunks: @unchecked Sendable {
        private let lock = NSLock()
        private var freed: Set<Int> = []

        /// A chunk of `count` bytes numbered `index`, whose freeing is recorded.
        func chunk(_ index: Int, count: Int) -> Data {
            let bytes = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 1)
            bytes.initializeMemory(as: UInt8.self, repeating: UInt8(truncatingIfNeeded: index), count: count)
            return Data(
                bytesNoCopy: bytes, count: count,
                deallocator: .custom { [self] pointer, _ in
                    pointer.deallocate()
                    lock.withLock { _ = freed.insert(index) }
                })
        }

        func wasFreed(_ index: Int) -> Bool { lock.withLock { freed.contains(index) } }
    }

    @Test("A pusher that never lets the pipe run empty: every taken chunk is freed, the order kept")
    func takenChunksFreed() async throws {
        let chunks = FreedChunks()
        let pipe = BodyPipe(highWaterMark: 1 << 20, statistics: nil)
        // Two chunks ahead of the consumer at every step, for 200 steps.
        pipe.push(chunks.chunk(0, count: 1024))
        pipe.push(chunks.chunk(1, count: 1024))
        for index in 0..<200 {
            pipe.push(chunks.chunk(index + 2, count: 1024))
            let taken = try #require(try await pipe.next())
            #expect(taken.first == UInt8(truncatingIfNeeded: index))
        }
        // Every chunk taken and dropped is gone, though the pipe never emptied; the three still held are not.
        let kept = (0..<200).filter { !chunks.wasFreed($0) }
        #expect(kept.isEmpty, "chunks \(kept) are still alive after the consumer dropped them")
        #expect(!chunks.wasFreed(200) && !chunks.wasFreed(201))
        pipe.finish()
        var rest = 0
        while try await pipe.next() != nil { rest += 1 }
        #expect(rest == 2)
    }

    @Test("Above the mark the pusher is told to pause; below half of it, to go on")
    func marks() async throws {
        let pipe = BodyPipe(highWaterMark: 4096, statistics: nil)
        let goOn = AsyncStream<Void>.makeStream()
        pipe.onBelowLowWaterMark = { goOn.continuation.yield() }
        #expect(!pipe.push(Data(count: 4096)))
        #expect(pipe.push(Data(count: 2048)))
        #expect(pipe.push(Data(count: 1)))
        _ = try await pipe.next()
        // 2,049 bytes left, above half the mark: still paused. One more take leaves 1 byte: go on, once.
        _ = try await pipe.next()
        goOn.continuation.finish()
        var calls = 0
        for await _ in goOn.stream { calls += 1 }
        #expect(calls == 1)
        #expect(!pipe.push(Data(count: 1024)))
    }
}
