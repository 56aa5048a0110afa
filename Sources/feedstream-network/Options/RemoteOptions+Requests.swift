import FeedStreamCommandLine
import FeedStreamNetworking
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RemoteOptions {
    /// The transport `--transport` names, or the platform's default.
    func transport() -> any HTTPTransport {
        switch transportName {
        case .urlsession?:
            return URLSessionTransport()
        case .asyncHTTPClient?:
            #if canImport(AsyncHTTPClient)
                return AsyncHTTPClientTransport()
            #else
                return DefaultHTTPTransport()
            #endif
        case nil:
            return DefaultHTTPTransport()
        }
    }

    /// `--timeout` as the transfer's idle timeout.
    var limits: TransferLimits { TransferLimits(idleTimeout: timeoutSeconds ?? 30) }

    /// `--allow-host`: where credentials and paging may also go.
    var originPolicy: OriginPolicy { OriginPolicy(allowedHosts: Set(allowedHosts)) }

    /// The authorizer the options ask for, if any.
    func authorizer() throws -> (any RequestAuthorizer)? {
        if let oauth1Credentials { return try Self.oauth1Signer(oauth1Credentials) }
        return basicCredentials.flatMap(Self.basicAuthorizer)
    }

    /// `NAME:PASSWORD`, split at the first colon (a password may hold colons, a user name may not).
    static func basicAuthorizer(_ credentials: String) -> HTTPBasicAuthorizer? {
        basicCredentials(credentials).map { HTTPBasicAuthorizer(username: $0.name, password: $0.password) }
    }

    /// `KEY:SECRET` or `KEY:SECRET:TOKEN:TOKEN-SECRET`. The message of a malformed value never repeats it.
    static func oauth1Signer(_ credentials: String) throws -> OAuth1Signer {
        let parts = try oauth1Credentials(credentials)
        return OAuth1Signer(
            consumerKey: parts.consumerKey, consumerSecret: parts.consumerSecret, token: parts.token,
            tokenSecret: parts.tokenSecret)
    }

    /// A GET of `url` with the extra headers.
    func request(for url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.setValue("feedstream", forHTTPHeaderField: "User-Agent")
        for field in headerFields { request.addValue(field.value, forHTTPHeaderField: field.name) }
        return request
    }
}
