import Foundation

/// What Fellowship One hands out when a user signs in: the access token and its secret, and the URL of the person
/// who signed in (the response's `Content-Location`, e.g. `https://church.fellowshiponeapi.com/v1/People/123`).
///
/// `Codable` so that an app can keep it (in the keychain: the secret is a password); ``description`` hides the
/// secret. Sign the calls that follow with `consumer.with(token: accessToken.oauthToken)`.
public struct FellowshipOneAccessToken: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `oauth_token`.
    public var token: String
    /// `oauth_token_secret`.
    public var tokenSecret: String
    /// The signed-in person's record, from `Content-Location`; `nil` when the service sent none.
    public var personURL: URL?

    /// Creates an access token.
    public init(token: String, tokenSecret: String, personURL: URL? = nil) {
        self.token = token
        self.tokenSecret = tokenSecret
        self.personURL = personURL
    }

    /// The token and secret as an ``OAuth1Token``, for ``OAuth1Signer/with(token:)``.
    public var oauthToken: OAuth1Token { OAuth1Token(token: token, tokenSecret: tokenSecret) }

    /// `Fellowship One access token for PERSON-URL (secret hidden)`.
    public var description: String {
        "Fellowship One access token for \(personURL?.absoluteString ?? "an unknown person") (secret hidden)"
    }
}
