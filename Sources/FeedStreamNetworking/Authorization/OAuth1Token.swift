import Foundation

/// A token and its secret, as an OAuth 1.0a service hands them out: temporary credentials (a request token) or
/// token credentials (an access token), read from the form-encoded body of the response (RFC 5849 sections 2.1
/// and 2.3).
///
/// ```swift
/// let token = try OAuth1Token(formEncoded: body)   // oauth_token=…&oauth_token_secret=…
/// let signer = consumer.with(token: token)
/// ```
///
/// `Codable` so that an app can keep it (in the keychain: the secret is a password). Its ``description`` never
/// shows the secret.
public struct OAuth1Token: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `oauth_token`.
    public var token: String
    /// `oauth_token_secret`.
    public var tokenSecret: String
    /// Every other parameter of the response, decoded, in order: `oauth_callback_confirmed`, a user id, an
    /// expiry — whatever the service adds.
    public var parameters: [Parameter]

    /// One name–value pair of a token response.
    public struct Parameter: Sendable, Hashable, Codable {
        /// The decoded name.
        public var name: String
        /// The decoded value.
        public var value: String

        /// Creates a pair.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Creates a token.
    public init(token: String, tokenSecret: String, parameters: [Parameter] = []) {
        self.token = token
        self.tokenSecret = tokenSecret
        self.parameters = parameters
    }

    /// Reads a form-encoded token response: `oauth_token=…&oauth_token_secret=…&…`.
    ///
    /// - Throws: ``OAuth1Error`` of kind ``OAuth1Error/Kind/missingToken`` or
    ///   ``OAuth1Error/Kind/missingTokenSecret`` when either is absent or empty; the message lists the names the
    ///   body did hold (and the service's `oauth_problem`, if it sent one), never a value.
    public init(formEncoded body: String) throws {
        var token: String?
        var secret: String?
        var rest: [Parameter] = []
        for (name, value) in OAuth1Encoding.formParameters(body.trimmingCharacters(in: .whitespacesAndNewlines)) {
            switch name {
            case "oauth_token" where token == nil: token = value
            case "oauth_token_secret" where secret == nil: secret = value
            default: rest.append(Parameter(name: name, value: value))
            }
        }
        guard let token, !token.isEmpty else {
            throw OAuth1Error(.missingToken, "the token response has no oauth_token" + Self.explain(rest))
        }
        guard let secret, !secret.isEmpty else {
            throw OAuth1Error(
                .missingTokenSecret, "the token response has no oauth_token_secret" + Self.explain(rest))
        }
        self.init(token: token, tokenSecret: secret, parameters: rest)
    }

    /// Reads a form-encoded token response from its bytes (UTF-8).
    public init(formEncoded body: Data) throws {
        try self.init(formEncoded: String(decoding: body, as: UTF8.self))
    }

    /// The value of the extra parameter `name`, if the response had it.
    public subscript(name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// Whether the service confirmed the callback (`oauth_callback_confirmed=true`, section 2.1).
    public var isCallbackConfirmed: Bool { self["oauth_callback_confirmed"] == "true" }

    /// `OAuth 1.0a token (secret hidden; also: oauth_callback_confirmed)`.
    public var description: String {
        let extra = parameters.isEmpty ? "" : "; also: " + parameters.map(\.name).joined(separator: ", ")
        return "OAuth 1.0a token (secret hidden\(extra))"
    }

    /// What the body held instead: its parameter names, and the service's `oauth_problem` when it said one.
    private static func explain(_ parameters: [Parameter]) -> String {
        if let problem = parameters.first(where: { $0.name == "oauth_problem" }) {
            return " (oauth_problem=\(problem.value))"
        }
        if parameters.isEmpty { return " (the body holds no parameters)" }
        return " (parameters: " + parameters.map(\.name).joined(separator: ", ") + ")"
    }
}
