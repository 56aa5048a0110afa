import AtomStream
import FeedStreamServices
import FeedStreamStore
import Foundation
import Testing

@Suite("JSONFileStore")
struct JSONFileStoreTests {
    let folder: URL

    init() throws { folder = try temporaryDirectory() }

    @Test("Today's state file is read, and what it writes is still a JSON array of subscriptions")
    func compatible() async throws {
        let path = folder.appendingPathComponent("state.json").path
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        try encoder.encode(subscriptions(2)).write(to: URL(fileURLWithPath: path))
        let store = try JSONFileStore(path: path)
        let claimed = try await store.claim(dueBy: Date(), limit: 10, worker: "w", lease: .seconds(60))
        #expect(claimed.count == 2)
        try await store.finish(
            claimed[0].id, as: refreshed(claimed[0]), outcome: .updated(entries: 1), seen: seen(["x"]))
        try await store.flush()
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let written = try decoder.decode([Subscription].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(written.count == 2 && written[0].lastRefreshed != nil)
        #expect(try await JSONFileStore(path: path).seen(claimed[0].id) == seen(["x"]))
    }

    @Test("A file that is not a state file: one line naming it")
    func corrupt() async throws {
        let path = folder.appendingPathComponent("bad.json").path
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            try JSONFileStore(path: path)
        } throws: { error in
            let message = (error as? StoreError)?.message ?? ""
            return message.hasPrefix(path + ": ") && !message.contains("\n")
        }
    }
}
