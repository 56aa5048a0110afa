/// How much of the body has arrived.
public struct TransferProgress: Sendable, Hashable, Codable {
    /// Body bytes received so far (after any `Content-Encoding` was undone by `URLSession`).
    public var receivedBytes: Int64
    /// The length announced by `Content-Length`, or `nil` when the server did not announce one.
    public var expectedBytes: Int64?

    /// Creates a progress report.
    public init(receivedBytes: Int64, expectedBytes: Int64?) {
        self.receivedBytes = receivedBytes
        self.expectedBytes = expectedBytes
    }

    /// The fraction received, from 0 to 1, when the length is known. Capped at 1: a compressed response announces
    /// its compressed length while `URLSession` counts decompressed bytes.
    public var fractionCompleted: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, Double(receivedBytes) / Double(expectedBytes))
    }
}
