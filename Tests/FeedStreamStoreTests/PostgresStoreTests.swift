import AtomStream
import FeedStreamPostgres
import FeedStreamServices
import FeedStreamStore
import Foundation
import Testing

/// The server `scripts/with-postgres.sh` starts (`.ci/run` runs the tests under it): its URL, or `nil`.
let testPostgresURL = ProcessInfo.processInfo.environment["FEEDSTREAM_TEST_POSTGRES_URL"]
/// Postgres tests run when a server is there, and must run (and fail without one) in CI.
let postgresTestsRun = testPostgresURL != nil || ProcessInfo.processInfo.environment["CI"] != nil

/// A schema name no other test uses.
func freshPostgresSchema() -> String {
    "t\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
}

/// A store in a schema of its own on the test server, so that tests never see each other's rows (several stores,
/// the workers of one test, share one by naming it).
func freshPostgresStore(schema: String = freshPostgresSchema()) async throws -> PostgresStore {
    let url = try #require(testPostgresURL, "FEEDSTREAM_TEST_POSTGRES_URL is not set (CI is)")
    let separator = url.contains("?") ? "&" : "?"
    // Patient: the whole test suite can hold the machine's threads for minutes.
    return try await PostgresStore(
        url: "\(url)\(separator)search_path=\(schema)", connectTimeout: .seconds(300), schema: .migrate)
}

@Suite("PostgresStore", .enabled(if: postgresTestsRun))
struct PostgresStoreTests {
    @Test("Workers claiming at once never get the same subscription nor the same host")
    func concurrentClaims() async throws {
        let schema = freshPostgresSchema()
        let first = try await freshPostgresStore(schema: schema)
        try await first.add((0..<20).flatMap { subscriptions(5, host: "h\($0).example") })
        let claims = try await withThrowingTaskGroup(of: (String, [Subscription]).self) { group in
            for worker in 0..<4 {
                group.addTask {
                    let store = try await freshPostgresStore(schema: schema)
                    defer { Task { await store.close() } }
                    var mine: [Subscription] = []
                    while true {
                        let batch = try await store.claim(
                            dueBy: Date(), limit: 7, worker: "w\(worker)", lease: .seconds(60))
                        if batch.isEmpty { break }
                        mine += batch
                    }
                    return ("w\(worker)", mine)
                }
            }
            var all: [(String, [Subscription])] = []
            for try await claim in group { all.append(claim) }
            return all
        }
        let urls = claims.flatMap { $0.1.map(\.url) }
        #expect(urls.count == 100)
        #expect(Set(urls).count == 100)
        var owners: [String: Set<String>] = [:]
        for (worker, claimed) in claims {
            for subscription in claimed { owners[subscription.url.host!, default: []].insert(worker) }
        }
        #expect(owners.values.allSatisfy { $0.count == 1 })
        await first.close()
    }

    @Test("An unreachable server: one line, quickly")
    func unreachable() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nopg-\(UUID())").path
        await #expect {
            try await PostgresStore(url: "postgres://nobody@localhost/none?host=\(dir)", connectTimeout: .seconds(2))
        } throws: { error in
            let message = (error as? StoreError)?.message ?? ""
            return message.hasPrefix("postgres://nobody@localhost/none") && !message.contains("\n")
        }
    }
}
