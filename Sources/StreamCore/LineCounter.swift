#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Tracks lines across chunks so that a fault found by a C parser, which only knows offsets into the last chunk,
/// can be reported with an absolute line, column and byte offset.
///
/// Columns are counted in bytes, 1-based. Call ``advance(over:)`` with every chunk after the parser consumed
/// it, and ``position(at:in:)`` to place a fault inside the chunk being parsed.
package struct LineCounter: Sendable, Hashable {
    /// Lines completed before the current chunk, plus one.
    package private(set) var line = 1
    /// The absolute offset of the first byte of the current line.
    package private(set) var lineStart = 0
    /// The absolute offset of the first byte of the current chunk.
    package private(set) var chunkStart = 0

    /// Creates a counter at the start of a stream.
    package init() {}

    /// Accounts for a whole chunk that has been consumed.
    package mutating func advance(over chunk: UnsafeRawBufferPointer) {
        let (newlines, lastNewline) = Self.scan(chunk, upTo: chunk.count)
        line += newlines
        if let lastNewline { lineStart = chunkStart + lastNewline + 1 }
        chunkStart += chunk.count
    }

    /// The absolute position of byte `offset` of `chunk`, the chunk after the last one passed to
    /// ``advance(over:)``.
    package func position(at offset: Int, in chunk: UnsafeRawBufferPointer) -> StreamPosition {
        let offset = max(0, min(offset, chunk.count))
        let (newlines, lastNewline) = Self.scan(chunk, upTo: offset)
        let start = lastNewline.map { chunkStart + $0 + 1 } ?? lineStart
        let absolute = chunkStart + offset
        return StreamPosition(line: line + newlines, column: absolute - start + 1, byteOffset: absolute)
    }

    /// The position just past everything consumed so far.
    package var endPosition: StreamPosition {
        StreamPosition(line: line, column: chunkStart - lineStart + 1, byteOffset: chunkStart)
    }

    private static func scan(_ chunk: UnsafeRawBufferPointer, upTo end: Int) -> (count: Int, last: Int?) {
        guard let base = chunk.baseAddress, end > 0 else { return (0, nil) }
        var count = 0
        var last: Int?
        var cursor = base
        var remaining = end
        while remaining > 0, let hit = memchr(cursor, 0x0A, remaining) {
            count += 1
            let index = base.distance(to: UnsafeRawPointer(hit))
            last = index
            cursor = UnsafeRawPointer(hit) + 1
            remaining = end - index - 1
        }
        return (count, last)
    }
}
