import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fellowship One's token flows end to end against a loopback Fellowship One: it checks every signature with
/// ``OAuth1TestVerifier``, the 2nd-party credentials, and hands out tokens as the real service does.
@Suite("Fellowship One: 2nd-party and 3-legged tokens")
struct FellowshipOneTokenTests {
    static let consumerKey = "2"
    static let consumerSecret = "f7d02059-a105-45e0-85c9-7387565f322b"

    struct Person: Decodable, Sendable, Equatable {
        var id: String
        var firstName: String
        var lastName: String

        // Fellowship One's JSON writes attributes with an `@`.
        enum CodingKeys: String, CodingKey {
            case id = "@id"
            case firstName, lastName
        }
    }

    /// A loopback Fellowship One with one portal user and one Weblink user.
    static func service(
        requests: Int, answerWithoutToken: Bool = false, challenges: Bool = false
    ) throws -> LoopbackHTTPServer {
        let verifier = OAuth1TestVerifier(
            consumers: [consumerKey: consumerSecret],
            tokens: [
                "portal-access": "portal-secret", "weblink-access": "weblink-secret",
                "request-token": "request-secret", "exchanged-access": "exchanged-secret",
            ])
        let users: [String: (password: String, person: String, token: String)] = [
            "PortalUser": ("FT.Admin1 with spaces", "12345", "portal-access"),
            "WeblinkUser": ("pässword", "777", "weblink-access"),
        ]
        let secrets = ["portal-access": "portal-secret", "weblink-access": "weblink-secret"]
        return try LoopbackHTTPServer(maximumRequests: requests, lifetime: 600) { request in
            let outcome = verifier.verify(request)
            guard case .accepted(_, let token, let parameters) = outcome else {
                guard case .rejected(let problem, let advice) = outcome else { fatalError() }
                return ServiceRoutes.refusal(problem: problem, advice: advice, style: .problemReporting)
            }
            let base = "http://\(request.header("Host") ?? "")"
            let parts = request.path.split(separator: "/").map(String.init)
            let kind = parts.count == 3 && parts[2] == "AccessToken" ? parts[1] : ""
            switch (request.method, request.path) {
            case ("POST", _) where users[kind] != nil:
                // The 2nd-party flow: consumer-signed, no token, the body base64 of "NAME PASSWORD".
                guard token == nil, parameters.isEmpty,
                    let decoded = Data(base64Encoded: Data(request.body)).map({ String(decoding: $0, as: UTF8.self) }),
                    let space = decoded.firstIndex(of: " ")
                else { return .init(status: 400, contentType: "text/plain", text: "Malformed credentials") }
                let user = users[kind]!
                guard decoded[..<space] == "jdoe", decoded[decoded.index(after: space)...] == user.password else {
                    return .init(
                        status: 401, contentType: "text/html",
                        headers: challenges ? [("WWW-Authenticate", "Basic realm=\"F1\"")] : [],
                        text: "<html><body><h2>Login failed</h2><p>Invalid username &amp; password.</p></body></html>")
                }
                if answerWithoutToken { return .init(contentType: "text/plain", text: "oauth_callback_confirmed=true") }
                // Weblink answers with a relative Content-Location, to prove it is resolved.
                let location = kind == "PortalUser" ? "\(base)/v1/People/\(user.person)" : "/v1/People/\(user.person)"
                return .init(
                    contentType: "application/x-www-form-urlencoded", headers: [("Content-Location", location)],
                    text: "oauth_token=\(user.token)&oauth_token_secret=\(secrets[user.token]!)")
            case ("POST", "/v1/Tokens/RequestToken"):
                guard token == nil else { return .init(status: 400, text: "unexpected token") }
                return .init(
                    contentType: "text/plain",
                    text: "oauth_token=request-token&oauth_token_secret=request-secret&oauth_callback_confirmed=true")
            case ("POST", "/v1/Tokens/AccessToken"):
                guard token == "request-token",
                    request.header("Authorization")?.contains("oauth_verifier=\"v-123\"") == true
                else { return .init(status: 401, contentType: "text/plain", text: "Request token not authorized") }
                return .init(
                    contentType: "text/plain", headers: [("Content-Location", "\(base)/v1/People/555")],
                    text: "oauth_token=exchanged-access&oauth_token_secret=exchanged-secret")
            case ("GET", let path) where path.hasPrefix("/v1/People/") && path.hasSuffix(".json"):
                guard token != nil else { return .init(status: 401, text: "token required") }
                let id = path.dropFirst("/v1/People/".count).dropLast(5)
                return .init(
                    contentType: "application/json",
                    text: #"{"person":{"@id":"\#(id)","@uri":"","firstName":"Jo","lastName":"Doe"}}"#)
            default:
                return .init(status: 404, contentType: "text/plain", text: "no such endpoint")
            }
        }
    }

    static func tokenService(_ server: LoopbackHTTPServer) -> FellowshipOneTokenService {
        // Patient limits as well as a patient session: the engine's own idle timeout (30 s by default) counts wall
        // time, and on one busy core the delegate queue may not run for that long.
        FellowshipOneTokenService(
            baseURL: server.baseURL, consumerKey: consumerKey, consumerSecret: consumerSecret,
            transport: URLSessionTransport.patientLoopback, limits: .patientLoopback)
    }

    /// Reads the signed-in person with the new token: the proof that the token signs.
    static func person(at url: URL, signer: OAuth1Signer) async throws -> [Person] {
        var people: [Person] = []
        let request = URLRequest(url: url.appendingPathExtension("json"))
        for try await person in URLSessionTransport.patientLoopback.parsedItems(
            for: request, requirements: .json, authorizer: signer, limits: .patientLoopback,
            parser: { _ in JSONItemParser<Person>(path: .literal("person")) })
        {
            people.append(person)
        }
        return people
    }

    @Test(
        "2nd party, PortalUser and WeblinkUser: token from the body, person from Content-Location",
        arguments: [
            (FellowshipOne.UserType.portalUser, "FT.Admin1 with spaces", "12345"),
            (.weblinkUser, "pässword", "777"),
        ])
    func secondParty(userType: FellowshipOne.UserType, password: String, person: String) async throws {
        let server = try Self.service(requests: 2)
        let service = Self.tokenService(server)
        let access = try await service.accessToken(username: "jdoe", password: password, userType: userType)
        #expect(access.token == (userType == .portalUser ? "portal-access" : "weblink-access"))
        #expect(access.personURL == server.url("/v1/People/\(person)"))
        let sent = server.snapshot.received[0]
        #expect(sent.path == "/v1/\(userType.rawValue)/AccessToken")
        #expect(String(decoding: sent.body, as: UTF8.self) == Data("jdoe \(password)".utf8).base64EncodedString())
        #expect(!(sent.header("Authorization") ?? "").contains("oauth_token="))
        let people = try await Self.person(at: access.personURL!, signer: service.signer(for: access))
        #expect(people == [Person(id: person, firstName: "Jo", lastName: "Doe")])
        let json = String(decoding: try JSONEncoder().encode(access), as: UTF8.self)
        #expect(json.contains("\"tokenSecret\""))
        #expect(!access.description.contains(access.tokenSecret))
    }

    @Test("A wrong password: 401 with Fellowship One's message, and never the password")
    func wrongPassword() async throws {
        let server = try Self.service(requests: 1)
        do {
            _ = try await Self.tokenService(server).accessToken(username: "jdoe", password: "GUESSED-WRONG")
            Issue.record("a wrong password got a token")
        } catch let error as HTTPResponseError {
            #expect(error.description == "HTTP 401 (text/html): Login failed Invalid username & password.")
            #expect(!String(describing: error).contains("GUESSED-WRONG"))
        }
    }

    @Test("A refusal that challenges for Basic credentials ends with the 401, never hangs")
    func challengedRefusal() async throws {
        let server = try Self.service(requests: 1, challenges: true)
        await #expect {
            _ = try await Self.tokenService(server).accessToken(username: "jdoe", password: "GUESSED-WRONG")
        } throws: { error in
            (error as? HTTPResponseError)?.statusCode == 401
        }
    }

    @Test("A wrong consumer secret: the service's oauth_problem in the error")
    func wrongConsumerSecret() async throws {
        let server = try Self.service(requests: 1)
        let service = FellowshipOneTokenService(
            baseURL: server.baseURL, consumerKey: Self.consumerKey, consumerSecret: "not-the-secret",
            configuration: .patientLoopback)
        await #expect {
            _ = try await service.accessToken(username: "jdoe", password: "FT.Admin1 with spaces")
        } throws: { error in
            (error as? HTTPResponseError)?.message.contains("oauth_problem=signature_invalid") == true
        }
    }

    @Test("A service, a Jive client and a pager made from a session configuration keep its request timeout")
    func configurationTimeout() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 321
        let url = URL(string: "https://example.com")!
        let service = FellowshipOneTokenService(
            baseURL: url, consumerKey: "k", consumerSecret: "s", configuration: configuration)
        #expect(service.limits.idleTimeout == 321)
        let signer = OAuth1Signer(consumerKey: "k", consumerSecret: "s")
        #expect(FellowshipOneTokenService(baseURL: url, consumer: signer, configuration: configuration)
            .limits.idleTimeout == 321)
        let pager = Pager(
            request: URLRequest(url: url), strategy: ConnectionsPaging(), configuration: configuration)
        #expect(pager.limits.idleTimeout == 321)
    }

    @Test("A 200 without a token is an OAuth1Error, not an empty token")
    func answerWithoutToken() async throws {
        let server = try Self.service(requests: 1, answerWithoutToken: true)
        await #expect {
            _ = try await Self.tokenService(server).accessToken(username: "jdoe", password: "FT.Admin1 with spaces")
        } throws: { error in
            (error as? OAuth1Error)?.kind == .missingToken
        }
    }

    @Test("3-legged: request token, login URL, verifier exchange, then a signed call")
    func threeLegged() async throws {
        let server = try Self.service(requests: 3)
        let service = Self.tokenService(server)
        let requestToken = try await service.requestToken(callback: "oob")
        #expect(requestToken.token == "request-token" && requestToken.isCallbackConfirmed)
        #expect(server.snapshot.received[0].header("Authorization")?.contains("oauth_callback=\"oob\"") == true)

        let login = service.loginURL(
            requestToken: requestToken, callback: URL(string: "myapp://f1/done?x=1")!, userType: .weblinkUser)
        #expect(
            login.absoluteString == server.baseURL.absoluteString
                + "/v1/WeblinkUser/Login?oauth_token=request-token&oauth_callback=myapp%3A%2F%2Ff1%2Fdone%3Fx%3D1")

        let access = try await service.accessToken(exchanging: requestToken, verifier: "v-123")
        #expect(
            access
                == FellowshipOneAccessToken(
                    token: "exchanged-access", tokenSecret: "exchanged-secret", personURL: server.url("/v1/People/555"))
        )
        let people = try await Self.person(at: access.personURL!, signer: service.signer(for: access))
        #expect(people.map(\.id) == ["555"])
    }

    @Test("Base URLs: CHURCHCODE.fellowshiponeapi.com, staging, and invalid codes refused")
    func baseURLs() {
        #expect(FellowshipOne.baseURL(churchCode: "DC")?.absoluteString == "https://dc.fellowshiponeapi.com")
        #expect(
            FellowshipOne.baseURL(churchCode: "mychurch", staging: true)?.absoluteString
                == "https://mychurch.staging.fellowshiponeapi.com")
        #expect(FellowshipOne.baseURL(churchCode: "evil.com/x") == nil)
        #expect(FellowshipOne.baseURL(churchCode: "") == nil)
        let service = FellowshipOneTokenService(
            baseURL: URL(string: "https://dc.fellowshiponeapi.com")!, consumerKey: "k", consumerSecret: "s")
        #expect(
            service.url("PortalUser/AccessToken").absoluteString
                == "https://dc.fellowshiponeapi.com/v1/PortalUser/AccessToken")
    }
}
