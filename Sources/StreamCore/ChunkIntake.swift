/// Hands network chunks to a C push parser so that total work stays linear in the input, whatever the chunk size.
///
/// libxml2 and yajl both restart a token that was split across chunks from its first byte when more input
/// arrives. A 16 MB string delivered in 4 KiB chunks would be scanned 4,000 times: quadratic. The intake watches
/// whether each feed made progress (the C parser reported at least one event); once more than
/// ``stallThreshold`` bytes have gone in without progress, it holds chunks back and feeds them only when the held
/// bytes at least equal the bytes already fed since the last progress. Fed sizes then grow geometrically and the
/// C parser scans each byte of a long token a bounded number of times.
///
/// The cost: while a single token longer than the threshold is in flight, bytes are delayed by up to the
/// token's length; no item can complete inside a token, so only the items that close right after a huge token
/// wait — at most until the held bytes double or ``flush(into:)`` at the end of input.
public struct ChunkIntake: Sendable {
    /// Bytes fed without progress before the intake starts holding chunks back.
    public let stallThreshold: Int
    private var held: [UInt8] = []
    private var bytesSinceProgress = 0

    /// The number of bytes handed to the C parser so far.
    public private(set) var bytesFed = 0
    /// The number of feeds made to the C parser.
    public private(set) var feedCount = 0
    /// An estimate of the bytes the C parser had to scan, counting the re-scan of a split token: each feed
    /// is charged its own length plus the bytes fed since the last progress. Tests compare it to ``bytesFed`` to
    /// prove linear work without timing anything.
    public private(set) var scanBound = 0

    /// Creates an intake.
    public init(stallThreshold: Int = 16 << 10) {
        precondition(stallThreshold > 0)
        self.stallThreshold = stallThreshold
    }

    /// The bytes held back and not yet fed.
    public var heldByteCount: Int { held.count }

    /// Takes one chunk; `feed` hands bytes to the C parser and returns whether it produced any event.
    public mutating func take<E: Error>(
        _ chunk: UnsafeRawBufferPointer, into feed: (UnsafeRawBufferPointer) throws(E) -> Bool
    ) throws(E) {
        if held.isEmpty && bytesSinceProgress < stallThreshold {
            try send(chunk, into: feed)
            return
        }
        held.append(contentsOf: chunk)
        if held.count >= bytesSinceProgress {
            try flush(into: feed)
        }
    }

    /// Feeds whatever is held back; call it before signalling the end of input to the C parser.
    public mutating func flush<E: Error>(into feed: (UnsafeRawBufferPointer) throws(E) -> Bool) throws(E) {
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
        _ bytes: UnsafeRawBufferPointer, into feed: (UnsafeRawBufferPointer) throws(E) -> Bool
    ) throws(E) {
        feedCount += 1
        bytesFed += bytes.count
        scanBound += bytes.count + bytesSinceProgress
        if try feed(bytes) {
            bytesSinceProgress = 0
        } else {
            bytesSinceProgress += bytes.count
        }
    }
}
