import Foundation
import StreamTestSupport
import Testing

/// `feedstream extract`: one JSON line per HTML page, in the order given, with the Article's fields.
@Suite("feedstream extract")
struct ExtractCommandTests {
    let tool = FeedStreamToolTests()

    static let paragraph = """
        The council met on Tuesday evening to discuss the new library, which has been delayed twice, and \
        residents asked why the budget had grown by a third since the plans were first shown in spring.
        """

    static func page(_ title: String, lead: String) -> String {
        """
        <!DOCTYPE html><html lang="en"><head><title>\(title)</title>
        <meta property="article:published_time" content="2024-05-02T09:30:00Z"></head>
        <body><div id="menu"><a href="/">Home</a> <a href="/news">News</a></div>
        <article><p>\(lead) \(paragraph)</p><p>\(paragraph) <a href="more.html">More</a>.</p>
        <p>\(paragraph)</p><img src="pictures/one.jpg" alt="One"></article>
        <div class="sharing"><a href="https://share.example/?u=x">Share</a></div></body></html>
        """
    }

    /// Two pages in temporary files, removed afterwards.
    func withPages(_ body: ([URL]) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("extract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("first.html")
        let second = folder.appendingPathComponent("second.html")
        try Data(Self.page("The first story of the day, in full", lead: "First.").utf8).write(to: first)
        try Data(Self.page("The second story of the day, in full", lead: "Second.").utf8).write(to: second)
        try await body([first, second])
    }

    @Test("One line per input, in order, every field; the same for every chunk size")
    func linesInOrder() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        try await withPages { pages in
            let result = try await tool.run(
                ["extract", "--base-url", "https://gazette.example/2024/story.html"] + pages.map(\.path))
            #expect(result.status == 0, "\(result.error)")
            #expect(result.lines.count == 2)
            let objects = try result.lines.map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            #expect(objects[0]["title"] as? String == "The first story of the day, in full")
            #expect(objects[1]["title"] as? String == "The second story of the day, in full")
            #expect(objects[0]["published"] as? String == "2024-05-02T09:30:00Z")
            #expect(objects[0]["language"] as? String == "en")
            #expect(objects[0]["leadImage"] as? String == "https://gazette.example/2024/pictures/one.jpg")
            let text = try #require(objects[0]["text"] as? String)
            #expect(text.hasPrefix("First. The council met"))
            #expect(!text.contains("Home"))
            let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            #expect(objects[0]["wordCount"] as? Int == words.count)
            let content = try #require(objects[0]["content"] as? String)
            #expect(content.contains(#"href="https://gazette.example/2024/more.html""#))
            #expect(objects[0]["excerpt"] as? String != nil)
            for size in ["1", "97"] {
                let chunked = try await tool.run(
                    ["extract", "--chunk-size", size, "--base-url", "https://gazette.example/2024/story.html"]
                        + pages.map(\.path))
                #expect(chunked.output == result.output, "chunk size \(size)")
            }
        }
    }

    @Test("--rules: a site rule for the base URL's host picks the article")
    func rules() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        try await withPages { pages in
            let rules = pages[0].deletingLastPathComponent().appendingPathComponent("rules.json")
            try Data(#"[{"host": "gazette.example", "selector": "div.sharing"}]"#.utf8).write(to: rules)
            let result = try await tool.run(
                ["extract", "--rules", rules.path, "--base-url", "https://www.gazette.example/a", pages[0].path])
            #expect(result.status == 0, "\(result.error)")
            let object = try JSONSerialization.jsonObject(with: Data(result.lines[0].utf8)) as? [String: Any]
            #expect(object?["text"] as? String == "Share")
        }
    }

    @Test("Standard input; a missing file exits 1 after the lines before it; no input is a usage error")
    func inputsAndErrors() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let page = Data(Self.page("A story read from standard input", lead: "Piped.").utf8)
        let piped = try await tool.run(["extract", "-"], input: page)
        #expect(piped.status == 0)
        #expect(piped.lines.count == 1)
        try await withPages { pages in
            let result = try await tool.run(["extract", pages[0].path, "/nonexistent/page.html", pages[1].path])
            #expect(result.status == 1)
            #expect(result.lines.count == 1)
            #expect(result.error.hasPrefix("feedstream: error: cannot open /nonexistent/page.html"))
        }
        let usage = try await tool.run(["extract"])
        #expect(usage.status == 2)
        let remoteOnly = try await tool.run(["extract", "--user", "a:b", "page.html"])
        #expect(remoteOnly.status == 2, "fetching options without a URL")
        #expect(remoteOnly.error.contains("apply only to http:// or https:// URLs"))
    }

    @Test("URLs among files: fetched through redirects, one line each in order; a failing URL exits 1 after them")
    func urls() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let story = Array(Self.page("A story fetched from its site", lead: "Fetched.").utf8)
        let server = try LoopbackHTTPServer(maximumRequests: 8, lifetime: 600) { request in
            switch request.path {
            case "/story": .init(status: 302, headers: [("Location", "/2024/story.html")], text: "")
            case "/2024/story.html": .init(contentType: "text/html; charset=utf-8", body: story)
            default: .init(status: 404, contentType: "text/html", text: "<p>no such page</p>")
            }
        }
        try await withPages { pages in
            let result = try await tool.run(
                ["extract", pages[0].path, server.url("/story").absoluteString, pages[1].path,
                 server.url("/missing").absoluteString, pages[0].path])
            #expect(result.status == 1)
            let titles = try result.lines.map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["title"]
                    as? String
            }
            #expect(
                titles == [
                    "The first story of the day, in full", "A story fetched from its site",
                    "The second story of the day, in full",
                ])
            let fetched = try #require(
                try JSONSerialization.jsonObject(with: Data(result.lines[1].utf8)) as? [String: Any])
            #expect(fetched["leadImage"] as? String == server.url("/2024/pictures/one.jpg").absoluteString)
            #expect((fetched["text"] as? String)?.hasPrefix("Fetched. The council met") == true)
            let errors = result.error.split(separator: "\n")
            #expect(errors.count == 1)
            let missing = server.url("/missing").absoluteString
            #expect(errors.first?.hasPrefix("feedstream: error: \(missing): HTTP 404") == true, "\(errors)")
        }
        #expect(server.snapshot.requests == ["/story", "/2024/story.html", "/missing"])
    }
}
