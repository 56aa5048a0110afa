import Foundation
import StreamTestSupport
import Testing

/// `feedstream refresh`'s status lines, field by field: every field DESIGN.md names, each checked on the status
/// that carries it and absent from those that do not.
@Suite("feedstream refresh: status line fields")
struct RefreshStatusLineTests {
    let tool = FeedStreamToolTests()
    let lines = RefreshCommandTests()

    /// The fields every status line has, whatever its status.
    static let always: Set<String> = ["subscription", "status", "entries"]

    /// An RFC 3339 field, with or without milliseconds.
    static func date(_ value: Any?) -> Date? {
        guard let text = value as? String else { return nil }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions.insert(.withFractionalSeconds)
        return formatter.date(from: text)
    }

    // Linux: its AsyncHTTPClient transport says "no network" for the address below, as the kernel does.
    #if os(Linux)
        @Test("updated, moved, gone, failed (kind, statusCode, error), deferred (retryAfter), offline, not-due")
        func fields() async throws {
            try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
            let feeds = try LoopbackFeedHost(address: "127.0.0.19") { request in
                switch request.path {
                case "/old": .init(status: 301, headers: [("Location", "/new")])
                case "/gone": .init(status: 410)
                case "/missing": .init(status: 404, headers: [("Content-Type", "text/plain")], body: Array("no".utf8))
                case "/page": .init(headers: [("Content-Type", "text/html")], body: Array("<html><body>".utf8))
                default: .feed(atomFeed(entries: 3, padding: 100), compresses: true)
                }
            }
            let busy = try LoopbackFeedHost(address: "127.0.0.20") { _ in
                .init(status: 429, headers: [("Retry-After", "7200")])
            }
            defer {
                feeds.stop()
                busy.stop()
            }
            // Nothing listens on port 9 of an address no test binds (a port a stopped server freed could be taken
            // by another test's server meanwhile: the whole suite runs at once).
            let refused = URL(string: "http://127.0.0.250:9")!
            // A TCP connection to a multicast address fails with ENETUNREACH on Linux: what no network says.
            let offline = "http://224.0.0.1:9/feed"
            let folder = try lines.directory()
            let list = folder.appendingPathComponent("feeds.txt")
            let urls = ["/feed", "/old", "/gone", "/missing", "/page"].map { feeds.url($0).absoluteString }
                + [busy.url("/a").absoluteString, refused.appendingPathComponent("feed").absoluteString, offline]
            try urls.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
            let state = folder.appendingPathComponent("state.json").path
            let arguments = ["refresh", list.path, "--state", state, "--transport", "async-http-client"]
            let began = Date()
            let run = try await tool.run(arguments)
            #expect(run.status == 0, "\(run.error)")
            let status = try lines.statusLines(run)
            #expect(Set(status.keys) == Set(urls))
            func line(_ url: String) throws -> [String: Any] { try #require(status[url], "\(url)") }
            func fields(_ url: String) throws -> Set<String> { Set(try line(url).keys) }

            let updated = try line(urls[0])
            #expect(updated["status"] as? String == "updated")
            #expect(updated["entries"] as? Int == 3)
            let wire = try #require(updated["wireBytes"] as? Int)
            let body = try #require(updated["bodyBytes"] as? Int)
            #expect(wire > 0 && wire < body, "compressed on the wire")
            let due = try #require(Self.date(updated["nextDue"]))
            #expect(due > began.addingTimeInterval(800) && due < Date().addingTimeInterval(86_400 + 60))
            #expect(try fields(urls[0]) == Self.always.union(["wireBytes", "bodyBytes", "nextDue"]))

            let moved = try line(urls[1])
            #expect(moved["status"] as? String == "moved")
            #expect(moved["movedTo"] as? String == feeds.url("/new").absoluteString)
            #expect(moved["entries"] as? Int == 3)
            #expect(try fields(urls[1]) == Self.always.union(["wireBytes", "bodyBytes", "nextDue", "movedTo"]))

            let gone = try line(urls[2])
            #expect(gone["status"] as? String == "gone")
            #expect(gone["entries"] as? Int == 0)
            #expect(try fields(urls[2]).isDisjoint(with: ["kind", "statusCode", "error", "retryAfter", "movedTo"]))

            let missing = try line(urls[3])
            #expect(missing["status"] as? String == "failed")
            #expect(missing["kind"] as? String == "httpStatus")
            #expect(missing["statusCode"] as? Int == 404)
            #expect(missing["error"] as? String == "HTTP 404")
            #expect(try fields(urls[3]).isSuperset(of: ["kind", "statusCode", "error", "nextDue"]))
            #expect(!(try fields(urls[3]).contains("retryAfter")))

            let page = try line(urls[4])
            #expect(page["status"] as? String == "failed")
            #expect(page["kind"] as? String == "notAFeed")
            #expect(page["statusCode"] as? Int == 200)

            let deferred = try line(urls[5])
            #expect(deferred["status"] as? String == "deferred")
            let retryAfter = try #require(Self.date(deferred["retryAfter"]))
            #expect(retryAfter >= began.addingTimeInterval(7_199) && retryAfter <= Date().addingTimeInterval(7_201))
            #expect(Self.date(deferred["nextDue"]) == retryAfter)
            #expect(try fields(urls[5]).isDisjoint(with: ["kind", "error", "movedTo"]))

            let unreachable = try line(urls[6])
            #expect(unreachable["status"] as? String == "failed")
            #expect(unreachable["kind"] as? String == "unreachable")
            #expect(unreachable["error"] as? String == "connection refused")
            #expect(unreachable["statusCode"] == nil, "no answer, no status code")

            let away = try line(urls[7])
            #expect(away["status"] as? String == "offline")
            #expect(try fields(urls[7]).isDisjoint(with: ["kind", "statusCode", "error", "retryAfter", "nextDue"]))

            // The next run: what is not due says so, with its time; the host that asked to wait is deferred again,
            // and nothing is sent to it.
            let requests = busy.requests.count
            let again = try lines.statusLines(try await tool.run(arguments))
            #expect(again[urls[0]]?["status"] as? String == "not-due")
            // The state file keeps whole seconds.
        #expect(Self.date(again[urls[0]]?["nextDue"]).map { abs($0.timeIntervalSince(due)) < 1 } == true)
            #expect(again[urls[2]]?["status"] as? String == "not-due", "gone: never asked again")
            #expect(again[urls[5]]?["status"] as? String == "not-due")
            #expect(busy.requests.count == requests)
        }

        @Test("disabled: the failure that reaches the error limit says since when; the next run asks nothing")
        func disabled() async throws {
            try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
            let broken = try LoopbackFeedHost(address: "127.0.0.21") { _ in .init(status: 500) }
            defer { broken.stop() }
            let folder = try lines.directory()
            let url = broken.url("/feed").absoluteString
            let state = folder.appendingPathComponent("state.json")
            // Nine failures in a row already: the tenth reaches the default limit.
            try "[{\"url\": \"\(url)\", \"failures\": 9, \"folders\": []}]".write(
                to: state, atomically: true, encoding: .utf8)
            let arguments = ["refresh", "--state", state.path, "--transport", "async-http-client"]
            let began = Date()
            let run = try await tool.run(arguments)
            #expect(run.status == 0, "\(run.error)")
            let line = try #require(try lines.statusLines(run)[url])
            #expect(line["status"] as? String == "failed")
            #expect(line["statusCode"] as? Int == 500)
            let since = try #require(Self.date(line["disabled"]))
            #expect(since >= began.addingTimeInterval(-1) && since <= Date().addingTimeInterval(1))
            #expect(broken.requests.count == 1)
            let again = try lines.statusLines(try await tool.run(arguments))
            #expect(again[url]?["status"] as? String == "not-due")
            #expect(broken.requests.count == 1, "a disabled subscription is asked nothing")

            // --error-limit 0 never disables: the same tenth failure is only a failure.
            let unlimited = folder.appendingPathComponent("unlimited.json")
            try "[{\"url\": \"\(url)\", \"failures\": 9, \"folders\": []}]".write(
                to: unlimited, atomically: true, encoding: .utf8)
            let kept = try await tool.run(
                ["refresh", "--state", unlimited.path, "--transport", "async-http-client", "--error-limit", "0"])
            let keptLine = try #require(try lines.statusLines(kept)[url])
            #expect(keptLine["status"] as? String == "failed")
            #expect(keptLine["disabled"] == nil)
        }
    #endif
}
