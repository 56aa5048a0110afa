import Foundation
import StreamTestSupport
import Testing

/// `feedstream subscriptions list|add|remove|clear-gone`, on SQLite files and state files, with `refresh` between.
@Suite("feedstream subscriptions")
struct SubscriptionsCommandTests {
    let tool = FeedStreamToolTests()
    let refresh = RefreshCommandTests()
    let stored = RefreshStoreCommandTests()

    /// Each output line as an object.
    static func objects(_ run: FeedStreamToolTests.Run) throws -> [[String: Any]] {
        try run.lines.map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    /// `url status` of each change line, in order.
    static func changes(_ run: FeedStreamToolTests.Run) throws -> [String] {
        try objects(run).map { "\($0["url"] as? String ?? "?") \($0["status"] as? String ?? "?")" }
    }

    @Test("add, list, remove: a removed subscription added again has its entries new")
    func addListRemove() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let feeds = [RefreshStoreCommandTests.EditableFeed(), RefreshStoreCommandTests.EditableFeed()]
        let host = try LoopbackFeedHost(address: "127.0.0.41") { request in
            .feed(feeds[request.path == "/a" ? 0 : 1].document)
        }
        defer { host.stop() }
        let (a, b) = (host.url("/a").absoluteString, host.url("/b").absoluteString)
        let store = "sqlite:" + (try refresh.directory()).appendingPathComponent("store.db").path

        let added = try await tool.run(["subscriptions", "add", a, b, a, "--store", store])
        #expect(added.status == 0, "\(added.error)")
        #expect(try Self.changes(added) == ["\(a) added", "\(b) added", "\(a) already-stored"])
        let first = try await tool.run(["refresh", "--store", store])
        #expect(try stored.entryLines(first).count == 10)

        let listed = try await tool.run(["subscriptions", "list", "--store", store])
        #expect(listed.status == 0, "\(listed.error)")
        let rows = try Self.objects(listed)
        #expect(Set(rows.compactMap { $0["url"] as? String }) == [a, b])
        // The state file's keys: what the refresh stored is there.
        #expect(rows.allSatisfy { $0["lastRefreshed"] is String && $0["nextDue"] is String && $0["failures"] is Int })

        let unknown = host.url("/unknown").absoluteString
        let removed = try await tool.run(["subscriptions", "remove", a, unknown, "--store", store])
        #expect(removed.status == 0, "\(removed.error)")
        #expect(try Self.changes(removed) == ["\(a) removed", "\(unknown) not-found"])
        let rest = try await tool.run(["subscriptions", "list", "--store", store])
        #expect(try Self.objects(rest).compactMap { $0["url"] as? String } == [b])

        #expect(try Self.changes(try await tool.run(["subscriptions", "add", a, "--store", store])) == ["\(a) added"])
        let again = try await tool.run(["refresh", "--store", store, "--all"])
        let entries = try stored.entryLines(again)
        // What it saw went with it: all five are new again; the other subscription's are not.
        #expect(entries.count == 5)
        #expect(entries.allSatisfy { $0["subscription"] as? String == a && $0["change"] as? String == "new" })
    }

    @Test("add --from reads refresh's lists; --state files work the same")
    func fromListAndStateFile() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let folder = try refresh.directory()
        let list = folder.appendingPathComponent("feeds.txt")
        try "# feeds\nhttp://127.0.0.42/one\n\nhttps://127.0.0.42/two\n"
            .write(to: list, atomically: true, encoding: .utf8)
        let state = folder.appendingPathComponent("state.json").path
        let added = try await tool.run([
            "subscriptions", "add", "http://127.0.0.42/two", "--from", list.path, "--state", state,
        ])
        #expect(added.status == 0, "\(added.error)")
        #expect(
            try Self.changes(added) == [
                "http://127.0.0.42/two added", "http://127.0.0.42/one added", "https://127.0.0.42/two added",
            ])
        let removed = try await tool.run(["subscriptions", "remove", "http://127.0.0.42/one", "--state", state])
        #expect(try Self.changes(removed) == ["http://127.0.0.42/one removed"])
        let listed = try await tool.run(["subscriptions", "list", "--state", state])
        #expect(
            try Self.objects(listed).compactMap { $0["url"] as? String } == [
                "http://127.0.0.42/two", "https://127.0.0.42/two",
            ])
        // The file is the state file refresh keeps: the same list.
        let file =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [[String: Any]]
        #expect(file?.compactMap { $0["url"] as? String } == ["http://127.0.0.42/two", "https://127.0.0.42/two"])

        let opml = folder.appendingPathComponent("feeds.opml")
        try """
        <opml version="2.0"><body><outline text="News"><outline text="Three" xmlUrl="http://127.0.0.42/three"/>\
        </outline></body></opml>
        """.write(to: opml, atomically: true, encoding: .utf8)
        let fromOPML = try await tool.run(["subscriptions", "add", "--from", opml.path, "--state", state])
        #expect(try Self.changes(fromOPML) == ["http://127.0.0.42/three added"])
        let three = try Self.objects(try await tool.run(["subscriptions", "list", "--state", state])).last
        #expect(three?["title"] as? String == "Three" && three?["folders"] as? [String] == ["News"])
    }

    /// 1,200 URLs padded to about 124 bytes a line: some 149 kB, three of the reader's 64 KiB pieces, with lines and
    /// line ends falling across their edges.
    @Test("add --from reads the file as it goes: every URL before a bad line is added, the error names its line")
    func fromFileReadAsItGoes() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let directory = try refresh.directory()
        let urls = (0..<1_200).map { "http://127.0.0.44/feed-\($0)?" + String(repeating: "p", count: 90) }
        var text = "# feeds\r\n\r\n"
        for (index, url) in urls.enumerated() {
            // LF, CRLF and a lone CR, as isNewline reads them; a blank line and a comment among them.
            text += url + ["\n", "\r\n", "\r"][index % 3]
            if index == 700 { text += "\n# more\r\n" }
        }
        text += "   \nnot a url\n" + urls[0] + "\n"
        let list = directory.appendingPathComponent("feeds.txt")
        try Data(text.utf8).write(to: list)
        #expect(text.utf8.count > 2 * (64 << 10))
        let store = "sqlite:" + directory.appendingPathComponent("store.db").path

        let added = try await tool.run(["subscriptions", "add", "--from", list.path, "--store", store])
        #expect(added.status == 1)
        // Every URL before the bad line is added (pages of 500, 500 and 200), none after it.
        #expect(try Self.changes(added) == urls.map { "\($0) added" })
        // Two header lines, 1,200 URLs, a blank line and a comment, a line of spaces: the bad one is line 1,206.
        #expect(added.error == "feedstream: error: \(list.path): line 1206: not an http(s) URL: not a url\n")

        let listed = try await tool.run(["subscriptions", "list", "--store", store])
        #expect(try Self.objects(listed).compactMap { $0["url"] as? String }.sorted() == urls.sorted())
    }

    @Test("clear-gone: a gone subscription is due again and asked at the next run")
    func clearGone() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let feed = RefreshStoreCommandTests.EditableFeed()
        let back = LockedFlag()
        let host = try LoopbackFeedHost(address: "127.0.0.43") { request in
            request.path == "/gone" && !back.value ? LoopbackFeedHost.Response(status: 410) : .feed(feed.document)
        }
        defer { host.stop() }
        let (gone, kept) = (host.url("/gone").absoluteString, host.url("/kept").absoluteString)
        let store = "sqlite:" + (try refresh.directory()).appendingPathComponent("store.db").path
        _ = try await tool.run(["subscriptions", "add", gone, kept, "--store", store])
        let first = try await tool.run(["refresh", "--store", store])
        #expect(try refresh.statusLines(first)[gone]?["status"] as? String == "gone")
        let skipped = try await tool.run(["refresh", "--store", store, "--all"])
        #expect(try refresh.statusLines(skipped)[gone] == nil)

        let cleared = try await tool.run(["subscriptions", "clear-gone", "--store", store])
        #expect(cleared.status == 0, "\(cleared.error)")
        let lines = try Self.objects(cleared)
        #expect(lines.count == 1)
        #expect(lines.first?["url"] as? String == gone && lines.first?["status"] as? String == "cleared")
        #expect(lines.first?["gone"] is String)
        #expect(try await tool.run(["subscriptions", "clear-gone", "--store", store]).output.isEmpty)

        back.value = true
        let asked = host.requests.filter { $0.path == "/gone" }.count
        let next = try await tool.run(["refresh", "--store", store])
        #expect(try refresh.statusLines(next)[gone]?["status"] as? String == "updated")
        #expect(try refresh.statusLines(next)[kept] == nil, "the other one is not due")
        #expect(host.requests.filter { $0.path == "/gone" }.count == asked + 1)
    }

    @Test("refresh --retention-refreshes 1: an entry seen two refreshes ago comes back new")
    func retention() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let feed = RefreshStoreCommandTests.EditableFeed()
        let host = try LoopbackFeedHost(address: "127.0.0.44") { _ in .feed(feed.document) }
        defer { host.stop() }
        let folder = try refresh.directory()
        let list = folder.appendingPathComponent("feeds.txt")
        try "\(host.url("/feed"))\n".write(to: list, atomically: true, encoding: .utf8)
        let short = "sqlite:" + folder.appendingPathComponent("short.db").path
        let long = "sqlite:" + folder.appendingPathComponent("long.db").path
        let retained = ["--retention-refreshes", "1"]

        func run(_ store: String, _ options: [String]) async throws -> [String] {
            let run = try await tool.run(["refresh", list.path, "--store", store, "--all"] + options)
            #expect(run.status == 0, "\(run.error)")
            return try stored.entryLines(run).map {
                "\($0["change"] as? String ?? "") \(($0["entry"] as? [String: Any])?["id"] as? String ?? "")"
            }
        }
        #expect(try await run(short, retained).count == 5)
        #expect(try await run(long, []).count == 5)
        // urn:1 leaves the document for one refresh, then comes back.
        var first = (id: "", title: "", link: "")
        feed.edit { first = $0.removeFirst() }
        #expect(try await run(short, retained).isEmpty)
        #expect(try await run(long, []).isEmpty)
        feed.edit { $0.insert(first, at: 0) }
        #expect(try await run(short, retained) == ["new urn:1"])
        #expect(try await run(long, []).isEmpty, "ten refreshes remember it")
    }

    @Test("Usage errors: exit 2, one line and the usage")
    func usage() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let store = "sqlite:" + (try refresh.directory()).appendingPathComponent("store.db").path
        for arguments in [
            ["subscriptions", "list"], ["subscriptions", "list", "http://a.example/", "--store", store],
            ["subscriptions", "add", "--store", store], ["subscriptions", "add", "ftp://a.example/", "--store", store],
            ["subscriptions", "remove", "--store", store], ["subscriptions", "prune", "--store", store],
            ["subscriptions", "remove", "http://a.example/", "--from", "x", "--store", store],
            ["subscriptions", "list", "--store", store, "--state", "s.json"],
            ["refresh", "--store", store, "--retention-refreshes", "0"],
            ["refresh", "--store", store, "--retention-days", "-1"],
        ] {
            let run = try await tool.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.error.hasPrefix("feedstream: error: "), "\(arguments)")
            #expect(run.output.isEmpty)
        }
        // The store is opened as refresh opens it: a server that is not there is one line, without the password.
        let socket = try refresh.directory().appendingPathComponent("no-server").path
        let unreachable = try await tool.run([
            "subscriptions", "list", "--store", "postgres://u:MARKER-PASSWORD@localhost/db?host=\(socket)",
        ])
        #expect(unreachable.status == 1)
        #expect(unreachable.error.hasPrefix("feedstream: error: postgres://u"))
        #expect(unreachable.error.split(separator: "\n").count == 1)
        #expect(!unreachable.error.contains("MARKER-PASSWORD"))
        let missing = try await tool.run(["subscriptions", "add", "--from", "/nonexistent/feeds.txt", "--store", store])
        #expect(missing.status == 1)
        #expect(
            missing.error == "feedstream: error: /nonexistent/feeds.txt: cannot read it: No such file or directory\n")
    }
}

/// A flag a loopback server's responder reads while the test sets it.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    var value: Bool {
        get { lock.withLock { flag } }
        set { lock.withLock { flag = newValue } }
    }
}

/// The same on a PostgreSQL store: run where `scripts/with-postgres.sh` started a server, and always in CI.
@Suite(
    "feedstream subscriptions --store postgres",
    .enabled(
        if: ProcessInfo.processInfo.environment["FEEDSTREAM_TEST_POSTGRES_URL"] != nil
            || ProcessInfo.processInfo.environment["CI"] != nil))
struct SubscriptionsPostgresCommandTests {
    let tool = FeedStreamToolTests()

    @Test("add, list, remove and clear-gone on a migrated database")
    func postgres() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let server = try #require(
            ProcessInfo.processInfo.environment["FEEDSTREAM_TEST_POSTGRES_URL"],
            "FEEDSTREAM_TEST_POSTGRES_URL is not set (CI is)")
        let schema = "subs\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
        let store = server + (server.contains("?") ? "&" : "?") + "search_path=\(schema)"
        // A worker's schema check: nothing is created before the operator migrates.
        let early = try await tool.run(["subscriptions", "list", "--store", store])
        #expect(early.status == 1 && early.output.isEmpty)
        try #require(try await tool.run(["store", "migrate", "--store", store]).status == 0)

        let (a, b) = ("http://127.0.0.45/a", "http://127.0.0.45/b")
        let added = try await tool.run(["subscriptions", "add", a, b, a, "--store", store])
        #expect(added.status == 0, "\(added.error)")
        #expect(try SubscriptionsCommandTests.changes(added) == ["\(a) added", "\(b) added", "\(a) already-stored"])
        let removed = try await tool.run(["subscriptions", "remove", b, b, "--store", store])
        #expect(try SubscriptionsCommandTests.changes(removed) == ["\(b) removed", "\(b) not-found"])
        let listed = try await tool.run(["subscriptions", "list", "--store", store])
        #expect(try SubscriptionsCommandTests.objects(listed).compactMap { $0["url"] as? String } == [a])
        let cleared = try await tool.run(["subscriptions", "clear-gone", "--store", store])
        #expect(cleared.status == 0 && cleared.output.isEmpty, "\(cleared.error)")
    }
}
