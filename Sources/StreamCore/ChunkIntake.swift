/// Hands network chunks to a C push parser so that total work stays linear in the input, whatever the chunk size.
///
/// libxml2 and yajl both re-scan input they could not yet turn into events when more input arrives: yajl
/// restarts a token that was split across chunks from its first byte, and libxml2's push parser searches its
/// whole unconsumed buffer again (a CDATA section drains only 300 bytes per call until its end arrives). A
/// 16 MB string delivered in 4 KiB chunks would be scanned thousands of times over: quadratic.
///
/// The intake tracks the *backlog*: bytes the C parser holds without having turned them into events. Once the
/// backlog exceeds ``stallThreshold``, chunks are held back and fed only when the held bytes at least equal the
/// backlog. Fed sizes then grow geometrically, so each byte is scanned a bounded number of times.
///
/// The cost: while a single token longer than the threshold is in flight, bytes are delayed by up to the
/// token's length. No item can complete inside a token, so only items that close right after a huge token
/// wait — until the held bytes reach the backlog, or ``flush(into:)`` at the end of input.
/// How much work an input cost a C parser: bytes fed, feeds made, and the bound on bytes scanned (see
/// ``ChunkIntake/scanBound``).
package typealias IntakeStatistics = (bytesFed: Int, feedCount: Int, scanBound: Int)

package struct ChunkIntake: Sendable {
    /// Backlog, in bytes, above which the intake starts holding chunks back.
    package let stallThreshold: Int
    private var held: [UInt8] = []
    private var backlog = 0

    /// The number of bytes handed to the C parser so far.
    package private(set) var bytesFed = 0
    /// The number of feeds made to the C parser.
    package private(set) var feedCount = 0
    /// An estimate of the bytes the C parser had to scan, counting re-scans: each feed is charged its own length
    /// plus the backlog it was appended to. Tests compare it to ``bytesFed`` to prove linear work without timing
    /// anything.
    package private(set) var scanBound = 0

    /// The three counts together, as the parsers report them to tests (`intakeStatistics`).
    package var statistics: IntakeStatistics { (bytesFed, feedCount, scanBound) }

    /// Creates an intake.
    package init(stallThreshold: Int = 16 << 10) {
        precondition(stallThreshold > 0)
        self.stallThreshold = stallThreshold
    }

    /// The bytes held back and not yet fed.
    package var heldByteCount: Int { held.count }

    /// Takes one chunk; `feed` hands bytes to the C parser and returns whether it produced any event.
    ///
    /// For parsers that re-scan only the token in flight (yajl): the backlog is the bytes fed since the last
    /// event.
    package mutating func take<E: Error>(
        _ chunk: UnsafeRawBufferPointer, into feed: (UnsafeRawBufferPointer) throws(E) -> Bool
    ) throws(E) {
        let before = backlog
        try take(chunk) { (bytes) throws(E) -> Int in try feed(bytes) ? 0 : before + bytes.count }
    }

    /// Takes one chunk; `feed` hands bytes to the C parser and returns its backlog afterwards: the bytes it holds
    /// unconsumed and will scan again (libxml2: the input buffer between the cursor and the end).
    package mutating func take<E: Error>(
        _ chunk: UnsafeRawBufferPointer, into feed: (UnsafeRawBufferPointer) throws(E) -> Int
    ) throws(E) {
        if held.isEmpty && backlog < stallThreshold {
            try send(chunk, into: feed)
            return
        }
        held.append(contentsOf: chunk.assumingMemoryBound(to: UInt8.self))
        if held.count >= backlog {
            try flush(into: feed)
        }
    }

    /// Feeds whatever is held back; call it before signalling the end of input to the C parser.
    package mutating func flush<E: Error>(into feed: (UnsafeRawBufferPointer) throws(E) -> Bool) throws(E) {
        let before = backlog
        try flush { (bytes) throws(E) -> Int in try feed(bytes) ? 0 : before + bytes.count }
    }

    /// Feeds whatever is held back to a parser that reports its backlog.
    package mutating func flush<E: Error>(into feed: (UnsafeRawBufferPointer) throws(E) -> Int) throws(E) {
        guard !held.isEmpty else { return }
        var bytes = held
        held = []
        defer {
            bytes.removeAll(keepingCapacity: true)
            if held.isEmpty { held = bytes }
        }
        // `withUnsafeBytes` rethrows untyped errors; carry the typed one out through a `Result`.
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(E) in try send(buffer, into: feed) }
        }
        try outcome.get()
    }

    private mutating func send<E: Error>(
        _ bytes: UnsafeRawBufferPointer, into feed: (UnsafeRawBufferPointer) throws(E) -> Int
    ) throws(E) {
        feedCount += 1
        bytesFed += bytes.count
        scanBound += bytes.count + backlog
        backlog = try feed(bytes)
    }
}
