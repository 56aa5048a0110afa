import FeedStreamServices
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The README's examples, compiled with the tests so that they cannot drift from the API: a rename that breaks
// one breaks this build. Nothing here runs (there is no server behind these URLs); the behaviour each example
// relies on is tested by FeedClientTests, FeedRefresherTests, FeedFinderTests and the Pager tests.
enum ReadmeExamples {
    static func feedReader(
        loadSubscriptions: () throws -> [Subscription], store: (AtomEntry, Subscription.ID) -> Void,
        save: (Subscription, RefreshOutcome) -> Void
    ) async throws {
        let client = FeedClient()
        for try await entry in client.entries(at: URL(string: "https://example.org/feed")!) {
            print(entry.title?.value ?? "", entry.links.first?.href ?? "")
        }

        let found = try await client.find(URL(string: "https://example.org")!)
        _ = found

        let subscriptions = try loadSubscriptions()
        for await event in FeedRefresher(client: client).refresh(subscriptions) {
            switch event {
            case .entry(let id, let entry, _): store(entry, id)
            case .finished(id: _, let subscription, let outcome): save(subscription, outcome)
            case .refused: break   // a shared store gave the subscription to another worker
            }
        }
    }

    static func serviceClient(updatesURL: URL, serviceURL: URL, user: String, password: String) async throws {
        let pager = Pager(
            request: try ConnectionsQuery(url: updatesURL, pageSize: 100).request(),
            strategy: ConnectionsPaging(), maximumPages: 10,
            authorizer: HTTPBasicAuthorizer(username: user, password: password))
        for try await entry in pager.items() { print(entry.id ?? "") }

        struct Employee: Decodable, Sendable { var firstName: String; var lastName: String }
        let path = try JSONPath("employees[*]")
        let employees = DefaultHTTPTransport().parsedItems(for: URLRequest(url: serviceURL)) { _ in
            JSONItemParser<Employee>(path: path)
        }
        for try await employee in employees { print(employee.firstName) }
    }
}
