import FeedStreamNetworking
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The published OAuth 1.0a examples in ../shared/corpus/oauth1: RFC 5849's own (sections 1.2 and 3.4.1), OAuth
/// Core 1.0's appendix A.5, Twitter's worked example and oauthlib's signature vectors. Each request is rebuilt as
/// an app would send it and must give the published base string, signature and header.
@Suite("OAuth 1.0a: the published vectors")
struct OAuth1VectorTests {
    struct PublishedCase: Decodable {
        var name: String
        var http_method: String
        var base_string_uri: String
        var params: [[String]]
        var consumer_secret: String
        var token_secret: String
        var expected_signature: String
        var computed_signature_base_string: String
        var authorization_header_as_published: String?
    }

    struct PublishedFile: Decodable { var cases: [PublishedCase] }

    static func load<T: Decodable>(_ name: String, as type: T.Type) throws -> T? {
        guard let directory = Corpus.directory("oauth1") else { return nil }
        return try JSONDecoder().decode(T.self, from: Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// oauthlib's RFC 5849 signature vectors; `nil` without the corpus.
    static func oauthlibVectors() throws -> OAuthlibFile? {
        try load("oauthlib_rfc5849_signature_vectors.json", as: OAuthlibFile.self)
    }

    @Test(
        "RFC 5849 1.2, OAuth Core A.5 and Twitter: base string, HMAC-SHA1 signature and header", .corpus("oauth1"))
    func publishedHMACSHA1Examples() throws {
        guard let file = try Self.load("published_hmac_sha1_examples.json", as: PublishedFile.self) else { return }
        #expect(file.cases.count >= 5)
        for example in file.cases {
            let oauth = Dictionary(
                example.params.filter { $0[0].hasPrefix("oauth_") }.map { ($0[0], $0[1]) },
                uniquingKeysWith: { a, _ in a })
            let own = example.params.filter { !$0[0].hasPrefix("oauth_") }
            // The request as an app sends it: its own parameters in the query of a GET, in the form body of a POST.
            var components = URLComponents(string: example.base_string_uri)!
            let encoded = own.map { OAuth1Encoding.percentEncode($0[0]) + "=" + OAuth1Encoding.percentEncode($0[1]) }
                .joined(separator: "&")
            var request: URLRequest
            if example.http_method == "GET" {
                components.percentEncodedQuery = encoded.isEmpty ? nil : encoded
                request = URLRequest(url: components.url!)
            } else {
                request = URLRequest(url: components.url!)
                request.httpMethod = example.http_method
                if !encoded.isEmpty {
                    request.httpBody = Data(encoded.utf8)
                    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
                }
            }
            let realm = example.authorization_header_as_published.flatMap { header in
                header.range(of: #"realm="([^"]*)""#, options: .regularExpression).map {
                    String(header[$0].dropFirst(7).dropLast())
                }
            }
            let signer = OAuth1Signer(
                consumerKey: oauth["oauth_consumer_key"]!, consumerSecret: example.consumer_secret,
                token: oauth["oauth_token"], tokenSecret: example.token_secret, realm: realm,
                callback: oauth["oauth_callback"], verifier: oauth["oauth_verifier"],
                includesVersion: oauth["oauth_version"] != nil)
            let nonce = oauth["oauth_nonce"]!
            let timestamp = oauth["oauth_timestamp"]!
            let base = try signer.signatureBaseString(for: request, nonce: nonce, timestamp: timestamp)
            #expect(base == example.computed_signature_base_string, "\(example.name)")
            #expect(signer.signature(ofBaseString: base) == example.expected_signature, "\(example.name)")
            if let published = example.authorization_header_as_published {
                let header = try signer.authorizationHeader(for: request, nonce: nonce, timestamp: timestamp)
                #expect(header == published, "\(example.name)")
            }
        }
    }

    struct OAuthlibFile: Decodable {
        struct Example: Decodable {
            var http_method: String
            var base_string_uri: String
            var uri_query: String
            var body: String
            var params: [[String]]
            var normalized_parameters: String
            var signature_base_string: String
        }

        struct Signatures: Decodable {
            var client_secret: String
            var resource_owner_secret: String
            var hmacSHA1: String
            var hmacSHA256: String
            var plaintext: String

            enum CodingKeys: String, CodingKey {
                case client_secret, resource_owner_secret
                case hmacSHA1 = "HMAC-SHA1"
                case hmacSHA256 = "HMAC-SHA256"
                case plaintext = "PLAINTEXT"
            }
        }

        var rfc5849_section_3_4_1_example: Example
        var signatures_over_signature_base_string: Signatures
    }

    /// RFC 5849 section 3.4.1's request: a query with encoded `=` and `%`, a name with `@`, a body with a bare
    /// name and a `+` for a space, duplicate names.
    static func section341Request(_ example: OAuthlibFile.Example) -> URLRequest {
        var request = URLRequest(url: URL(string: example.base_string_uri + "?" + example.uri_query)!)
        request.httpMethod = example.http_method
        request.httpBody = Data(example.body.utf8)
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        return request
    }

    @Test(
        "RFC 5849 3.4.1: parameters collected from query, body and header, normalised, in the base string",
        .corpus("oauth1"))
    func section341BaseString() throws {
        guard let file = try Self.oauthlibVectors() else { return }
        let example = file.rfc5849_section_3_4_1_example
        let request = Self.section341Request(example)
        let collected = try OAuth1Signer.requestParameters(of: request)
        let expectedOwn = example.params.filter { !$0[0].hasPrefix("oauth_") }
        #expect(collected.map { [$0.name, $0.value] } == expectedOwn)
        let all = example.params.map { (name: $0[0], value: $0[1]) }
        #expect(OAuth1Signer.normalizedParameters(all) == example.normalized_parameters)
        #expect(try OAuth1Signer.baseStringURI(for: request.url!) == example.base_string_uri)

        let signer = OAuth1Signer(
            consumerKey: "9djdj82h48djs9d2", consumerSecret: "unused", token: "kkk9d7dh3k39sjv7", tokenSecret: "",
            realm: "Example", includesVersion: false)
        let base = try signer.signatureBaseString(for: request, nonce: "7d8f3e4a", timestamp: "137131201")
        #expect(base == example.signature_base_string)
    }

    @Test(
        "oauthlib: HMAC-SHA1, HMAC-SHA256 and PLAINTEXT over the 3.4.1 base string", .corpus("oauth1"),
        arguments: [
            OAuth1SignatureMethod.hmacSHA1, .hmacSHA256, .plaintext,
        ])
    func oauthlibSignatures(method: OAuth1SignatureMethod) throws {
        guard let file = try Self.oauthlibVectors() else { return }
        let vectors = file.signatures_over_signature_base_string
        let signer = OAuth1Signer(
            consumerKey: "9djdj82h48djs9d2", consumerSecret: vectors.client_secret, token: "kkk9d7dh3k39sjv7",
            tokenSecret: vectors.resource_owner_secret, signatureMethod: method)
        let expected =
            switch method {
            case .hmacSHA1: vectors.hmacSHA1
            case .hmacSHA256: vectors.hmacSHA256
            case .plaintext: vectors.plaintext
            }
        #expect(signer.signature(ofBaseString: file.rfc5849_section_3_4_1_example.signature_base_string) == expected)
    }

    @Test(
        "oauthlib: the whole 3.4.1 request signed with each method names the method in its base string",
        .corpus("oauth1"))
    func methodsInHeader() throws {
        guard let file = try Self.oauthlibVectors() else { return }
        let example = file.rfc5849_section_3_4_1_example
        let vectors = file.signatures_over_signature_base_string
        for method in OAuth1SignatureMethod.allCases {
            let signer = OAuth1Signer(
                consumerKey: "9djdj82h48djs9d2", consumerSecret: vectors.client_secret, token: "kkk9d7dh3k39sjv7",
                tokenSecret: vectors.resource_owner_secret, signatureMethod: method, realm: "Example",
                includesVersion: false)
            let request = Self.section341Request(example)
            let base = try signer.signatureBaseString(for: request, nonce: "7d8f3e4a", timestamp: "137131201")
            #expect(
                base
                    == example.signature_base_string.replacingOccurrences(
                        of: "HMAC-SHA1", with: method.rawValue))
            let header = try signer.authorizationHeader(for: request, nonce: "7d8f3e4a", timestamp: "137131201")
            let signature = OAuth1Encoding.percentEncode(signer.signature(ofBaseString: base))
            #expect(
                header == "OAuth realm=\"Example\", oauth_consumer_key=\"9djdj82h48djs9d2\", "
                    + "oauth_token=\"kkk9d7dh3k39sjv7\", oauth_signature_method=\"\(method.rawValue)\", "
                    + "oauth_timestamp=\"137131201\", oauth_nonce=\"7d8f3e4a\", oauth_signature=\"\(signature)\"")
        }
    }
}
