import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPResponseError {
    /// The error for a request refused with an authentication challenge (a 401 with `WWW-Authenticate: Basic …`),
    /// or `nil` when the challenge carries no HTTP response.
    ///
    /// Credentials come from a ``RequestAuthorizer`` on the request, never from answering challenges, so a
    /// challenge means they were refused. On Linux, swift-corelibs-foundation never completes a task whose
    /// challenge finds no stored credential, and cancels it for any other answer, withholding the body: a
    /// delegate answers the challenge with `.cancelAuthenticationChallenge` and ends with this error instead,
    /// as ``StreamingDataDelegate`` does. Its ``body`` is empty; ``authenticationChallenge`` says what the service
    /// asked for.
    public init?(challenge: URLAuthenticationChallenge) {
        guard let response = challenge.failureResponse as? HTTPURLResponse else { return nil }
        self.init(refused: HTTPResponseInfo(response), body: [])
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, name.caseInsensitiveCompare("WWW-Authenticate") == .orderedSame {
                authenticationChallenge = value as? String
            }
        }
    }
}
