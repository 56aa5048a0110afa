import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where credentials may go, and which redirects and next pages are followed.
///
/// Credentials — the authorizer's signature and an `Authorization` header the caller put on the request — go
/// only to the *origin* of the first request (its scheme, host and port) and to hosts in ``allowedHosts``. A
/// redirect elsewhere, or from `https` to `http`, is followed without them (or refused, with
/// ``refusesCredentialLeavingRedirects``); a next page elsewhere ends the run with
/// ``HTTPTransportError/Kind-swift.enum/originNotAllowed`` unless its host is allowed. Only `http` and `https` URLs
/// are fetched. See <doc:CredentialsStayOnTheirOrigin>.
///
/// ```swift
/// var policy = OriginPolicy(allowedHosts: ["cdn.example.com"])
/// policy.maximumRedirects = 5
/// let pager = Pager(request: request, strategy: ConnectionsPaging(), authorizer: basic, originPolicy: policy)
/// ```
public struct OriginPolicy: Sendable, Hashable {
    /// How many redirects one request follows by default.
    public static let defaultMaximumRedirects = 10

    /// Hosts (lowercased names, compared case-insensitively) that may also receive the credentials and serve
    /// next pages, on any port; never over `http` when the first request was `https`.
    public var allowedHosts: Set<String>
    /// Redirects followed per request before ``HTTPTransportError/Kind-swift.enum/tooManyRedirects(limit:)``.
    public var maximumRedirects: Int
    /// Refuse (``HTTPTransportError/Kind-swift.enum/redirectRefused``) a redirect that would have to drop the
    /// credentials, instead of following it without them. Only requests that carry credentials are refused.
    public var refusesCredentialLeavingRedirects: Bool

    /// Creates a policy.
    public init(
        allowedHosts: Set<String> = [], maximumRedirects: Int = OriginPolicy.defaultMaximumRedirects,
        refusesCredentialLeavingRedirects: Bool = false
    ) {
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
        self.maximumRedirects = max(0, maximumRedirects)
        self.refusesCredentialLeavingRedirects = refusesCredentialLeavingRedirects
    }

    /// Whether `url` may receive the credentials meant for `trusted` (the first request's origin).
    public func mayReceiveCredentials(_ url: URL, trusted: Origin) -> Bool {
        guard let origin = Origin(url) else { return false }
        if origin == trusted { return true }
        // Never from https down to http, whatever host is allowed.
        if trusted.scheme == "https" && origin.scheme != "https" { return false }
        return allowedHosts.contains(origin.host)
    }

    /// Whether a page on `url` may be fetched in a run that started on `trusted`: the same origin, or an allowed
    /// host.
    public func mayFollowPage(to url: URL, trusted: Origin) -> Bool {
        mayReceiveCredentials(url, trusted: trusted)
    }
}

/// An origin as RFC 6454 defines it: scheme, host and port (the scheme's default port made explicit).
public struct Origin: Sendable, Hashable, CustomStringConvertible {
    /// `http` or `https`, lowercased.
    public var scheme: String
    /// The host, lowercased.
    public var host: String
    /// The port, 80 or 443 when the URL names none.
    public var port: Int

    /// The origin of `url`; `nil` when it is not an `http` or `https` URL with a host.
    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    /// `https://example.com:443`.
    public var description: String { "\(scheme)://\(host):\(port)" }

    /// Whether `url` is one the engine fetches: `http` or `https` with a host.
    static func isFetchable(_ url: URL?) -> Bool { url.flatMap(Origin.init) != nil }
}
