import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Signed requests sent through the URLSession entry points to a loopback service whose verifier
/// (``OAuth1TestVerifier``) shares no code with the signer.
@Suite("OAuth 1.0a and HTTP Basic through URLSession, checked by the service")
struct OAuth1LoopbackTests {
    struct Parameter: Decodable, Sendable, Equatable {
        var name: String
        var value: String
    }

    static let consumers = ["dpf43f3p2l4k3l03": "kd94hf93k423kf44"]
    static let tokens = ["nnch734d00sl2jdk": "pfkkdhi9sl3r4s00"]

    static func signer(
        method: OAuth1SignatureMethod = .hmacSHA1, consumerSecret: String = "kd94hf93k423kf44",
        token: String? = "nnch734d00sl2jdk", clock: @escaping @Sendable () -> Date = { Date() }
    ) -> OAuth1Signer {
        OAuth1Signer(
            consumerKey: "dpf43f3p2l4k3l03", consumerSecret: consumerSecret, token: token,
            tokenSecret: token.flatMap { tokens[$0] }, signatureMethod: method, timestampSource: clock)
    }

    /// A service that answers the verified parameters back, or refuses in `style`.
    static func service(
        _ verifier: OAuth1TestVerifier, requests: Int = 1, style: ServiceRoutes.RefusalStyle = .problemReporting
    ) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(maximumRequests: requests, lifetime: 600) { request in
            switch verifier.verify(request) {
            case .accepted(_, _, let parameters): ServiceRoutes.echo(parameters)
            case .rejected(let problem, let advice):
                ServiceRoutes.refusal(problem: problem, advice: advice, style: style)
            }
        }
    }

    /// A fresh service that requires a token, and a POST of `body` to its `target`.
    static func post(
        _ target: String, contentType: String?, body: String
    ) throws -> (server: LoopbackHTTPServer, request: URLRequest) {
        let verifier = OAuth1TestVerifier(consumers: consumers, tokens: tokens, requiresToken: true)
        let server = try service(verifier)
        var request = URLRequest(url: server.url(target))
        request.httpMethod = "POST"
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        return (server, request)
    }

    static func items(
        _ request: URLRequest, authorizer: (any RequestAuthorizer)?
    ) async throws -> [Parameter] {
        var items: [Parameter] = []
        let stream = URLSessionTransport.patientLoopback.parsedItems(
            for: request, requirements: .json, authorizer: authorizer, limits: .patientLoopback
        ) { _ in JSONItemParser<Parameter>(path: .literal("results[*]")) }
        for try await item in stream { items.append(item) }
        return items
    }

    /// The refusal an `items` call ends with.
    static func refusal(_ request: URLRequest, authorizer: any RequestAuthorizer) async -> HTTPResponseError? {
        do {
            _ = try await items(request, authorizer: authorizer)
            Issue.record("the service accepted what it should have refused")
            return nil
        } catch let error as HTTPResponseError {
            return error
        } catch {
            Issue.record("expected an HTTPResponseError, got \(error)")
            return nil
        }
    }

    @Test(
        "GET with a query of spaces, pluses, reserved and non-ASCII characters",
        arguments: OAuth1SignatureMethod.allCases)
    func getWithQuery(method: OAuth1SignatureMethod) async throws {
        let verifier = OAuth1TestVerifier(consumers: Self.consumers, tokens: Self.tokens, requiresToken: true)
        let server = try Self.service(verifier)
        var components = URLComponents(url: server.url("/v1/People/Search"), resolvingAgainstBaseURL: false)!
        components.percentEncodedQuery =
            "searchFor=Jos%C3%A9+O%27Brien&include=addresses,communications&size=a%2Bb&x=*!"
        let items = try await Self.items(URLRequest(url: components.url!), authorizer: Self.signer(method: method))
        #expect(
            items == [
                .init(name: "searchFor", value: "José O'Brien"),
                .init(name: "include", value: "addresses,communications"),
                .init(name: "size", value: "a+b"), .init(name: "x", value: "*!"),
            ])
        #expect(server.snapshot.received.first?.header("Authorization")?.contains(method.rawValue) == true)
    }

    @Test("POST with a form body: query and body both signed", arguments: OAuth1SignatureMethod.allCases)
    func postWithFormBody(method: OAuth1SignatureMethod) async throws {
        let (_, request) = try Self.post(
            "/1.1/statuses/update.json?include_entities=true", contentType: "application/x-www-form-urlencoded",
            body: "status=Hello+Ladies+%2B+Gentlemen%2C+a+signed+OAuth+request%21&lang=fr%C3%A9")
        let items = try await Self.items(request, authorizer: Self.signer(method: method))
        #expect(
            items == [
                .init(name: "include_entities", value: "true"),
                .init(name: "status", value: "Hello Ladies + Gentlemen, a signed OAuth request!"),
                .init(name: "lang", value: "fré"),
            ])
    }

    @Test("A non-form body is not signed, and the service does not sign it either")
    func postWithXMLBody() async throws {
        let (_, request) = try Self.post(
            "/v1/People?mode=demo", contentType: "application/xml",
            body: "<person><firstName>a=b&amp;c</firstName></person>")
        let items = try await Self.items(request, authorizer: Self.signer())
        #expect(items == [.init(name: "mode", value: "demo")])
    }

    @Test("A wrong consumer secret: 401, and the error carries the service's message, not the secret")
    func wrongSecret() async throws {
        let verifier = OAuth1TestVerifier(consumers: Self.consumers, tokens: Self.tokens)
        let server = try Self.service(verifier, style: .html)
        let error = await Self.refusal(
            URLRequest(url: server.url("/v1/People/1")), authorizer: Self.signer(consumerSecret: "WRONG-SECRET"))
        #expect(error?.statusCode == 401)
        #expect(
            error?.message == "401 - Unauthorized 401 - Unauthorized: signature_invalid the signature does not match")
        #expect(error?.description.hasPrefix("HTTP 401 (text/html; charset=utf-8): 401 - Unauthorized") == true)
        #expect(error.map { !String(describing: $0).contains("WRONG-SECRET") } == true)
    }

    @Test("A clock two hours off: the service refuses the timestamp, and says which it accepts")
    func rejectedTimestamp() async throws {
        let verifier = OAuth1TestVerifier(consumers: Self.consumers, tokens: Self.tokens)
        let server = try Self.service(verifier)
        let error = await Self.refusal(
            URLRequest(url: server.url("/v1/People/1")),
            authorizer: Self.signer(clock: { Date(timeIntervalSinceNow: -7200) }))
        #expect(error?.statusCode == 401)
        #expect(
            error?.message.hasPrefix(
                "oauth_problem=timestamp_refused, oauth_problem_advice=oauth_acceptable_timestamps=") == true)
    }

    @Test("No token where the service needs one: refused as parameter_absent oauth_token")
    func missingToken() async throws {
        let verifier = OAuth1TestVerifier(consumers: Self.consumers, tokens: Self.tokens, requiresToken: true)
        let server = try Self.service(verifier, style: .plainText)
        let error = await Self.refusal(URLRequest(url: server.url("/v1/People/1")), authorizer: Self.signer(token: nil))
        #expect(error?.description == "HTTP 401 (text/plain): parameter_absent: oauth_parameters_absent=oauth_token")
    }

    @Test("The verifier is not lenient: a replayed nonce is refused")
    func replayedNonce() async throws {
        let verifier = OAuth1TestVerifier(consumers: Self.consumers, tokens: Self.tokens)
        let server = try Self.service(verifier, requests: 2)
        var signer = Self.signer()
        signer.nonceSource = { "same-nonce" }
        let now = Date()
        signer.timestampSource = { now }
        let request = URLRequest(url: server.url("/v1/People/1"))
        #expect(try await Self.items(request, authorizer: signer) == [])
        let error = await Self.refusal(request, authorizer: signer)
        #expect(error?.message.contains("nonce_used") == true)
    }

    @Test("parsedEvents and dataChunks sign too; every request gets its own nonce")
    func otherEntryPoints() async throws {
        let verifier = OAuth1TestVerifier(consumers: Self.consumers, tokens: Self.tokens, requiresToken: true)
        let server = try Self.service(verifier, requests: 2)
        let request = URLRequest(url: server.url("/v1/Households?page=2"))
        var received: [Parameter] = []
        let events = URLSessionTransport.patientLoopback.parsedEvents(
            for: request, requirements: .json, authorizer: Self.signer(), limits: .patientLoopback,
            parser: { _ in JSONItemParser<Parameter>(path: .literal("results[*]")) }, summary: { _ in () })
        for try await event in events {
            if case .items(let items) = event { received += items }
        }
        #expect(received == [.init(name: "page", value: "2")])
        var body = Data()
        for try await chunk in URLSessionTransport.patientLoopback.dataChunks(
            for: request, requirements: .json, authorizer: Self.signer(), limits: .patientLoopback)
        {
            body += chunk
        }
        #expect(String(decoding: body, as: UTF8.self).contains("\"page\""))
        let nonces = server.snapshot.received.compactMap {
            $0.header("Authorization")?.firstMatch(of: /oauth_nonce="([^"]+)"/).map { String($0.1) }
        }
        #expect(nonces.count == 2 && nonces[0] != nonces[1])
    }

    struct FailingAuthorizer: RequestAuthorizer {
        struct Refusal: Error, Equatable {}
        func authorize(_ request: inout URLRequest) throws { throw Refusal() }
    }

    @Test("An authorizer that throws ends the stream with its error, and nothing is sent")
    func authorizerFailure() async throws {
        let server = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 2) { _ in .init(text: "{}") }
        await #expect(throws: FailingAuthorizer.Refusal.self) {
            _ = try await Self.items(URLRequest(url: server.url("/")), authorizer: FailingAuthorizer())
        }
        await server.waitUntilStopped()
        #expect(server.snapshot.received.isEmpty)
    }

    @Test("A POST body without a Content-Type is signed as the form URLSession declares it")
    func postWithoutContentType() async throws {
        let (server, request) = try Self.post("/v1/Notes", contentType: nil, body: "note=a+b%26c&x")
        let items = try await Self.items(request, authorizer: Self.signer())
        #expect(items == [.init(name: "note", value: "a b&c"), .init(name: "x", value: "")])
        #expect(server.snapshot.received.first?.header("Content-Type") == "application/x-www-form-urlencoded")
    }

    /// A Jive- or Connections-style service that checks HTTP Basic credentials itself; with `challenges`, a
    /// refusal carries `WWW-Authenticate: Basic`, as Jive and Connections send.
    static func basicService(requests: Int, challenges: Bool) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(maximumRequests: requests, lifetime: 600) { request in
            let header = request.header("Authorization") ?? ""
            let decoded =
                header.hasPrefix("Basic ")
                ? Data(base64Encoded: String(header.dropFirst(6))).map { String(decoding: $0, as: UTF8.self) } : nil
            guard decoded == "jdoe@example.com:pässwörd:with:colons" else {
                return .init(
                    status: 401, contentType: "application/json",
                    headers: challenges ? [("WWW-Authenticate", "Basic realm=\"Jive\"")] : [],
                    text: "{\"error\":{\"status\":401,\"message\":\"Bad credentials for jdoe\"}}")
            }
            return ServiceRoutes.echo([.init(name: "user", value: "jdoe@example.com")])
        }
    }

    @Test(
        "HTTP Basic: the service reads the credentials; a wrong password is a 401 with the service's message",
        arguments: [false, true])
    func basic(challenges: Bool) async throws {
        let server = try Self.basicService(requests: 2, challenges: challenges)
        let request = URLRequest(url: server.url("/api/core/v3/people/@me"))
        let good = HTTPBasicAuthorizer(username: "jdoe@example.com", password: "pässwörd:with:colons")
        #expect(try await Self.items(request, authorizer: good) == [.init(name: "user", value: "jdoe@example.com")])
        let bad = HTTPBasicAuthorizer(username: "jdoe@example.com", password: "NOT-IT")
        let error = await Self.refusal(request, authorizer: bad)
        #expect(error?.statusCode == 401)
        // The service's message; where swift-corelibs-foundation withholds the body of a challenged 401, the
        // challenge is what is known.
        let described = error?.description ?? ""
        #expect(
            described.contains("Bad credentials for jdoe")
                || (challenges && described.contains("WWW-Authenticate: Basic realm=\"Jive\"")), "\(described)")
        #expect(error.map { !String(describing: $0).contains("NOT-IT") } == true)
        #expect(server.snapshot.received.count == 2)
    }
}
