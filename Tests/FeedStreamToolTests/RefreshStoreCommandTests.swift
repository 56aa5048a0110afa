import FeedStreamServices
import FeedStreamStore
import Foundation
import StreamTestSupport
import Testing

/// `feedstream refresh --store sqlite:PATH`: entries told new, changed or unchanged between runs; a store that cannot
/// be opened.
@Suite("feedstream refresh --store")
struct RefreshStoreCommandTests {
    let tool = FeedStreamToolTests()
    let refresh = RefreshCommandTests()

    /// A feed whose entries can be edited, added, and have their ids rotated between runs (links stay).
    final class EditableFeed: @unchecked Sendable {
        private let lock = NSLock()
        private var entries = (1...5).map { (id: "urn:\($0)", title: "e\($0)", link: "http://example.com/\($0)") }
        /// Changes the document's bytes, not its entries (a feed-level `<subtitle>`).
        private var revision = 0

        func touch() { lock.withLock { revision += 1 } }

        func edit(_ change: (inout [(id: String, title: String, link: String)]) -> Void) {
            lock.withLock { change(&entries) }
        }

        var document: String {
            lock.withLock {
                let body = entries.map {
                    "<entry><id>\($0.id)</id><title>\($0.title)</title><link href=\"\($0.link)\"/></entry>"
                }
                return "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title><subtitle>r\(revision)</subtitle>"
                    + "\(body.joined())</feed>"
            }
        }
    }

    func entryLines(_ run: FeedStreamToolTests.Run) throws -> [[String: Any]] {
        try run.lines.compactMap { line in
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return object["entry"] == nil ? nil : object
        }
    }

    @Test("A second run prints only what changed or was added; rotated ids print nothing")
    func changes() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let edited = EditableFeed()
        let rotating = EditableFeed()
        let host = try LoopbackFeedHost(address: "127.0.0.2") { request in
            .feed(request.path == "/rotating" ? rotating.document : edited.document)
        }
        defer { host.stop() }
        let folder = try refresh.directory()
        let list = folder.appendingPathComponent("feeds.txt")
        try "\(host.url("/edited"))\n\(host.url("/rotating"))\n".write(to: list, atomically: true, encoding: .utf8)
        let store = "sqlite:" + folder.appendingPathComponent("store.db").path

        let first = try await tool.run(["refresh", list.path, "--store", store, "--worker", "w1"])
        #expect(first.status == 0, "\(first.error)")
        let firstEntries = try entryLines(first)
        #expect(firstEntries.count == 10)
        #expect(firstEntries.allSatisfy { $0["change"] as? String == "new" })
        #expect(try refresh.statusLines(first).values.allSatisfy { $0["status"] as? String == "updated" })

        let unchanged = try await tool.run(["refresh", "--store", store, "--all"])
        #expect(unchanged.status == 0, "\(unchanged.error)")
        #expect(try entryLines(unchanged).isEmpty)
        // The same bytes again: recognised before decoding, so not even unchanged entries decode.
        #expect(try refresh.statusLines(unchanged).values.allSatisfy { $0["status"] as? String == "not-modified" })
        #expect(try refresh.statusLines(unchanged).count == 2)
        edited.touch()
        rotating.touch()
        let everything = try await tool.run(["refresh", "--store", store, "--all", "--all-entries"])
        #expect(try entryLines(everything).filter { $0["change"] as? String == "unchanged" }.count == 10)

        edited.edit { entries in
            entries[1].title = "edited"
            entries.append((id: "urn:6", title: "e6", link: "http://example.com/6"))
        }
        rotating.edit { entries in
            for index in entries.indices { entries[index].id = "urn:rotated:\(index)" }
        }
        let second = try await tool.run(["refresh", "--store", store, "--all"])
        #expect(second.status == 0, "\(second.error)")
        let changes = try entryLines(second).map { line in
            "\(line["change"] as? String ?? "") \((line["entry"] as? [String: Any])?["id"] as? String ?? "")"
        }
        #expect(changes.sorted() == ["changed urn:2", "new urn:6"])

        // Nothing is due now: a run without --all sends nothing.
        let requests = host.requests.count
        let notDue = try await tool.run(["refresh", "--store", store])
        #expect(notDue.status == 0 && notDue.output.isEmpty)
        #expect(host.requests.count == requests)
    }

    @Test("A store that is no database, or a server that is not there: one line, exit 1, the file untouched")
    func unusableStore() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let folder = try refresh.directory()
        let list = folder.appendingPathComponent("feeds.txt")
        try "http://127.0.0.1:9/feed\n".write(to: list, atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("corrupt.db").path
        let garbage = Data(repeating: 0x41, count: 8192)
        try garbage.write(to: URL(fileURLWithPath: path))
        let corrupt = try await tool.run(["refresh", list.path, "--store", "sqlite:\(path)"])
        #expect(corrupt.status == 1)
        #expect(corrupt.error.hasPrefix("feedstream: error: \(path): "))
        #expect(corrupt.error.split(separator: "\n").count == 1)
        #expect(corrupt.output.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)

        let socket = folder.appendingPathComponent("no-server").path
        let unreachable = try await tool.run([
            "refresh", list.path, "--store", "postgres://u@localhost/db?host=\(socket)",
        ])
        #expect(unreachable.status == 1)
        #expect(unreachable.error.hasPrefix("feedstream: error: postgres://u@localhost/db"))
        #expect(unreachable.error.split(separator: "\n").count == 1)

        let usage = try await tool.run(["refresh", "--store", "mysql://x"])
        #expect(usage.status == 2)
    }
}
