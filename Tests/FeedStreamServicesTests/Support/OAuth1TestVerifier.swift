import Crypto
import Foundation
import StreamTestSupport

/// A service-side RFC 5849 verifier for the loopback tests, written apart from `OAuth1Signer` on purpose: its own
/// header parsing, percent-encoding, parameter collection and base string, so that a mistake in the signer is
/// not repeated here and cancelled out. It checks what a service checks: the signature (HMAC-SHA1,
/// HMAC-SHA256, PLAINTEXT), a known consumer and token, a timestamp within five minutes, a nonce not seen
/// before.
final class OAuth1TestVerifier: @unchecked Sendable {
    /// What the verifier made of a request.
    enum Outcome: Equatable {
        /// The signature holds; `parameters` are the request's own (query and form body), decoded.
        case accepted(consumerKey: String, token: String?, parameters: [Pair])
        /// Refused, with an OAuth Problem Reporting code (`signature_invalid`, `timestamp_refused`, …).
        case rejected(problem: String, advice: String)
    }

    struct Pair: Equatable, Hashable {
        var name: String
        var value: String
    }

    let consumers: [String: String]
    let tokens: [String: String]
    let requiresToken: Bool
    let now: @Sendable () -> Date
    /// Guards `seenNonces`; what makes the class sendable.
    private let lock = NSLock()
    private var seenNonces: Set<String> = []
    private var lastBaseString: String?

    init(
        consumers: [String: String], tokens: [String: String] = [:], requiresToken: Bool = false,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.consumers = consumers
        self.tokens = tokens
        self.requiresToken = requiresToken
        self.now = now
    }

    /// The base string the verifier computed for the last request it checked.
    var computedBaseString: String? { lock.withLock { lastBaseString } }

    func verify(_ request: LoopbackRequest, requiresToken: Bool? = nil) -> Outcome {
        guard let header = request.header("Authorization"), header.hasPrefix("OAuth ") else {
            return .rejected(problem: "parameter_absent", advice: "no OAuth Authorization header")
        }
        var oauth: [String: String] = [:]
        var headerPairs: [Pair] = []
        for field in header.dropFirst(6).components(separatedBy: ",") {
            let trimmed = field.trimmingCharacters(in: .whitespaces)
            guard let equals = trimmed.firstIndex(of: "="), trimmed.hasSuffix("\""),
                trimmed[trimmed.index(after: equals)...].hasPrefix("\"")
            else { return .rejected(problem: "parameter_rejected", advice: "malformed header field \(trimmed)") }
            let name = String(trimmed[..<equals])
            let quoted = trimmed[trimmed.index(equals, offsetBy: 2)..<trimmed.index(before: trimmed.endIndex)]
            let value = Self.decode(String(quoted), plusIsSpace: false)
            oauth[name] = value
            if name != "realm" && name != "oauth_signature" { headerPairs.append(Pair(name: name, value: value)) }
        }
        let required =
            [
                "oauth_consumer_key", "oauth_signature_method", "oauth_signature", "oauth_timestamp",
                "oauth_nonce",
            ] + ((requiresToken ?? self.requiresToken) ? ["oauth_token"] : [])
        let absent = required.filter { oauth[$0] == nil }
        if !absent.isEmpty {
            return .rejected(
                problem: "parameter_absent", advice: "oauth_parameters_absent=" + absent.joined(separator: "&"))
        }
        if let version = oauth["oauth_version"], version != "1.0" {
            return .rejected(problem: "version_rejected", advice: "oauth_acceptable_versions=1.0-1.0")
        }
        guard let consumerSecret = consumers[oauth["oauth_consumer_key"]!] else {
            return .rejected(problem: "consumer_key_unknown", advice: "unknown consumer")
        }
        var tokenSecret = ""
        if let token = oauth["oauth_token"] {
            guard let secret = tokens[token] else {
                return .rejected(problem: "token_rejected", advice: "unknown token")
            }
            tokenSecret = secret
        }
        guard let timestamp = Double(oauth["oauth_timestamp"]!), abs(timestamp - now().timeIntervalSince1970) <= 300
        else {
            let current = Int(now().timeIntervalSince1970)
            return .rejected(
                problem: "timestamp_refused", advice: "oauth_acceptable_timestamps=\(current - 300)-\(current + 300)")
        }

        var own: [Pair] = []
        if let queryStart = request.target.firstIndex(of: "?") {
            own += Self.formPairs(String(request.target[request.target.index(after: queryStart)...]))
        }
        let contentType = request.header("Content-Type")?.split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        if contentType == "application/x-www-form-urlencoded" {
            own += Self.formPairs(String(decoding: request.body, as: UTF8.self))
        }
        let host = (request.header("Host") ?? "").lowercased()
        let baseURI = "http://" + (host.hasSuffix(":80") ? String(host.dropLast(3)) : host) + request.path
        let normalized = (own + headerPairs).map { (Self.encode($0.name), Self.encode($0.value)) }
            .sorted {
                $0.0 != $1.0
                    ? Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8))
                    : Array($0.1.utf8).lexicographicallyPrecedes(Array($1.1.utf8))
            }
            .map { $0.0 + "=" + $0.1 }.joined(separator: "&")
        let baseString =
            Self.encode(request.method.uppercased()) + "&" + Self.encode(baseURI) + "&"
            + Self.encode(normalized)
        lock.withLock { lastBaseString = baseString }

        let key = Self.encode(consumerSecret) + "&" + Self.encode(tokenSecret)
        let expected: String
        switch oauth["oauth_signature_method"]! {
        case "HMAC-SHA1":
            expected = Data(
                HMAC<Insecure.SHA1>.authenticationCode(
                    for: Data(baseString.utf8), using: SymmetricKey(data: Data(key.utf8)))
            ).base64EncodedString()
        case "HMAC-SHA256":
            expected = Data(
                HMAC<SHA256>.authenticationCode(
                    for: Data(baseString.utf8), using: SymmetricKey(data: Data(key.utf8)))
            ).base64EncodedString()
        case "PLAINTEXT":
            expected = key
        default:
            return .rejected(problem: "signature_method_rejected", advice: "unsupported method")
        }
        guard oauth["oauth_signature"] == expected else {
            return .rejected(problem: "signature_invalid", advice: "the signature does not match")
        }
        let nonceKey = oauth["oauth_consumer_key"]! + " " + oauth["oauth_timestamp"]! + " " + oauth["oauth_nonce"]!
        let fresh = lock.withLock { seenNonces.insert(nonceKey).inserted }
        guard fresh else { return .rejected(problem: "nonce_used", advice: "this nonce was used before") }
        return .accepted(consumerKey: oauth["oauth_consumer_key"]!, token: oauth["oauth_token"], parameters: own)
    }

    /// `application/x-www-form-urlencoded` pairs, decoded (`+` is a space).
    static func formPairs(_ text: String) -> [Pair] {
        text.components(separatedBy: "&").filter { !$0.isEmpty }.map { piece in
            let parts = piece.components(separatedBy: "=")
            let value = parts.count > 1 ? parts.dropFirst().joined(separator: "=") : ""
            return Pair(name: decode(parts[0], plusIsSpace: true), value: decode(value, plusIsSpace: true))
        }
    }

    /// RFC 3986 percent-encoding of the UTF-8 bytes, unreserved characters kept.
    static func encode(_ text: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        return text.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }
            .joined()
    }

    static func decode(_ text: String, plusIsSpace: Bool) -> String {
        let prepared = plusIsSpace ? text.replacingOccurrences(of: "+", with: " ") : text
        return prepared.removingPercentEncoding ?? prepared
    }
}
