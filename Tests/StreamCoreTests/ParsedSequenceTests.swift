import Foundation
import StreamCore
import Testing

/// A minimal streaming parser for the adapter's tests: each `\n`-terminated line is an item; a line reading `!`
/// is a fault, held back after the items its chunk completed, as every real parser does.
private final class LineParser: StreamingParser {
    typealias Item = String
    private var partial: [UInt8] = []
    private var lifecycle = StreamLifecycle()
    private var offset = 0

    func parse(_ chunk: UnsafeRawBufferPointer) throws -> [String] {
        try lifecycle.begin()
        var lines: [String] = []
        var failure: StreamError?
        for byte in chunk {
            offset += 1
            guard byte == UInt8(ascii: "\n") else {
                partial.append(byte)
                continue
            }
            let line = String(decoding: partial, as: UTF8.self)
            partial = []
            if line == "!" {
                failure = StreamError(kind: .malformedInput, message: "bang", line: 1, column: 1, byteOffset: offset)
                break
            }
            lines.append(line)
        }
        return try lifecycle.deliver(lines, failure: failure)
    }

    func finish() throws -> [String] {
        if lifecycle.isFinished { return [] }
        try lifecycle.begin()
        let failure = partial.isEmpty ? nil : StreamError(kind: .truncatedInput, message: "unterminated line")
        let items = try lifecycle.deliver([String](), failure: failure)
        lifecycle.markFinished()
        return items
    }
}

/// An async sequence of chunks that records how many were pulled, and can wait for a signal before each one.
private struct CountingChunks<Chunk: Sendable>: AsyncSequence {
    typealias Element = Chunk
    let chunks: [Chunk]
    let pulled: PullCounter

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<Chunk>
        let pulled: PullCounter

        mutating func next() async throws -> Chunk? {
            await pulled.increment()
            return remaining.popFirst()
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: chunks[...], pulled: pulled) }
}

private actor PullCounter {
    private(set) var count = 0
    func increment() { count += 1 }
}

/// A base sequence that fails after its chunks, as a dropped connection does.
private struct FailingChunks: AsyncSequence {
    typealias Element = [UInt8]
    let chunks: [[UInt8]]

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<[UInt8]>
        mutating func next() async throws -> [UInt8]? {
            if let chunk = remaining.popFirst() { return chunk }
            throw URLError(.networkConnectionLost)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: chunks[...]) }
}

@Suite("chunks.parsed(with:) — the AsyncSequence adapter")
struct ParsedSequenceTests {
    @Test("Items come out in order from Data, [UInt8] and ArraySlice chunks cut anywhere")
    func itemsInOrder() async throws {
        let text = Array("alpha\nbeta\ngamma\n".utf8)
        let counter = PullCounter()
        let cuts = [[UInt8]]([Array(text[0..<3]), Array(text[3..<8]), [], Array(text[8...])])
        var fromArrays: [String] = []
        for try await line in CountingChunks(chunks: cuts, pulled: counter).parsed(with: LineParser()) {
            fromArrays.append(line)
        }
        var fromData: [String] = []
        let dataChunks = CountingChunks(chunks: cuts.map { Data($0) }, pulled: counter)
        for try await line in dataChunks.parsed(with: LineParser()) {
            fromData.append(line)
        }
        var fromSlices: [String] = []
        let slices = [text[0..<6], text[6..<7], text[7...]]
        for try await line in CountingChunks(chunks: slices, pulled: counter).parsed(with: LineParser()) {
            fromSlices.append(line)
        }
        #expect(fromArrays == ["alpha", "beta", "gamma"])
        #expect(fromData == fromArrays)
        #expect(fromSlices == fromArrays)
    }

    @Test("A parser fault is thrown after the items that preceded it, and ends the sequence")
    func faultAfterItems() async throws {
        // The second chunk completes "two" and then hits the fault: "two" must still come out first.
        let chunks: [[UInt8]] = [Array("one\n".utf8), Array("two\n!\nthree\n".utf8), Array("four\n".utf8)]
        var iterator = CountingChunks(chunks: chunks, pulled: PullCounter()).parsed(with: LineParser())
            .makeAsyncIterator()
        var seen: [String] = []
        var caught: StreamError?
        do {
            while let line = try await iterator.next() { seen.append(line) }
        } catch {
            caught = error as? StreamError
        }
        #expect(seen == ["one", "two"])
        #expect(caught?.message == "bang")
        #expect(try await iterator.next() == nil)
    }

    @Test("A fault at the end of input follows the last items")
    func faultAtEnd() async throws {
        let chunks: [[UInt8]] = [Array("one\ntwo\nthr".utf8)]
        var seen: [String] = []
        await #expect(throws: StreamError.self) {
            for try await line in CountingChunks(chunks: chunks, pulled: PullCounter()).parsed(with: LineParser()) {
                seen.append(line)
            }
        }
        #expect(seen == ["one", "two"])
    }

    @Test("An error from the base sequence comes after every item already decoded")
    func baseError() async {
        var seen: [String] = []
        await #expect(throws: URLError.self) {
            for try await line in FailingChunks(chunks: [Array("a\nb\n".utf8)]).parsed(with: LineParser()) {
                seen.append(line)
            }
        }
        #expect(seen == ["a", "b"])
    }

    @Test("Cancelling the consuming task stops reading chunks")
    func cancellationStopsReading() async throws {
        let counter = PullCounter()
        let chunks = (0..<1000).map { Array("line \($0)\n".utf8) }
        let (firstItem, signal) = AsyncStream<Void>.makeStream()
        let (resume, proceed) = AsyncStream<Void>.makeStream()
        let consumer = Task {
            var count = 0
            var iterator = resume.makeAsyncIterator()
            for try await _ in CountingChunks(chunks: chunks, pulled: counter).parsed(with: LineParser()) {
                count += 1
                if count == 1 {
                    signal.yield()
                    _ = await iterator.next()  // wait until the test has cancelled this task
                }
            }
            return count
        }
        var waiter = firstItem.makeAsyncIterator()
        _ = await waiter.next()
        consumer.cancel()
        proceed.yield()
        let result = await consumer.result
        #expect(throws: CancellationError.self) { try result.get() }
        // One chunk was pulled to produce the first item; none after the cancellation.
        #expect(await counter.count == 1)
    }
}
