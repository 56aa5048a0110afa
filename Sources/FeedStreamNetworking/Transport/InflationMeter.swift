import Foundation

/// Counts a body's bytes as a transport hands them on, and stops a compressed body that inflates past the
/// ``TransferLimits``: ``TransferLimits/maximumBodyBytes`` always, and ``TransferLimits/maximumInflation`` against
/// the announced `Content-Length` (the wire size) or, where the transport inflates itself, the compressed bytes read
/// so far, whichever is larger. Bodies sent without compression are not
/// bounded: they cost no more than their wire bytes and stream.
package struct InflationMeter: Sendable {
    private let encoding: String?
    private let wireLength: Int64?
    /// The ratio a compressed body may inflate to (``TransferLimits/maximumInflation``).
    package let maximumInflation: Int
    private let maximumBodyBytes: Int64
    private let url: URL?
    /// Body bytes handed on so far (inflated).
    package private(set) var bodyBytes: Int64 = 0

    package init(head: HTTPResponseInfo, limits: TransferLimits) {
        encoding = head.contentEncoding
        wireLength = head.expectedContentLength
        maximumInflation = limits.maximumInflation
        maximumBodyBytes = limits.maximumBodyBytes
        url = head.url
    }

    /// Counts `count` more body bytes; `wireBytes`: the compressed bytes read so far, where the caller inflates.
    /// - Throws: ``HTTPTransportError`` when a compressed body has inflated past a limit.
    package mutating func count(_ count: Int, wireBytes: Int64? = nil) throws(HTTPTransportError) {
        bodyBytes += Int64(count)
        guard encoding != nil else { return }
        if bodyBytes > maximumBodyBytes {
            throw HTTPTransportError(.bodyTooLarge(limit: maximumBodyBytes), url: url)
        }
        guard wireLength != nil || wireBytes != nil else { return }
        if bodyBytes > max(wireLength ?? 0, wireBytes ?? 0, 1) * Int64(maximumInflation) {
            throw HTTPTransportError(.inflationRatioExceeded(limit: maximumInflation), url: url)
        }
    }
}
