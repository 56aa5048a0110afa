import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Signs requests with OAuth 1.0a (RFC 5849), as Fellowship One, Twitter's v1.1 API and other OAuth 1.0a
/// services require: an `Authorization: OAuth …` header whose signature covers the method, the URL, the query,
/// a form-encoded body and the `oauth_*` parameters.
///
/// ```swift
/// let signer = OAuth1Signer(consumerKey: key, consumerSecret: secret, token: token, tokenSecret: tokenSecret)
/// let people = DefaultHTTPTransport().parsedItems(for: request, authorizer: signer) { _ in
///     XMLItemParser<Person>(path: "results/person")
/// }
/// ```
///
/// Each ``authorize(_:)`` call makes a fresh nonce and timestamp, so one signer serves every request of a
/// session, paging and retries included. The nonce and timestamp sources can be replaced for tests and for
/// published test vectors.
///
/// The secrets stay inside: they are not public properties and never appear in ``description`` or an error.
public struct OAuth1Signer: RequestAuthorizer, CustomStringConvertible {
    /// The consumer (client) key, sent as `oauth_consumer_key`.
    public var consumerKey: String
    private var consumerSecret: String
    /// The token (temporary or access), sent as `oauth_token`; `nil` or empty for consumer-only requests such as
    /// a request-token call or Fellowship One's 2nd-party login.
    public var token: String?
    private var tokenSecret: String?
    /// How the signature is made; HMAC-SHA1 unless the service says otherwise.
    public var signatureMethod: OAuth1SignatureMethod
    /// The `realm` of the header (section 3.5.1), when the service wants one; it is never signed.
    public var realm: String?
    /// `oauth_callback` (section 2.1), for the temporary-credentials request of the 3-legged flow: the URL the
    /// service sends the user back to, or `"oob"` when there is none.
    public var callback: String?
    /// `oauth_verifier` (section 2.3), for the token-credentials request of the 3-legged flow.
    public var verifier: String?
    /// Whether `oauth_version="1.0"` is sent (optional in RFC 5849; some services of the OAuth 1.0 era insist).
    public var includesVersion: Bool
    /// Makes each request's `oauth_nonce`.
    public var nonceSource: @Sendable () -> String
    /// The clock for `oauth_timestamp` (whole seconds since 1970).
    public var timestampSource: @Sendable () -> Date

    /// Creates a signer.
    ///
    /// - Parameters:
    ///   - consumerKey: the consumer (client) key.
    ///   - consumerSecret: the consumer secret.
    ///   - token: the token, when the request acts for a user (or holds a temporary token).
    ///   - tokenSecret: the token's secret.
    ///   - signatureMethod: HMAC-SHA1 by default.
    ///   - realm: the header's `realm`, if the service wants one.
    ///   - callback: `oauth_callback`, for the temporary-credentials request.
    ///   - verifier: `oauth_verifier`, for the token-credentials request.
    ///   - includesVersion: whether to send `oauth_version="1.0"`.
    ///   - nonceSource: makes the nonces; 32 random letters and digits by default.
    ///   - timestampSource: the clock for the timestamps; the system clock by default.
    public init(
        consumerKey: String, consumerSecret: String, token: String? = nil, tokenSecret: String? = nil,
        signatureMethod: OAuth1SignatureMethod = .hmacSHA1, realm: String? = nil, callback: String? = nil,
        verifier: String? = nil, includesVersion: Bool = true,
        nonceSource: @escaping @Sendable () -> String = OAuth1Signer.randomNonce,
        timestampSource: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.consumerKey = consumerKey
        self.consumerSecret = consumerSecret
        self.token = token
        self.tokenSecret = tokenSecret
        self.signatureMethod = signatureMethod
        self.realm = realm
        self.callback = callback
        self.verifier = verifier
        self.includesVersion = includesVersion
        self.nonceSource = nonceSource
        self.timestampSource = timestampSource
    }

    /// This signer acting with `token` (its secret included), or consumer-only when `token` is `nil`; callback
    /// and verifier are cleared, since they belong to one step of the 3-legged flow.
    public func with(token: OAuth1Token?) -> OAuth1Signer {
        var signer = self
        signer.token = token?.token
        signer.tokenSecret = token?.tokenSecret
        signer.callback = nil
        signer.verifier = nil
        return signer
    }

    /// Sets the `Authorization` header to a fresh signature of the request as it is now.
    ///
    /// - Throws: ``OAuth1Error`` when the request has no absolute URL, or its form-encoded body is a stream.
    public func authorize(_ request: inout URLRequest) throws {
        let header = try authorizationHeader(for: request)
        request.setValue(header, forHTTPHeaderField: "Authorization")
    }

    /// The `Authorization` header value for `request`, with a fresh nonce and timestamp.
    public func authorizationHeader(for request: URLRequest) throws -> String {
        try authorizationHeader(for: request, nonce: nonceSource(), timestamp: Self.timestamp(timestampSource()))
    }

    /// The `Authorization` header value for `request` with the given nonce and timestamp:
    /// `OAuth realm="…", oauth_consumer_key="…", …, oauth_signature="…"`, every value percent-encoded.
    public func authorizationHeader(for request: URLRequest, nonce: String, timestamp: String) throws -> String {
        var parameters = oauthParameters(nonce: nonce, timestamp: timestamp)
        let baseString = try signatureBaseString(for: request, oauthParameters: parameters)
        let signature = signatureMethod.signature(
            of: baseString, consumerSecret: consumerSecret, tokenSecret: tokenSecret)
        parameters.append(("oauth_signature", signature))
        let realmField = realm.map { ["realm=\"\(OAuth1Encoding.percentEncode($0))\""] } ?? []
        let fields = parameters.map { "\($0.name)=\"\(OAuth1Encoding.percentEncode($0.value))\"" }
        return "OAuth " + (realmField + fields).joined(separator: ", ")
    }

    /// The signature base string of `request` with the given nonce and timestamp (section 3.4.1): what the
    /// signature covers, for tests and for comparing with what a service computed.
    public func signatureBaseString(for request: URLRequest, nonce: String, timestamp: String) throws -> String {
        try signatureBaseString(for: request, oauthParameters: oauthParameters(nonce: nonce, timestamp: timestamp))
    }

    /// The signature (not yet percent-encoded) of `baseString` with this signer's method and secrets.
    public func signature(ofBaseString baseString: String) -> String {
        signatureMethod.signature(of: baseString, consumerSecret: consumerSecret, tokenSecret: tokenSecret)
    }

    /// The protocol parameters sent with every request, `oauth_signature` excepted, in the order the header
    /// lists them (the order RFC 5849's examples use).
    public func oauthParameters(nonce: String, timestamp: String) -> [(name: String, value: String)] {
        var parameters: [(name: String, value: String)] = [("oauth_consumer_key", consumerKey)]
        if let token, !token.isEmpty { parameters.append(("oauth_token", token)) }
        parameters.append(("oauth_signature_method", signatureMethod.rawValue))
        parameters.append(("oauth_timestamp", timestamp))
        parameters.append(("oauth_nonce", nonce))
        if let callback { parameters.append(("oauth_callback", callback)) }
        if let verifier { parameters.append(("oauth_verifier", verifier)) }
        if includesVersion { parameters.append(("oauth_version", "1.0")) }
        return parameters
    }

    private func signatureBaseString(
        for request: URLRequest, oauthParameters: [(name: String, value: String)]
    ) throws -> String {
        guard let url = request.url else { throw OAuth1Error(.invalidURL, "the request has no URL") }
        return try Self.signatureBaseString(
            method: request.httpMethod ?? "GET", url: url,
            parameters: try Self.requestParameters(of: request) + oauthParameters)
    }

    /// `OAuth 1.0a HMAC-SHA1 (consumer KEY, with token)`: never a secret.
    public var description: String {
        let tokenPart = (token?.isEmpty ?? true) ? "no token" : "with token"
        return "OAuth 1.0a \(signatureMethod.rawValue) (consumer \(consumerKey), \(tokenPart))"
    }

    /// 32 random letters and digits, from the system's cryptographically secure generator.
    @Sendable public static func randomNonce() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<32).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// Whole seconds since 1970, as `oauth_timestamp` wants them.
    static func timestamp(_ date: Date) -> String {
        String(Int64(date.timeIntervalSince1970.rounded(.down)))
    }
}
