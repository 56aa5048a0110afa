import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one token request and reads the answer: the token from the form-encoded body, the person from
/// `Content-Location`.
///
/// The whole answer is collected rather than streamed: it is a few hundred bytes, and its headers are the point.
enum FellowshipOneTokenExchange {
    /// The largest token response read; more is not a token response.
    static let maximumBodyBytes = 64 << 10

    static func accessToken(
        for request: URLRequest, transport: any HTTPTransport, limits: TransferLimits
    ) async throws -> FellowshipOneAccessToken {
        let (token, personURL) = try await token(for: request, transport: transport, limits: limits)
        return FellowshipOneAccessToken(token: token.token, tokenSecret: token.tokenSecret, personURL: personURL)
    }

    static func token(
        for request: URLRequest, transport: any HTTPTransport, limits: TransferLimits
    ) async throws -> (token: OAuth1Token, personURL: URL?) {
        // The request is signed already (its Authorization header): it stays on the request's origin.
        let (head, body, isTruncated) = try await transport.collectedResponse(
            CredentialedRequest(request, authorizer: nil, policy: OriginPolicy()), limits: limits,
            maximumBytes: maximumBodyBytes)
        guard let statusCode = head.statusCode, (200..<300).contains(statusCode) else {
            let limit = ResponseRequirements.anySuccess.maximumErrorBodyBytes
            throw HTTPResponseError(
                refused: head, body: Array(body.prefix(limit)), isBodyTruncated: isTruncated || body.count > limit)
        }
        guard !isTruncated else {
            throw OAuth1Error(.missingToken, "the token response is over \(maximumBodyBytes) bytes, not a token response")
        }
        let token: OAuth1Token
        do {
            token = try OAuth1Token(formEncoded: Data(body))
        } catch let error as OAuth1Error {
            // Fellowship One has also sent the pair as response headers; take them when the body lacks them.
            guard let fromHeaders = tokenFromHeaders(head) else { throw error }
            token = fromHeaders
        }
        let personURL = head.header("Content-Location").flatMap { URL(string: $0, relativeTo: head.url) }
        return (token, personURL?.absoluteURL)
    }

    private static func tokenFromHeaders(_ head: HTTPResponseInfo) -> OAuth1Token? {
        guard let token = head.header("oauth_token"), !token.isEmpty,
            let secret = head.header("oauth_token_secret"), !secret.isEmpty
        else { return nil }
        return OAuth1Token(token: token, tokenSecret: secret)
    }
}
