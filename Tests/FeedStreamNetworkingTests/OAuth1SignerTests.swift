import FeedStreamNetworking
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("OAuth 1.0a signer: the rules of RFC 5849 one by one")
struct OAuth1SignerTests {
    @Test("Percent-encoding: unreserved characters kept, everything else as UTF-8 bytes in upper-case hex")
    func percentEncoding() {
        #expect(OAuth1Encoding.percentEncode("AZaz09-._~") == "AZaz09-._~")
        #expect(
            OAuth1Encoding.percentEncode("a b+c*d'e!f(g)h/i?j=k&l%m@n:")
                == "a%20b%2Bc%2Ad%27e%21f%28g%29h%2Fi%3Fj%3Dk%26l%25m%40n%3A")
        #expect(OAuth1Encoding.percentEncode("café ☃ 😀") == "caf%C3%A9%20%E2%98%83%20%F0%9F%98%80")
        #expect(OAuth1Encoding.percentEncode("") == "")
    }

    @Test("Form decoding: + is a space, %XX a UTF-8 byte, a stray % stays, a bare name has an empty value")
    func formDecoding() {
        let pairs = OAuth1Encoding.formParameters("a=1+2&b=%C3%A9%2B&c&d=50%&&e=x=y")
        #expect(
            pairs.map { [$0.name, $0.value] } == [
                ["a", "1 2"], ["b", "é+"], ["c", ""], ["d", "50%"], ["e", "x=y"],
            ])
    }

    @Test(
        "Base string URI: scheme and host lower-cased, default ports dropped, other ports and the path kept",
        arguments: [
            ("HTTP://Example.COM:80/r%20v/X?id=123#frag", "http://example.com/r%20v/X"),
            ("https://www.example.net:8080/?q=1", "https://www.example.net:8080/"),
            ("https://Photos.Example.net:443/photos", "https://photos.example.net/photos"),
            ("http://example.com:443/a", "http://example.com:443/a"),
            ("https://example.com", "https://example.com/"),
            ("http://user:pw@example.com/p", "http://example.com/p"),
        ])
    func baseStringURI(url: String, expected: String) throws {
        #expect(try OAuth1Signer.baseStringURI(for: URL(string: url)!) == expected)
    }

    @Test("A relative URL cannot be signed, and the error says so without a secret")
    func relativeURL() {
        #expect(throws: OAuth1Error.self) { try OAuth1Signer.baseStringURI(for: URL(string: "/people")!) }
        var request = URLRequest(url: URL(string: "people.xml")!)
        let signer = OAuth1Signer(consumerKey: "key", consumerSecret: "consumer-SECRET")
        do {
            try signer.authorize(&request)
            Issue.record("a relative URL was signed")
        } catch {
            #expect(!String(describing: error).contains("SECRET"))
        }
    }

    @Test("The body is signed only when it is declared form-encoded")
    func bodyOnlyWhenFormEncoded() throws {
        var request = URLRequest(url: URL(string: "https://example.com/items?a=1")!)
        request.httpMethod = "POST"
        request.httpBody = Data("b=2+3".utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        #expect(try OAuth1Signer.requestParameters(of: request).map { [$0.name, $0.value] } == [["a", "1"]])
        request.setValue("Application/X-WWW-Form-URLEncoded; charset=UTF-8", forHTTPHeaderField: "Content-Type")
        #expect(
            try OAuth1Signer.requestParameters(of: request).map { [$0.name, $0.value] } == [["a", "1"], ["b", "2 3"]])
    }

    @Test("A form-encoded body given as a stream is refused, not signed wrongly")
    func streamedFormBody() {
        var request = URLRequest(url: URL(string: "https://example.com/items")!)
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: Data("a=1".utf8))
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        #expect(throws: OAuth1Error.self) {
            try OAuth1Signer(consumerKey: "k", consumerSecret: "s").authorize(&request)
        }
    }

    @Test("Each signature gets the injected nonce and timestamp; the default ones differ per request")
    func nonceAndTimestamp() throws {
        let fixed = OAuth1Signer(
            consumerKey: "k", consumerSecret: "s", nonceSource: { "NONCE" },
            timestampSource: { Date(timeIntervalSince1970: 1_234_567_890.9) })
        let header = try fixed.authorizationHeader(for: URLRequest(url: URL(string: "https://example.com/")!))
        #expect(header.contains("oauth_nonce=\"NONCE\""))
        #expect(header.contains("oauth_timestamp=\"1234567890\""))
        #expect(header.contains("oauth_version=\"1.0\""))
        #expect(!header.contains("oauth_token="))

        let live = OAuth1Signer(consumerKey: "k", consumerSecret: "s", token: "t", tokenSecret: "ts")
        let request = URLRequest(url: URL(string: "https://example.com/")!)
        let first = try live.authorizationHeader(for: request)
        let second = try live.authorizationHeader(for: request)
        #expect(first != second)
        let now = Int(Date().timeIntervalSince1970)
        let stamp = first.firstMatch(of: /oauth_timestamp="(\d+)"/).map { Int($0.1)! }
        #expect(stamp.map { abs($0 - now) <= 5 } == true)
        #expect(first.firstMatch(of: /oauth_nonce="([A-Za-z0-9]{32})"/) != nil)
    }

    @Test("Secrets never appear in the description; the header carries the encoded realm first")
    func description() throws {
        let signer = OAuth1Signer(
            consumerKey: "consumer-key", consumerSecret: "CONSUMER-SECRET", token: "the-token",
            tokenSecret: "TOKEN-SECRET", realm: "Photos & more", nonceSource: { "n" }, timestampSource: { .now })
        #expect(!signer.description.contains("SECRET"))
        #expect(signer.description.contains("consumer-key"))
        let header = try signer.authorizationHeader(for: URLRequest(url: URL(string: "https://example.com/")!))
        #expect(header.hasPrefix("OAuth realm=\"Photos%20%26%20more\", oauth_consumer_key=\"consumer-key\""))
        #expect(!header.contains("SECRET"))
    }

    @Test("PLAINTEXT is the encoded key; with(token:) switches credentials and drops the flow's step parameters")
    func plaintextAndWithToken() throws {
        let consumer = OAuth1Signer(
            consumerKey: "k", consumerSecret: "a&b", signatureMethod: .plaintext, callback: "oob")
        #expect(consumer.signature(ofBaseString: "anything") == "a%26b&")
        let signer = consumer.with(token: OAuth1Token(token: "t", tokenSecret: "c d"))
        #expect(signer.token == "t" && signer.callback == nil)
        #expect(signer.signature(ofBaseString: "anything") == "a%26b&c%20d")
    }
}

@Suite("OAuth 1.0a tokens from form-encoded responses")
struct OAuth1TokenTests {
    @Test("Token, secret and the extra parameters (RFC 5849 1.2's temporary credentials)")
    func parse() throws {
        let token = try OAuth1Token(
            formEncoded:
                "oauth_token=hh5s93j4hdidpola&oauth_token_secret=hdhd0244k9j7ao03&oauth_callback_confirmed=true\n")
        #expect(token.token == "hh5s93j4hdidpola")
        #expect(token.tokenSecret == "hdhd0244k9j7ao03")
        #expect(token.isCallbackConfirmed)
        #expect(token.parameters == [.init(name: "oauth_callback_confirmed", value: "true")])
        #expect(!token.description.contains("hdhd0244k9j7ao03"))
        let decoded = try JSONDecoder().decode(OAuth1Token.self, from: JSONEncoder().encode(token))
        #expect(decoded == token)
    }

    @Test("Encoded values are decoded")
    func decoding() throws {
        let token = try OAuth1Token(formEncoded: "oauth_token_secret=a%2Bb%3D&oauth_token=x+y&user_id=12")
        #expect(token.token == "x y" && token.tokenSecret == "a+b=" && token["user_id"] == "12")
    }

    @Test("A missing token or secret is a clear error naming what the body held instead")
    func missing() {
        #expect {
            try OAuth1Token(formEncoded: "oauth_problem=token_rejected")
        } throws: { error in
            let error = error as? OAuth1Error
            return error?.kind == .missingToken && error?.message.contains("oauth_problem=token_rejected") == true
        }
        #expect {
            try OAuth1Token(formEncoded: "oauth_token=abc&user=12")
        } throws: { error in
            let error = error as? OAuth1Error
            return error?.kind == .missingTokenSecret && error?.message.contains("user") == true
        }
        #expect(throws: OAuth1Error.self) { try OAuth1Token(formEncoded: "") }
        #expect(throws: OAuth1Error.self) { try OAuth1Token(formEncoded: "oauth_token=&oauth_token_secret=s") }
    }
}
