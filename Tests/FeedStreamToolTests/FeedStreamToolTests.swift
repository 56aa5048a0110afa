import Foundation
import StreamTestSupport
import Testing

/// Runs the built `feedstream` binary the way a user does and checks the command-line contract of DESIGN.md.
@Suite("feedstream command line")
struct FeedStreamToolTests {
    struct Run {
        var status: Int32
        var output: String
        var error: String
        var lines: [Substring] { output.split(separator: "\n") }
    }

    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("feedstream")
    }

    static let sample = Corpus.projectRoot.appendingPathComponent("Fixtures/samples/connections-updates.xml")

    /// Runs the tool and waits for it without holding a cooperative thread (see `runChildProcess`).
    /// `environment`, when given, is the child's whole environment.
    func run(_ arguments: [String], input: Data? = nil, environment: [String: String]? = nil) async throws -> Run {
        let run = try await runChildProcess(
            Self.executable, arguments: arguments, input: input, environment: environment)
        return Run(
            status: run.status, output: String(decoding: run.output, as: UTF8.self),
            error: String(decoding: run.error, as: UTF8.self))
    }

    @Test("atom: one JSON line per entry, the same for every chunk size")
    func atomItems() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "feedstream not built")
        let whole = try await run(["atom", Self.sample.path])
        #expect(whole.status == 0)
        #expect(whole.error.isEmpty)
        #expect(whole.lines.count == 4)
        for size in ["1", "7", "1460"] {
            let chunked = try await run(["atom", "--chunk-size", size, Self.sample.path])
            #expect(chunked.output == whole.output, "chunk size \(size)")
        }
        let first = try JSONSerialization.jsonObject(with: Data(whole.lines[0].utf8)) as? [String: Any]
        let title = first?["title"] as? [String: Any]
        #expect(title?["type"] as? String == "html")
        #expect(first?["published"] as? String == "2013-05-02T08:29:12.518Z")
        #expect(first?["summary"] == nil, "nil optionals are omitted")
        let authors = first?["authors"] as? [[String: Any]]
        #expect(authors?.first?["userID"] as? String == "4cbc45c0-f6dc-1031-8a47-a4f0b5a4f24c")
    }

    @Test("atom --metadata and --count; standard input")
    func atomMetadataAndCount() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "feedstream not built")
        let metadata = try await run(["atom", "--metadata", Self.sample.path])
        #expect(metadata.lines.count == 5)
        let feed = try JSONSerialization.jsonObject(with: Data(metadata.lines[4].utf8)) as? [String: Any]
        let body = feed?["feed"] as? [String: Any]
        #expect(body?["totalResults"] as? Int == 57)
        #expect(body?["nextURL"] as? String == "https://connections.example.com/news/atom/stories/public?page=2&ps=4")

        let bytes = try Data(contentsOf: Self.sample)
        let count = try await run(["atom", "--count", "-"], input: bytes)
        #expect(count.status == 0)
        #expect(count.output == "{\"items\":4,\"bytes\":\(bytes.count)}\n")
    }

    @Test("Malformed input: items first, then the positioned error, exit 1")
    func atomError() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "feedstream not built")
        let document =
            "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><id>1</id></entry>\n"
            + "<entry><id>2</id><title>x</titl></entry></feed>"
        let result = try await run(["atom", "--chunk-size", "5"], input: Data(document.utf8))
        #expect(result.status == 1)
        #expect(result.lines.count == 1)
        #expect(
            result.error == """
                feedstream: error: line 2, column 33, byte 100: Opening and ending tag mismatch: title line 2 and titl \
                at /feed/entry[2]/title

                """)
    }

    @Test(
        "Usage errors exit 2",
        arguments: [
            ["atom", "--chunk-size", "0"], ["atom", "--nope"], ["atom", "a", "b"], ["nosuchcommand"], [],
        ])
    func usage(arguments: [String]) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "feedstream not built")
        let result = try await run(arguments)
        #expect(result.status == 2)
        #expect(result.error.contains("usage"))
    }
}

@Suite("feedstream with a URL in place of FILE")
struct FeedStreamToolURLTests {
    let tool = FeedStreamToolTests()

    @Test("atom URL: items stream from the loopback server, HTTP Basic and extra headers are sent")
    func atomURL() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let body = try [UInt8](Data(contentsOf: FeedStreamToolTests.sample))
        let server = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600) { request in
            guard request.header("Authorization") == "Basic YW15OnMzY3JldDpwYXNz" else {
                return .init(status: 401, contentType: "text/plain", text: "bad credentials")
            }
            return .init(contentType: "application/atom+xml", body: body)
        }
        let result = try await tool.run([
            "atom", "--metadata", "--user", "amy:s3cret:pass", "--header", "X-Trace: 42",
            server.url("/news/atom/stories/public").absoluteString,
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.lines.count == 5)
        let file = try await tool.run(["atom", "--metadata", FeedStreamToolTests.sample.path])
        #expect(result.output == file.output)
        let sent = try #require(server.snapshot.received.first)
        #expect(sent.method == "GET")
        #expect(sent.header("X-Trace") == "42")
    }

    @Test("A refused request: exit 1, the service's message, and never the password")
    func refused() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let server = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600) { _ in
            .init(status: 401, contentType: "text/plain", text: "Invalid user name or password")
        }
        let result = try await tool.run(["atom", "--user", "amy:topsecret", server.url("/feed").absoluteString])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("feedstream: error: HTTP 401"))
        #expect(result.error.contains("Invalid user name or password"))
        #expect(!result.error.contains("topsecret"))
    }

    @Test("--user without a URL is a usage error")
    func userNeedsURL() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let result = try await tool.run(["atom", "--user", "a:b", FeedStreamToolTests.sample.path])
        #expect(result.status == 2)
        #expect(!result.error.contains("a:b"))
    }

    @Test("Every subcommand answers --help with status 0")
    func help() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        for subcommand in ["atom", "feed", "twitter", "twitter-stream", "jive-inbox", "items", "json", "xml-items", "f1-token"] {
            let result = try await tool.run([subcommand, "--help"])
            #expect(result.status == 0, "\(subcommand)")
            #expect(result.output.contains("USAGE: feedstream \(subcommand)"), "\(subcommand)")
        }
    }

    /// A small Atom page whose `next` link (relative, resolved against the response URL) names page `page + 1`.
    static func atomPage(_ page: Int, of pages: Int) -> String {
        let next = page < pages ? "<link rel=\"next\" href=\"feed?page=\(page + 1)\"/>" : ""
        let entries = (1...2).map { "<entry><id>urn:p\(page)e\($0)</id><title>p\(page) e\($0)</title></entry>" }
        return "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title>\(next)\(entries.joined())</feed>"
    }

    @Test("--pages follows rel=\"next\" in order; --pages 2 stops after two")
    func pages() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let server = try LoopbackHTTPServer(maximumRequests: 5, lifetime: 600) { request in
            let page = Int(request.queryItems.first { $0.name == "page" }?.value ?? "1") ?? 1
            return .init(contentType: "application/atom+xml", text: Self.atomPage(page, of: 3))
        }
        let all = try await tool.run(["atom", "--pages", "all", server.url("/feed").absoluteString])
        #expect(all.status == 0, "\(all.error)")
        let ids = all.lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
        }
        #expect(ids == ["urn:p1e1", "urn:p1e2", "urn:p2e1", "urn:p2e2", "urn:p3e1", "urn:p3e2"])
        let two = try await tool.run(["atom", "--pages", "2", "--count", server.url("/feed").absoluteString])
        #expect(two.output.hasPrefix("{\"items\":4,"))
        #expect(server.snapshot.requests == ["/feed", "/feed?page=2", "/feed?page=3", "/feed", "/feed?page=2"])
    }

    @Test("--retries: a 429 with Retry-After is retried, then the items print")
    func retries() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let limited = try LoopbackHTTPServer.sequence([
            .init(status: 429, contentType: "text/plain", headers: [("Retry-After", "1")], text: "slow down"),
            .init(contentType: "application/atom+xml", text: Self.atomPage(1, of: 1)),
        ])
        let result = try await tool.run(["atom", "--count", limited.url("/feed").absoluteString])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("{\"items\":2,"))
        #expect(result.error.contains("HTTP 429, retrying in 1 s"))
        let refused = try LoopbackHTTPServer.sequence([
            .init(status: 429, contentType: "text/plain", headers: [("Retry-After", "1")], text: "slow down")
        ])
        let none = try await tool.run(["atom", "--retries", "0", refused.url("/feed").absoluteString])
        #expect(none.status == 1)
        #expect(none.error.hasPrefix("feedstream: error: HTTP 429"))
    }

    @Test("--cache: the second run sends If-None-Match, gets a 304 and prints the cached items")
    func cache() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let server = try LoopbackHTTPServer(maximumRequests: 2, lifetime: 600) { request in
            if request.header("If-None-Match") == "\"v1\"" { return .init(status: 304) }
            return .init(
                contentType: "application/atom+xml", headers: [("ETag", "\"v1\"")], text: Self.atomPage(1, of: 1))
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedstream-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await tool.run(["atom", "--cache", directory.path, server.url("/feed").absoluteString])
        let second = try await tool.run(["atom", "--cache", directory.path, server.url("/feed").absoluteString])
        #expect(first.status == 0, "\(first.error)")
        #expect(second.status == 0, "\(second.error)")
        #expect(first.lines.count == 2)
        #expect(second.output == first.output)
        #expect(server.snapshot.received.map { $0.header("If-None-Match") } == [nil, "\"v1\""])
    }
}

@Suite("feedstream json and items")
struct FeedStreamToolJSONTests {
    let tool = FeedStreamToolTests()

    @Test("json validates and prints the document compactly; malformed JSON exits 1 with a position")
    func json() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let document = "{ \"a\" : [1, 2.5, true, null, \"x/y\"],\n \"b\": {} }"
        for size in ["1", "7", "65536"] {
            let result = try await tool.run(["json", "--chunk-size", size], input: Data(document.utf8))
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output == "{\"a\":[1,2.5,true,null,\"x/y\"],\"b\":{}}\n")
        }
        let bad = try await tool.run(["json"], input: Data("{\"a\": [1,]}".utf8))
        #expect(bad.status == 1)
        #expect(bad.error.hasPrefix("feedstream: error: line 1, column"))
    }

    @Test("items --path prints each selected value; --count counts them")
    func items() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let page = Data("{\"employees\":[{\"firstName\":\"Ann\"},{\"firstName\":\"Bo\"}]}".utf8)
        let result = try await tool.run(["items", "--path", "employees[*]"], input: page)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "{\"firstName\":\"Ann\"}\n{\"firstName\":\"Bo\"}\n")
        let count = try await tool.run(["items", "--path", "employees[*]", "--count"], input: page)
        #expect(count.output == "{\"items\":2,\"bytes\":\(page.count)}\n")
    }

    @Test("Every decoding subcommand runs on standard input")
    func everySubcommandRuns() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let inputs: [([String], String)] = [
            (["atom"], "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><id>1</id></entry></feed>"),
            (["feed"], "<rss version=\"2.0\"><channel><item><guid>1</guid></item></channel></rss>"),
            (["twitter"], "{\"statuses\":[{\"id\":1,\"id_str\":\"1\",\"text\":\"t\"}]}"),
            (["twitter-stream"], "{\"id\":1,\"id_str\":\"1\",\"text\":\"t\"}\r\n"),
            (["jive-inbox"], "{\"list\":[{\"verb\":\"jive:created\",\"title\":\"t\"}]}"),
            (["items", "--path", "$[*]"], "[1]"),
            (["json"], "[1]"),
            (["xml-items", "--path", "people/person"], "<people><person id=\"1\"/></people>"),
        ]
        for (arguments, input) in inputs {
            let result = try await tool.run(arguments, input: Data(input.utf8))
            #expect(result.status == 0, "\(arguments): \(result.error)")
            #expect(result.lines.count == 1, "\(arguments): \(result.output)")
        }
    }
}
