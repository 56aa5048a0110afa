import Foundation

/// How long a transfer may wait, and how much it may hold, before it gives up or makes the sender wait.
///
/// Every entry point (``HTTPTransport`` `parsedItems` and its siblings, ``Pager``, the service clients) takes one.
public struct TransferLimits: Sendable {
    /// Give up when no byte arrives for this long (connecting, waiting for the head, or mid-body). The clock stops
    /// while the consumer is busy: a slow consumer is never an idle network. Default 30 seconds.
    public var idleTimeout: TimeInterval
    /// Give up when the whole exchange (every redirect and page of one call) takes longer; `nil`, the default,
    /// sets no deadline. Like the idle clock, this one stops while the consumer holds the transfer back (the app
    /// storing entries is not the server being slow); a retry's wait counts.
    public var deadline: TimeInterval?
    /// Body bytes a transport may hold for a consumer that has not taken them yet before it makes the transfer
    /// wait. Default 256 KiB. (`URLSessionTransport` on Linux cannot make a transfer wait; see its notes.)
    public var bufferHighWaterMark: Int
    /// How many times its size on the wire a compressed body (`Content-Encoding: gzip` or `deflate`) may inflate
    /// to before the transfer ends with ``HTTPTransportError/Kind/inflationRatioExceeded(limit:)``. Default 100:
    /// feeds shrink 3–20× under gzip, a compression bomb a thousandfold. Checked as the bytes inflate, against the
    /// compressed bytes inflated so far (the first 64 KiB inflated are allowed whatever their ratio), so a bomb is
    /// stopped after about 64 KiB more than this many times the compressed bytes before it, however much of it
    /// was read ahead or announced by `Content-Length`. (`URLSessionTransport` inflates inside URLSession, out of
    /// sight: there the ratio is taken against the announced `Content-Length`, and ``maximumBodyBytes`` bounds a
    /// body that announces none.)
    public var maximumInflation: Int
    /// The most bytes a compressed body may inflate to, whatever its ratio. Default 128 MiB. A body sent without
    /// compression is not bounded by this: it cannot cost more than its own bytes on the wire, and it streams.
    public var maximumBodyBytes: Int64
    /// Counts what the transfer buffered, for tests.
    package var statistics: TransferStatistics?

    /// The default ``maximumInflation``.
    public static let defaultMaximumInflation = 100
    /// The default ``maximumBodyBytes``.
    public static let defaultMaximumBodyBytes: Int64 = 128 << 20

    /// Creates limits.
    public init(
        idleTimeout: TimeInterval = 30, deadline: TimeInterval? = nil, bufferHighWaterMark: Int = 256 << 10,
        maximumInflation: Int = TransferLimits.defaultMaximumInflation,
        maximumBodyBytes: Int64 = TransferLimits.defaultMaximumBodyBytes
    ) {
        self.idleTimeout = max(0.001, idleTimeout)
        self.deadline = deadline.map { max(0.001, $0) }
        self.bufferHighWaterMark = max(1, bufferHighWaterMark)
        self.maximumInflation = max(1, maximumInflation)
        self.maximumBodyBytes = max(1, maximumBodyBytes)
    }
}

/// What a transfer buffered: the largest number of received body bytes held at once that the consumer had not
/// taken yet. Tests read it to assert the high-water mark by counting, not timing.
package final class TransferStatistics: @unchecked Sendable {
    private let lock = NSLock()
    private var maximum = 0
    private var largestChunk = 0

    package init() {}

    /// The most bytes ever held at once.
    package var maximumBufferedBytes: Int { lock.withLock { maximum } }
    /// The largest single chunk a transport delivered (the mark may be passed by less than one chunk).
    package var largestChunkBytes: Int { lock.withLock { largestChunk } }

    package func record(buffered: Int, chunk: Int) {
        lock.withLock {
            maximum = max(maximum, buffered)
            largestChunk = max(largestChunk, chunk)
        }
    }
}
