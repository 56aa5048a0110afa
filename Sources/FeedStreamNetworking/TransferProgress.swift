/// How much of the body has arrived.
public struct TransferProgress: Sendable, Hashable, Codable {
    /// Body bytes received so far: the body bytes, after the transport inflated a compressed body.
    public var receivedBytes: Int64
    /// The length announced by `Content-Length`, or `nil` when the server did not announce one. For a compressed
    /// body (``HTTPResponseInfo/contentEncoding``) it counts the compressed bytes, as they cross the network.
    public var expectedBytes: Int64?
    /// Body bytes as they crossed the network, when known: ``receivedBytes`` for a body sent without compression;
    /// for a compressed one, `nil` until the body has ended, then the announced `Content-Length` (`nil` when the
    /// server announced none).
    ///
    /// Why from the head: both transports inflate inside the HTTP stack (AsyncHTTPClient in NIO's pipeline,
    /// URLSession in its own), which counts no compressed bytes that a caller can read; a complete body's
    /// `Content-Length` is exactly what crossed the network, where an estimate from the inflated bytes would not
    /// be.
    public var wireBytes: Int64?

    /// Creates a progress report.
    public init(receivedBytes: Int64, expectedBytes: Int64?, wireBytes: Int64? = nil) {
        self.receivedBytes = receivedBytes
        self.expectedBytes = expectedBytes
        self.wireBytes = wireBytes
    }

    /// The fraction received, from 0 to 1, when the length is known. Capped at 1: a compressed response announces
    /// its compressed length while `URLSession` counts decompressed bytes.
    public var fractionCompleted: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, Double(receivedBytes) / Double(expectedBytes))
    }
}
