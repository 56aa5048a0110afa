import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Adds credentials to a request just before it is sent: an `Authorization` header, a signature, a token.
///
/// Every entry point that sends requests (an ``HTTPTransport``'s `parsedItems`, `parsedEvents`, the paging engine,
/// the service clients) takes an optional authorizer and applies it to each request it sends, including the
/// follow-up requests of paging and retries — so a signature with a timestamp and nonce is made fresh for each.
///
/// Implementations must never put their secrets into an error or a description.
public protocol RequestAuthorizer: Sendable {
    /// Adds credentials to `request`. Called once per request sent, after its URL, method, headers and body are
    /// final.
    ///
    /// - Throws: when the request cannot be authorised (a URL the scheme cannot sign, say).
    func authorize(_ request: inout URLRequest) throws
}

extension URLRequest {
    /// This request with `authorizer`'s credentials added; the request unchanged when `authorizer` is `nil`.
    public func authorized(by authorizer: (any RequestAuthorizer)?) throws -> URLRequest {
        guard let authorizer else { return self }
        var request = self
        try authorizer.authorize(&request)
        return request
    }
}
