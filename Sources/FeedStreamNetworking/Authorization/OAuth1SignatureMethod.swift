import Crypto
import Foundation

/// How an OAuth 1.0a signature is made from the signature base string and the two secrets (RFC 5849 section 3.4).
public enum OAuth1SignatureMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// HMAC-SHA1 (section 3.4.2): what Fellowship One, Twitter v1 and most OAuth 1.0a services require.
    case hmacSHA1 = "HMAC-SHA1"
    /// HMAC-SHA256: the same construction with SHA-256, for services that accept it.
    case hmacSHA256 = "HMAC-SHA256"
    /// PLAINTEXT (section 3.4.4): the key itself, no digest; only ever over HTTPS.
    case plaintext = "PLAINTEXT"

    /// The signing key: the encoded consumer secret and token secret joined by `&` (section 3.4.2), which is
    /// also the whole PLAINTEXT signature.
    public static func key(consumerSecret: String, tokenSecret: String?) -> String {
        OAuth1Encoding.percentEncode(consumerSecret) + "&" + OAuth1Encoding.percentEncode(tokenSecret ?? "")
    }

    /// The signature of `baseString` (not yet percent-encoded): base64 of the HMAC, or the key for PLAINTEXT.
    public func signature(of baseString: String, consumerSecret: String, tokenSecret: String?) -> String {
        let key = Self.key(consumerSecret: consumerSecret, tokenSecret: tokenSecret)
        let symmetricKey = SymmetricKey(data: Data(key.utf8))
        switch self {
        case .hmacSHA1:
            let code = HMAC<Insecure.SHA1>.authenticationCode(for: Data(baseString.utf8), using: symmetricKey)
            return Data(code).base64EncodedString()
        case .hmacSHA256:
            let code = HMAC<SHA256>.authenticationCode(for: Data(baseString.utf8), using: symmetricKey)
            return Data(code).base64EncodedString()
        case .plaintext:
            return key
        }
    }
}
