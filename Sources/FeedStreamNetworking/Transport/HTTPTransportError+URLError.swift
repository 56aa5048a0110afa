import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPTransportError {
    /// The transport error for a `URLError` from `URLSession`: its code in the user's terms, never its dump.
    package init(_ error: URLError, url: URL?, idleTimeout: TimeInterval, received: Int64, expected: Int64?) {
        let kind: Kind
        switch error.code {
        // No network for this app now: none at all, cellular data turned off for it or while roaming, or (on
        // networks that cannot carry both) a call holding the line. Not the host's fault: a feed reader waits.
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff, .callIsActive:
            kind = .networkUnavailable
        case let code
        where [.cannotFindHost, .dnsLookupFailed, .timedOut, .cannotConnectToHost].contains(code) && received == 0
            && expected == nil && NetworkPath.explainsFailure(reaching: url ?? error.failingURL):
            // A lookup or connection that failed on a machine with no route but loopback: no network at all.
            kind = .networkUnavailable
        case .cannotConnectToHost: kind = .connectionRefused
        case .timedOut: kind = .timedOut(seconds: idleTimeout)
        case .cannotFindHost, .dnsLookupFailed: kind = .nameNotFound
        case .networkConnectionLost: kind = .connectionClosed(received: received, expected: expected)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
            .clientCertificateRequired:
            kind = .tlsFailure
        case .httpTooManyRedirects: kind = .tooManyRedirects(limit: OriginPolicy.defaultMaximumRedirects)
        case .unsupportedURL: kind = .unsupportedScheme
        default:
            // swift-corelibs-foundation reports a transfer curl saw cut short as code -1 (unknown).
            if received > 0 || expected != nil {
                kind = .connectionClosed(received: received, expected: expected)
            } else {
                kind = .other(detail: "network error \(error.code.rawValue)")
            }
        }
        self.init(kind, url: url ?? error.failingURL)
    }
}
