import FeedStreamNetworking
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One subscription's credentials: the header fields ``FeedRefresher/headers`` gives it and the authorizer
/// ``FeedRefresher/authorization`` names, as one authorizer.
///
/// An authorizer is applied only to requests the origin policy lets credentials reach (the subscription's origin,
/// or ``Subscription/credentialsOrigin``, and allowed hosts; never `https` to `http`), so per-subscription header
/// fields go exactly where its `Authorization` goes and are left off a redirect to anywhere else.
struct SubscriptionCredentials: RequestAuthorizer {
    var headers: [String: String]
    var authorizer: (any RequestAuthorizer)?

    /// The subscription's credentials; `nil` when it has none.
    init?(headers: [String: String], authorizer: (any RequestAuthorizer)?) {
        guard !headers.isEmpty || authorizer != nil else { return nil }
        self.headers = headers
        self.authorizer = authorizer
    }

    /// The header fields first, so that a signature (OAuth 1.0a) covers the request as sent.
    func authorize(_ request: inout URLRequest) throws {
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        try authorizer?.authorize(&request)
    }
}
