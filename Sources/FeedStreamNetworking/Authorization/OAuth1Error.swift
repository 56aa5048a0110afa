/// Why a request could not be signed, or a token response could not be read.
///
/// Messages name parameters and URLs, never a secret or a token's value.
public struct OAuth1Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The request has no URL, or one without a scheme and host (RFC 5849 signs absolute URIs only).
        case invalidURL
        /// A form-encoded body given as a stream: its parameters must be signed but cannot be read in advance.
        case unreadableBody
        /// A token response without `oauth_token`.
        case missingToken
        /// A token response without `oauth_token_secret`.
        case missingTokenSecret
    }

    /// What went wrong.
    public var kind: Kind
    /// What went wrong, for people.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// `OAuth 1.0a: MESSAGE`.
    public var description: String { "OAuth 1.0a: \(message)" }
}
