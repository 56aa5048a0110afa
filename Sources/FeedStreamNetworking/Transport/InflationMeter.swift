import Foundation

/// Counts a body's bytes as a transport hands them on, and stops a compressed body that inflates past the
/// ``TransferLimits``: ``TransferLimits/maximumBodyBytes`` always, and ``TransferLimits/maximumInflation`` against
/// the compressed bytes the inflater has consumed so far, where the transport inflates itself, or else against the
/// announced `Content-Length` (all a transport that inflates inside its HTTP stack, URLSession, can see). Bodies
/// sent without compression are not bounded: they cost no more than their wire bytes and stream.
///
/// Not against the `Content-Length` nor the compressed bytes read, where the consumed ones are known: a bomb of
/// 2 MB that announces its length would be let inflate to 200 MB (capped at ``TransferLimits/maximumBodyBytes``)
/// before the ratio could fire, and a read-ahead reads far ahead of what the inflater has explained. Against the
/// consumed bytes a bomb is stopped after its first ``startAllowance`` bytes and one piece of the inflater's.
package struct InflationMeter: Sendable {
    private let encoding: String?
    private let wireLength: Int64?
    /// The ratio a compressed body may inflate to (``TransferLimits/maximumInflation``).
    package let maximumInflation: Int
    private let maximumBodyBytes: Int64
    private let url: URL?
    /// Body bytes handed on so far (inflated).
    package private(set) var bodyBytes: Int64 = 0

    /// Inflated bytes never held to the ratio: a body's first bytes come from its header and first block, fewer
    /// compressed bytes than any ratio explains (a 1 KiB feed inflating to 30 KiB is not a bomb). 64 KiB, one
    /// piece of the transport's inflater.
    package static let startAllowance: Int64 = 64 << 10

    package init(head: HTTPResponseInfo, limits: TransferLimits) {
        encoding = head.contentEncoding
        wireLength = head.expectedContentLength
        maximumInflation = limits.maximumInflation
        maximumBodyBytes = limits.maximumBodyBytes
        url = head.url
    }

    /// Counts `count` more body bytes; `consumed`: the compressed bytes the caller's inflater has consumed so far,
    /// where the caller inflates (`nil` where the HTTP stack inflates out of sight).
    /// - Throws: ``HTTPTransportError`` when a compressed body has inflated past a limit.
    package mutating func count(_ count: Int, consumed: Int64? = nil) throws(HTTPTransportError) {
        bodyBytes += Int64(count)
        guard encoding != nil else { return }
        if bodyBytes > maximumBodyBytes {
            throw HTTPTransportError(.bodyTooLarge(limit: maximumBodyBytes), url: url)
        }
        let allowed: Int64
        if let consumed {
            allowed = consumed * Int64(maximumInflation) + Self.startAllowance
        } else if let wireLength {
            allowed = max(wireLength, 1) * Int64(maximumInflation)
        } else {
            return
        }
        if bodyBytes > allowed {
            throw HTTPTransportError(.inflationRatioExceeded(limit: maximumInflation), url: url)
        }
    }
}
