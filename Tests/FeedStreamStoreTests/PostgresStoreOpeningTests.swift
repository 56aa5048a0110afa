import FeedStreamPostgres
import FeedStreamStore
import Foundation
import Testing

/// What opening a store says when it cannot: one line, naming the store (without its password) once.
@Suite("PostgresStore: opening", .enabled(if: postgresTestsRun))
struct PostgresStoreOpeningTests {
    @Test("A database without the tables: a worker refuses it, naming the store once")
    func noTables() async throws {
        let url = try #require(testPostgresURL, "FEEDSTREAM_TEST_POSTGRES_URL is not set (CI is)")
        let store = "\(url)\(url.contains("?") ? "&" : "?")search_path=\(freshPostgresSchema())"
        await #expect(
            throws: StoreError("\(store): no FeedStream tables; run `feedstream store migrate --store …` first")
        ) {
            try await PostgresStore(url: store, connectTimeout: .seconds(300))
        }
    }
}
