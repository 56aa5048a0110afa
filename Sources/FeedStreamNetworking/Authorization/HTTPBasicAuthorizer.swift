import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTP Basic authentication (RFC 7617): the `Authorization: Basic …` header, as Jive and IBM Connections
/// accept for their REST APIs.
///
/// The user name and password are encoded as UTF-8, as RFC 7617's `charset="UTF-8"` asks and as both services
/// expect. Use it over HTTPS only: the credentials are merely encoded, not encrypted.
public struct HTTPBasicAuthorizer: RequestAuthorizer, CustomStringConvertible {
    private let headerValue: String
    /// The user name (not secret; shown in ``description``).
    public let username: String

    /// Creates an authorizer for `username` and `password`.
    public init(username: String, password: String) {
        self.username = username
        headerValue = "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }

    public func authorize(_ request: inout URLRequest) throws {
        request.setValue(headerValue, forHTTPHeaderField: "Authorization")
    }

    /// `HTTP Basic (user NAME)`: never the password.
    public var description: String { "HTTP Basic (user \(username))" }
}
