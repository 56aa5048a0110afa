import Foundation

/// A network fault: the request could not be sent, or its response was cut short — never a refusal by the server
/// (that is ``HTTPResponseError``).
///
/// Its ``description`` is one line in the user's terms, prefixed by nothing; the command line prints it as
/// `feedstream: error: URL: MESSAGE`. The URL it carries has its user and password removed, so an error can be
/// logged and shown whatever credentials the caller put into the URL.
///
/// ```swift
/// do { for try await entry in entries { show(entry) } }
/// catch let error as HTTPTransportError where error.kind == .timedOut(seconds: 30) { retryLater() }
/// ```
public struct HTTPTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// Nothing listens at the host and port.
        case connectionRefused
        /// No byte arrived for `seconds` (the idle timeout).
        case timedOut(seconds: TimeInterval)
        /// The whole exchange took longer than the caller's deadline of `seconds`.
        case deadlineExceeded(seconds: TimeInterval)
        /// The connection ended after `received` body bytes; `expected` when `Content-Length` announced it.
        case connectionClosed(received: Int64, expected: Int64?)
        /// The host name does not resolve.
        case nameNotFound
        /// The network itself is down: not connected, no route to any network (`ENETUNREACH`, `ENETDOWN`,
        /// URLSession's `notConnectedToInternet`). Not the host's fault: a feed reader retries later without
        /// counting it against the feed.
        case networkUnavailable
        /// The TLS handshake failed (an untrusted or expired certificate, a protocol mismatch).
        case tlsFailure
        /// More than `limit` redirects in a row.
        case tooManyRedirects(limit: Int)
        /// A redirect to another origin that the ``OriginPolicy`` refuses to follow with credentials.
        case redirectRefused
        /// A next page on another origin whose host the caller did not allow (``OriginPolicy/allowedHosts``).
        case originNotAllowed
        /// The URL is not `http:` or `https:` (a `file:` next link, an `ftp:` redirect).
        case unsupportedScheme
        /// A compressed body inflated past `limit` times its size on the wire (``TransferLimits/maximumInflation``):
        /// a compression bomb, stopped before it cost memory.
        case inflationRatioExceeded(limit: Int)
        /// A compressed body inflated past `limit` bytes (``TransferLimits/maximumBodyBytes``).
        case bodyTooLarge(limit: Int64)
        /// A compressed body that does not inflate (corrupt, cut, or followed by stray bytes).
        case corruptCompression(encoding: String)
        /// Any other transport fault, described by `detail` (one line, no secrets).
        case other(detail: String)
    }

    /// What went wrong.
    public var kind: Kind
    /// The URL the fault happened on, without user or password.
    public var url: URL?

    /// Creates an error; `url` is stored without its user and password.
    public init(_ kind: Kind, url: URL?) {
        self.kind = kind
        self.url = url.map(Self.redacted)
    }

    /// `connection refused`, `timed out after 30 s without a byte`, `connection closed after 1024 of 4096 bytes`…
    public var message: String {
        switch kind {
        case .connectionRefused: "connection refused"
        case .timedOut(let seconds): "timed out after \(Self.format(seconds)) s without a byte"
        case .deadlineExceeded(let seconds): "deadline of \(Self.format(seconds)) s passed"
        case .connectionClosed(let received, let expected?): "connection closed after \(received) of \(expected) bytes"
        case .connectionClosed(let received, nil): "connection closed after \(received) bytes, before the body ended"
        case .nameNotFound: "name not found"
        case .networkUnavailable: "no network"
        case .tlsFailure: "TLS failure"
        case .tooManyRedirects(let limit): "too many redirects (more than \(limit))"
        case .redirectRefused: "redirect to another origin refused (it would lose the credentials)"
        case .originNotAllowed: "next page is on another origin; allow its host to follow it"
        case .unsupportedScheme: "not an http(s) URL"
        case .inflationRatioExceeded(let limit):
            "compressed body inflated past \(limit)× its size on the wire (a compression bomb?)"
        case .bodyTooLarge(let limit): "compressed body inflated past \(limit) bytes"
        case .corruptCompression(let encoding): "\(encoding)-compressed body is corrupt"
        case .other(let detail): detail
        }
    }

    /// `URL: message`, or the message alone without a URL.
    public var description: String {
        guard let url else { return message }
        return "\(url.absoluteString): \(message)"
    }

    /// `url` without user and password.
    static func redacted(_ url: URL) -> URL {
        guard url.user != nil || url.password != nil,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { return url }
        components.user = nil
        components.password = nil
        return components.url ?? url
    }

    private static func format(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
