import Foundation
import StreamTestSupport
import Testing

/// `feedstream refresh --full-text`: summary entries printed with their page's article and its `extraction`.
@Suite("feedstream refresh --full-text")
struct RefreshFullTextCommandTests {
    let tool = FeedStreamToolTests()

    @Test("Entries filled up to --full-text-limit, the rest saying why; nothing fetched without --full-text")
    func fullText() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let served = RequestCounter()
        let host = try LoopbackFeedHost(address: "127.0.0.2") { request in
            if request.path == "/feed" {
                // The host links to its own pages: its address and port as the request named them. A comment that
                // differs each time makes every body new (not recognised as the last one), its entries the same.
                let links = (1...3).map { URL(string: "http://\(request.header("Host") ?? "")/story/\($0)")! }
                return .feed(SummaryFeed.rss(links) + "<!-- \(served.next()) -->\n")
            }
            let page = Array(SummaryFeed.page(request.path).utf8)
            return .init(headers: [("Content-Type", "text/html; charset=utf-8")], body: page)
        }
        defer { host.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("full-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("feeds.txt")
        try Data("\(host.url("/feed"))\n".utf8).write(to: list)
        let rules = folder.appendingPathComponent("rules.json")
        try Data(#"[{"host": "127.0.0.2", "selector": "article"}]"#.utf8).write(to: rules)

        let plain = try await tool.run(["refresh", list.path])
        #expect(plain.status == 0, "\(plain.error)")
        #expect(host.requests.map(\.path) == ["/feed"])
        #expect(!plain.output.contains("\"extraction\""))

        let result = try await tool.run(
            ["refresh", list.path, "--full-text", "--full-text-limit", "2", "--full-text-per-host", "1",
             "--rules", rules.path])
        #expect(result.status == 0, "\(result.error)")
        let entries = try result.lines.compactMap {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["entry"]
                as? [String: Any]
        }
        #expect(entries.count == 3)
        #expect(host.requests.filter { $0.path.hasPrefix("/story/") }.count == 2)
        let filled = entries.filter { ($0["extraction"] as? [String: Any])?["failure"] == nil }
        #expect(filled.count == 2)
        for entry in filled {
            let extraction = try #require(entry["extraction"] as? [String: Any])
            let url = try #require(extraction["url"] as? String)
            let path = try #require(URL(string: url)?.path)
            let content = try #require(entry["content"] as? [String: Any])
            #expect((content["value"] as? String)?.contains("The story at \(path) begins.") == true)
            #expect(content["type"] as? String == "html")
        }
        let skipped = try #require(entries.first { ($0["extraction"] as? [String: Any])?["failure"] != nil })
        #expect(((skipped["extraction"] as? [String: Any])?["failure"] as? String)?.contains("limit of 2") == true)
        #expect(skipped["content"] == nil)

        // With a state file, the second run knows the entries: no page is fetched again.
        let state = folder.appendingPathComponent("state.json").path
        let first = try await tool.run(["refresh", list.path, "--state", state, "--full-text"])
        #expect(first.status == 0, "\(first.error)")
        #expect(first.lines.filter { $0.contains(#""extraction":{"url""#) }.count == 3)
        let pagesBefore = host.requests.filter { $0.path.hasPrefix("/story/") }.count
        let second = try await tool.run(["refresh", list.path, "--state", state, "--all", "--full-text"])
        #expect(second.status == 0, "\(second.error)")
        #expect(host.requests.filter { $0.path.hasPrefix("/story/") }.count == pagesBefore)
        #expect(!second.output.contains("\"entry\""), "every entry unchanged")

        let usage = try await tool.run(["refresh", list.path, "--full-text-limit", "5"])
        #expect(usage.status == 2)
        #expect(usage.error.contains("apply only with --full-text"))
        let badRules = try await tool.run(["refresh", list.path, "--full-text", "--rules", "/nonexistent.json"])
        #expect(badRules.status == 1)
        #expect(badRules.error.hasPrefix("feedstream: error: --rules /nonexistent.json"))
    }
}
