import FeedStreamStore
import Foundation
import Testing

/// The stores ``SubscriptionStoreContract`` runs against.
enum StoreKind: String, CaseIterable, Sendable {
    case jsonFile, sqlite, postgres

    /// Every kind; PostgreSQL only where its server runs (and always in CI, where its absence fails).
    static var testable: [StoreKind] { postgresTestsRun ? allCases : [.jsonFile, .sqlite] }

    /// A fresh, empty store of this kind.
    func make() async throws -> any SubscriptionStore {
        switch self {
        case .jsonFile: try JSONFileStore(path: try temporaryDirectory().appendingPathComponent("state.json").path)
        case .sqlite: try SQLiteStore(path: try temporaryDirectory().appendingPathComponent("store.db").path)
        case .postgres: try await freshPostgresStore()
        }
    }
}

@Suite("Every store keeps the SubscriptionStore contract")
struct SubscriptionStoreContractTests {
    func contract(_ kind: StoreKind) -> SubscriptionStoreContract {
        SubscriptionStoreContract { try await kind.make() }
    }

    @Test("Claims lease, finish stores", arguments: StoreKind.testable)
    func claims(_ kind: StoreKind) async throws { try await contract(kind).claimsAndFinishes() }

    @Test("Leases expire", arguments: StoreKind.testable)
    func leases(_ kind: StoreKind) async throws { try await contract(kind).leasesExpire() }

    @Test("Seen is bounded", arguments: StoreKind.testable)
    func bounded(_ kind: StoreKind) async throws { try await contract(kind).seenIsBounded() }

    @Test("Moves", arguments: StoreKind.testable)
    func moves(_ kind: StoreKind) async throws { try await contract(kind).moves() }

    @Test("Claims spread over hosts", arguments: StoreKind.testable)
    func spread(_ kind: StoreKind) async throws { try await contract(kind).spreadsOverHosts() }

    @Test("Many finishes at once", arguments: StoreKind.testable)
    func atOnce(_ kind: StoreKind) async throws { try await contract(kind).finishesAtOnce() }
}
