import FeedStreamServices
import Foundation
import JSONStream
import StreamTestSupport
import Testing

/// `feedstream refresh` end to end: an OPML or URL list, a state file kept between runs, status lines, exit codes.
@Suite("feedstream refresh")
struct RefreshCommandTests {
    let tool = FeedStreamToolTests()

    /// A fresh directory for one test's files.
    func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("refresh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func statusLines(_ run: FeedStreamToolTests.Run) throws -> [String: [String: Any]] {
        var lines: [String: [String: Any]] = [:]
        for line in run.lines {
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if object["status"] != nil, let url = object["subscription"] as? String { lines[url] = object }
        }
        return lines
    }

    @Test(
        "OPML in, state kept: updated/moved/gone, then not-due, then --all sends validators (304)",
        arguments: FeedStreamToolNetworkTests.transports)
    func opmlAndState(_ transport: String) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let host = try LoopbackFeedHost(address: "127.0.0.2") { request in
            switch request.path {
            case "/old": return .init(status: 301, headers: [("Location", "/new")])
            case "/gone": return .init(status: 410)
            default:
                if request.header("If-None-Match") == "\"e1\"" { return .init(status: 304) }
                return .feed(atomFeed(entries: 30, padding: 100), headers: [("ETag", "\"e1\"")], compresses: true)
            }
        }
        defer { host.stop() }
        let folder = try directory()
        let opml = folder.appendingPathComponent("feeds.opml")
        try """
        <?xml version="1.0"?><opml version="2.0"><head><title>t</title></head><body>
        <outline text="News"><outline text="A" xmlUrl="\(host.url("/a"))"/>
        <outline text="Old" xmlUrl="\(host.url("/old"))"/></outline>
        <outline text="Gone" xmlUrl="\(host.url("/gone"))"/>
        </body></opml>
        """.write(to: opml, atomically: true, encoding: .utf8)
        let state = folder.appendingPathComponent("state.json").path
        let arguments = ["refresh", opml.path, "--state", state, "--transport", transport]

        let first = try await tool.run(arguments)
        #expect(first.status == 0, "\(first.error)")
        let lines = try statusLines(first)
        #expect(lines[host.url("/a").absoluteString]?["status"] as? String == "updated")
        #expect(lines[host.url("/a").absoluteString]?["entries"] as? Int == 30)
        let wire = try #require(lines[host.url("/a").absoluteString]?["wireBytes"] as? Int)
        let body = try #require(lines[host.url("/a").absoluteString]?["bodyBytes"] as? Int)
        #expect(wire * 3 <= body)
        #expect(lines[host.url("/old").absoluteString]?["status"] as? String == "moved")
        #expect(lines[host.url("/old").absoluteString]?["movedTo"] as? String == host.url("/new").absoluteString)
        #expect(lines[host.url("/gone").absoluteString]?["status"] as? String == "gone")
        #expect(first.lines.filter { $0.contains("\"entry\"") }.count == 60)

        // The state file, read back by the streaming decoder in every chunking, gives the same subscriptions.
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: state)))
        let reference = DripFeed.run(try JSONItemParser<Subscription>(path: "$[*]"), bytes: bytes, splits: [])
        #expect(reference.error == nil)
        #expect(reference.items.count == 3)
        #expect(reference.items.first { $0.url == host.url("/new") }?.folders == ["News"])
        for splits in DripFeed.standardChunkings(bytes.count, byteByByteLimit: 4096) {
            let outcome = DripFeed.run(try JSONItemParser<Subscription>(path: "$[*]"), bytes: bytes, splits: splits)
            #expect(outcome.items == reference.items && outcome.error == nil)
        }

        let second = try await tool.run(arguments)
        #expect(second.status == 0)
        #expect(try statusLines(second).values.allSatisfy { $0["status"] as? String == "not-due" })
        let requestsBefore = host.requests.count

        let third = try await tool.run(arguments + ["--all"])
        let thirdLines = try statusLines(third)
        #expect(thirdLines[host.url("/a").absoluteString]?["status"] as? String == "not-modified")
        // The moved subscription is found in the state by its old URL and fetched at the new one.
        #expect(thirdLines[host.url("/new").absoluteString]?["status"] as? String == "not-modified")
        #expect(thirdLines[host.url("/old").absoluteString] == nil)
        #expect(!host.requests[requestsBefore...].contains { $0.path == "/old" })
    }

    @Test("Two shards cover a list exactly once")
    func shards() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let hosts = try (2...9).map { last in
            try LoopbackFeedHost(address: "127.0.0.\(last)") { _ in .feed(atomFeed(entries: 1)) }
        }
        defer { for host in hosts { host.stop() } }
        let folder = try directory()
        let list = folder.appendingPathComponent("feeds.txt")
        let urls = hosts.flatMap { host in (1...3).map { host.url("/f\($0)").absoluteString } }
        try ("# feeds\n" + urls.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
        var seen: [String] = []
        for shard in ["0/2", "1/2"] {
            let run = try await tool.run(["refresh", list.path, "--shard", shard])
            #expect(run.status == 0)
            seen += try statusLines(run).keys
        }
        #expect(seen.sorted() == urls.sorted())
    }

    @Test("Exit codes: a state file that is not JSON is 1; a bad --shard or a credential --header is 2")
    func exitCodes() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let folder = try directory()
        let list = folder.appendingPathComponent("feeds.txt")
        try "http://127.0.0.1:9/feed\n".write(to: list, atomically: true, encoding: .utf8)
        let state = folder.appendingPathComponent("state.json")
        try "{not json".write(to: state, atomically: true, encoding: .utf8)
        let unreadable = try await tool.run(["refresh", list.path, "--state", state.path])
        #expect(unreadable.status == 1)
        #expect(unreadable.error.hasPrefix("feedstream: error: \(state.path): "))
        #expect(unreadable.error.split(separator: "\n").count == 1)
        let usage = try await tool.run(["refresh", list.path, "--shard", "2/2"])
        #expect(usage.status == 2)
        // Credentials would go to every feed's host: refused in one line, as --user is.
        for header in ["Authorization: Bearer t", "cookie: a=b", "Proxy-Authorization : Basic eA=="] {
            let refused = try await tool.run(["refresh", list.path, "--header", header])
            #expect(refused.status == 2, "\(header)")
            let name = header.prefix { $0 != ":" }.trimmingCharacters(in: .whitespaces)
            #expect(refused.error.contains("--header \(name) does not apply to refresh"), "\(refused.error)")
            #expect(!refused.error.contains("Bearer") && !refused.error.contains("a=b"), "no secret in the message")
        }
        let harmless = try await tool.run(["refresh", list.path, "--header", "X-Reader: 1"])
        #expect(harmless.status == 0)
        // A refused connection is the subscription's own failure, and the run still succeeds.
        let refused = try await tool.run(["refresh", list.path])
        #expect(refused.status == 0)
        #expect(refused.output.contains("\"status\":\"failed\""))
    }
}
