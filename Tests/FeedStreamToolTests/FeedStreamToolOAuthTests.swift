import FeedStreamNetworking
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `--oauth1` and `f1-token` through the built binary, against a loopback service that re-signs each request it
/// receives (same nonce and timestamp, secrets it knows) and refuses any whose signature differs.
@Suite("feedstream --oauth1 and f1-token")
struct FeedStreamToolOAuthTests {
    let tool = FeedStreamToolTests()

    /// Whether `request`'s OAuth `Authorization` header is the one the holder of the secrets would make.
    static func isSigned(
        _ request: LoopbackRequest, port: UInt16, consumerKey: String, consumerSecret: String,
        token: String? = nil, tokenSecret: String? = nil
    ) -> Bool {
        guard let header = request.header("Authorization"), header.hasPrefix("OAuth ") else { return false }
        var parameters: [String: String] = [:]
        for pair in header.dropFirst(6).split(separator: ",") {
            let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            parameters[String(parts[0])] = String(parts[1]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                .removingPercentEncoding
        }
        guard let nonce = parameters["oauth_nonce"], let timestamp = parameters["oauth_timestamp"] else { return false }
        var rebuilt = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(request.target)")!)
        rebuilt.httpMethod = request.method
        rebuilt.httpBody = request.body.isEmpty ? nil : Data(request.body)
        if let type = request.header("Content-Type") { rebuilt.setValue(type, forHTTPHeaderField: "Content-Type") }
        let signer = OAuth1Signer(
            consumerKey: consumerKey, consumerSecret: consumerSecret, token: token, tokenSecret: tokenSecret)
        return (try? signer.authorizationHeader(for: rebuilt, nonce: nonce, timestamp: timestamp)) == header
    }

    @Test("atom URL --oauth1 KEY:SECRET:TOKEN:TOKEN-SECRET: every request signed, no secret printed")
    func signedFeed() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let port = PortBox()
        let server = try LoopbackHTTPServer(maximumRequests: 3, lifetime: 600) { request in
            let page = Int(request.queryItems.first { $0.name == "page" }?.value ?? "1") ?? 1
            guard
                Self.isSigned(
                    request, port: port.value, consumerKey: "ck", consumerSecret: "cs-secret", token: "tk",
                    tokenSecret: "ts-secret")
            else { return .init(status: 401, contentType: "text/plain", text: "oauth_problem=signature_invalid") }
            return .init(contentType: "application/atom+xml", text: FeedStreamToolURLTests.atomPage(page, of: 2))
        }
        port.value = server.port
        let url = server.url("/v1/People/Search?searchFor=J%C3%B6rg+Smith").absoluteString
        let result = try await tool.run(["atom", "--pages", "all", "--oauth1", "ck:cs-secret:tk:ts-secret", url])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.lines.count == 4)
        #expect(!result.output.contains("secret") && !result.error.contains("secret"))

        let wrong = try await tool.run(["atom", "--oauth1", "ck:WRONG-secret:tk:ts-secret", url])
        #expect(wrong.status == 1)
        #expect(wrong.error.contains("HTTP 401"))
        #expect(wrong.error.contains("signature_invalid"))
        #expect(!wrong.error.contains("WRONG-secret"))
    }

    @Test("f1-token: the 2nd-party flow, portal and Weblink users", arguments: [false, true])
    func fellowshipOneToken(weblink: Bool) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let port = PortBox()
        let expectedPath = weblink ? "/v1/WeblinkUser/AccessToken" : "/v1/PortalUser/AccessToken"
        let server = try LoopbackHTTPServer(maximumRequests: 2, lifetime: 600) { request in
            let credentials = Data("jdoe pa ss:wörd".utf8).base64EncodedString()
            guard request.method == "POST", request.path == expectedPath,
                Self.isSigned(request, port: port.value, consumerKey: "ck", consumerSecret: "cs-secret")
            else { return .init(status: 401, contentType: "text/plain", text: "oauth_problem=signature_invalid") }
            guard String(decoding: request.body, as: UTF8.self) == credentials else {
                return .init(status: 401, contentType: "text/html", text: "<html><body>Invalid login</body></html>")
            }
            return .init(
                contentType: "application/x-www-form-urlencoded",
                headers: [("Content-Location", "http://127.0.0.1:\(port.value)/v1/People/42")],
                text: "oauth_token=T0K&oauth_token_secret=S3C")
        }
        port.value = server.port
        var arguments = ["f1-token", server.baseURL.absoluteString, "--oauth1", "ck:cs-secret", "--user"]
        arguments += ["jdoe:pa ss:wörd"] + (weblink ? ["--weblink"] : [])
        let result = try await tool.run(arguments)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output
                == "{\"token\":\"T0K\",\"tokenSecret\":\"S3C\",\"personURL\":\"http://127.0.0.1:\(server.port)/v1/People/42\"}\n")

        var wrong = arguments
        wrong[wrong.firstIndex(of: "jdoe:pa ss:wörd")!] = "jdoe:not-the-password"
        let refused = try await tool.run(wrong)
        #expect(refused.status == 1)
        #expect(refused.error.contains("HTTP 401"))
        #expect(refused.error.contains("Invalid login"))
        #expect(!refused.error.contains("not-the-password") && !refused.error.contains("cs-secret"))
    }

    @Test("--oauth1 and --user together, or a malformed --oauth1, are usage errors that repeat no secret")
    func usage() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let both = try await tool.run(["atom", "--oauth1", "k:s3cr3t", "--user", "a:b", "https://example.com/feed"])
        #expect(both.status == 2)
        let malformed = try await tool.run(["atom", "--oauth1", "k:s3cr3t:only-three", "https://example.com/feed"])
        #expect(malformed.status == 2)
        #expect(!malformed.error.contains("s3cr3t"))
        let help = try await tool.run(["f1-token", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: feedstream f1-token"))
    }
}

/// The server's port, known only once it listens, for the responder made before it.
final class PortBox: @unchecked Sendable {
    private let lock = NSLock()
    private var port: UInt16 = 0
    var value: UInt16 {
        get { lock.withLock { port } }
        set { lock.withLock { port = newValue } }
    }
}

@Suite("feedstream xml-items: Fellowship One paging")
struct FeedStreamToolFellowshipOnePagingTests {
    let tool = FeedStreamToolTests()

    /// A people search page in Fellowship One's shape: two people, `additionalPages` counting down.
    static func searchPage(_ page: Int, of pages: Int) -> String {
        let people = (1...2).map { index in
            """
            <person id="\(page * 10 + index)" uri="https://demo.fellowshiponeapi.com/v1/People/\(page * 10 + index)" \
            json:Array="true"><firstName>P\(page)</firstName><title></title></person>
            """
        }
        return """
            <?xml version="1.0" encoding="utf-8"?><results count="2" pageNumber="\(page)" totalRecords="\(2 * pages)" \
            additionalPages="\(pages - page)">\(people.joined())</results>
            """
    }

    @Test("--pages all asks for page = pageNumber + 1 until additionalPages is 0, keeping the query, signed")
    func pagesUntilNoneRemain() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let port = PortBox()
        let server = try LoopbackHTTPServer(maximumRequests: 3, lifetime: 600) { request in
            guard FeedStreamToolOAuthTests.isSigned(request, port: port.value, consumerKey: "ck", consumerSecret: "cs")
            else { return .init(status: 401, text: "signature_invalid") }
            let page = Int(request.queryItems.first { $0.name == "page" }?.value ?? "1") ?? 1
            return .init(contentType: "application/xml; charset=utf-8", text: Self.searchPage(page, of: 3))
        }
        port.value = server.port
        let url = server.url("/v1/People/Search?searchFor=Smith&recordsPerPage=2").absoluteString
        let result = try await tool.run(["xml-items", "--path", "results/person", "--pages", "all", "--oauth1", "ck:cs", url])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.lines.count == 6)
        #expect(result.lines.first == #"{"@id":"11","@uri":"https://demo.fellowshiponeapi.com/v1/People/11","@json:Array":"true","firstName":"P1","title":null}"#)
        #expect(
            server.snapshot.requests == [
                "/v1/People/Search?searchFor=Smith&recordsPerPage=2",
                "/v1/People/Search?searchFor=Smith&recordsPerPage=2&page=2",
                "/v1/People/Search?searchFor=Smith&recordsPerPage=2&page=3",
            ])
    }
}
