import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Gets Fellowship One access tokens, by either of its flows.
///
/// The 2nd-party flow, for an app that asks the user for their name and password itself — one consumer-signed
/// `POST` of the credentials:
///
/// ```swift
/// let service = FellowshipOneTokenService(
///     baseURL: URL(string: "https://mychurch.fellowshiponeapi.com")!, consumerKey: key, consumerSecret: secret)
/// let access = try await service.accessToken(username: name, password: password)
/// let signer = service.consumer.with(token: access.oauthToken)   // signs every call from now on
/// ```
///
/// The 3-legged flow, for an app that sends the user to Fellowship One's own login page: ``requestToken(callback:)``,
/// then the user's browser to ``loginURL(requestToken:callback:userType:)``, then
/// ``accessToken(exchanging:verifier:)``. Each step also exists as a request builder (`…Request`) for apps that
/// send requests their own way.
///
/// A refusal (a wrong password, a bad signature: 401, 403) throws ``HTTPResponseError``, whose description
/// carries the service's message; a success without a token throws ``OAuth1Error``.
public struct FellowshipOneTokenService: Sendable {
    /// The church's API address: `https://CHURCHCODE.fellowshiponeapi.com` (see
    /// ``FellowshipOne/baseURL(churchCode:staging:)``); the `/v1/…` paths are appended to it.
    public var baseURL: URL
    /// Signs as the consumer (no token); its method, realm and nonce and timestamp sources carry over to the
    /// signers made from it.
    public var consumer: OAuth1Signer
    /// What sends the requests (default ``DefaultHTTPTransport``).
    public var transport: any HTTPTransport
    /// The idle timeout (default 30 s) and an optional deadline for each token request.
    public var limits: TransferLimits

    /// Creates a service that signs as `consumer`.
    public init(
        baseURL: URL, consumer: OAuth1Signer, transport: any HTTPTransport = DefaultHTTPTransport(),
        limits: TransferLimits = TransferLimits()
    ) {
        self.baseURL = baseURL
        self.consumer = consumer.with(token: nil)
        self.transport = transport
        self.limits = limits
    }

    /// Creates a service that signs as `consumer` and sends through a ``URLSessionTransport`` with `configuration`;
    /// its request timeout is the idle timeout, as it is for URLSession itself.
    public init(baseURL: URL, consumer: OAuth1Signer, configuration: URLSessionConfiguration) {
        self.init(
            baseURL: baseURL, consumer: consumer, transport: URLSessionTransport(configuration: configuration),
            limits: TransferLimits(sessionConfiguration: configuration))
    }

    /// Creates a service for the consumer `consumerKey` (HMAC-SHA1, as Fellowship One requires).
    public init(
        baseURL: URL, consumerKey: String, consumerSecret: String,
        transport: any HTTPTransport = DefaultHTTPTransport(), limits: TransferLimits = TransferLimits()
    ) {
        self.init(
            baseURL: baseURL, consumer: OAuth1Signer(consumerKey: consumerKey, consumerSecret: consumerSecret),
            transport: transport, limits: limits)
    }

    /// Creates a service for the consumer `consumerKey` that sends through a ``URLSessionTransport`` with
    /// `configuration`; its request timeout is the idle timeout.
    public init(baseURL: URL, consumerKey: String, consumerSecret: String, configuration: URLSessionConfiguration) {
        self.init(
            baseURL: baseURL,
            consumer: OAuth1Signer(consumerKey: consumerKey, consumerSecret: consumerSecret),
            configuration: configuration)
    }

    /// `{base}/v1/{path}`.
    public func url(_ path: String) -> URL {
        baseURL.appendingPathComponent("v1").appendingPathComponent(path)
    }

    // MARK: The 2nd-party flow

    /// The signed request of the 2nd-party flow: `POST {base}/v1/PortalUser/AccessToken` (or `WeblinkUser`)
    /// whose body is base64 of `"NAME PASSWORD"` (UTF-8), signed by the consumer alone.
    ///
    /// The body goes as `text/plain`: declared form-encoded (what `URLSession` would otherwise assume for a
    /// `POST` body), it would have to be signed as form parameters, which base64 is not. Send it promptly: the
    /// signature's timestamp is now.
    public func accessTokenRequest(
        username: String, password: String, userType: FellowshipOne.UserType = .portalUser
    ) throws -> URLRequest {
        var request = URLRequest(url: url("\(userType.rawValue)/AccessToken"))
        request.httpMethod = "POST"
        request.httpBody = Data(Data("\(username) \(password)".utf8).base64EncodedString().utf8)
        request.setValue("text/plain; charset=utf-8", forHTTPHeaderField: "Content-Type")
        return try request.authorized(by: consumer)
    }

    /// Performs the 2nd-party flow: the token from the form-encoded body, the person from `Content-Location`.
    ///
    /// - Throws: ``HTTPResponseError`` when Fellowship One refuses (wrong name or password, bad signature);
    ///   ``OAuth1Error`` when its answer holds no token; an ``HTTPTransportError`` when it cannot be reached.
    public func accessToken(
        username: String, password: String, userType: FellowshipOne.UserType = .portalUser
    ) async throws -> FellowshipOneAccessToken {
        let request = try accessTokenRequest(username: username, password: password, userType: userType)
        return try await FellowshipOneTokenExchange.accessToken(for: request, transport: transport, limits: limits)
    }

    // MARK: The 3-legged flow

    /// The signed request for temporary credentials: `POST {base}/v1/Tokens/RequestToken`, signed by the
    /// consumer, with `oauth_callback` when `callback` is given (a URL, or `"oob"`).
    public func requestTokenRequest(callback: String? = nil) throws -> URLRequest {
        var request = URLRequest(url: url("Tokens/RequestToken"))
        request.httpMethod = "POST"
        var signer = consumer
        signer.callback = callback
        return try request.authorized(by: signer)
    }

    /// Gets temporary credentials (a request token) for the 3-legged flow.
    public func requestToken(callback: String? = nil) async throws -> OAuth1Token {
        let request = try requestTokenRequest(callback: callback)
        return try await FellowshipOneTokenExchange.token(for: request, transport: transport, limits: limits).token
    }

    /// Where to send the user's browser to sign in and approve the request token:
    /// `{base}/v1/PortalUser/Login?oauth_token=…` (or `WeblinkUser`), with `oauth_callback` when given — the page
    /// Fellowship One sends the browser back to afterwards. Not signed: the browser opens it.
    public func loginURL(
        requestToken: OAuth1Token, callback: URL? = nil, userType: FellowshipOne.UserType = .portalUser
    ) -> URL {
        var parameters = [(name: "oauth_token", value: requestToken.token)]
        if let callback { parameters.append((name: "oauth_callback", value: callback.absoluteString)) }
        var components = URLComponents(url: url("\(userType.rawValue)/Login"), resolvingAgainstBaseURL: true)!
        components.percentEncodedQuery = OAuth1Encoding.formEncode(parameters)
        return components.url!
    }

    /// The signed request that trades the approved request token for an access token:
    /// `POST {base}/v1/Tokens/AccessToken`, signed by the consumer and the request token, with `oauth_verifier`
    /// when the callback brought one.
    public func accessTokenRequest(exchanging requestToken: OAuth1Token, verifier: String? = nil) throws -> URLRequest {
        var request = URLRequest(url: url("Tokens/AccessToken"))
        request.httpMethod = "POST"
        var signer = consumer.with(token: requestToken)
        signer.verifier = verifier
        return try request.authorized(by: signer)
    }

    /// Trades the approved request token for an access token (and the signed-in person's URL).
    public func accessToken(
        exchanging requestToken: OAuth1Token, verifier: String? = nil
    ) async throws -> FellowshipOneAccessToken {
        let request = try accessTokenRequest(exchanging: requestToken, verifier: verifier)
        return try await FellowshipOneTokenExchange.accessToken(for: request, transport: transport, limits: limits)
    }

    /// A signer for the calls made as the holder of `accessToken`.
    public func signer(for accessToken: FellowshipOneAccessToken) -> OAuth1Signer {
        consumer.with(token: accessToken.oauthToken)
    }
}
