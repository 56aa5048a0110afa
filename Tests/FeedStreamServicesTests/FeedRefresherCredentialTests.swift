import FeedStreamNetworking
import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("FeedRefresher: per-subscription headers, the client's headers, credentials after a move")
struct FeedRefresherCredentialTests {
    static let transports = TransportKind.allCases

    /// The credential fields a request carried, by name: what must never reach a host they were not given for.
    static func credentials(_ request: LoopbackRequest) -> [String: String] {
        var found: [String: String] = [:]
        for name in ["Authorization", "Cookie", "Proxy-Authorization", "X-Api-Key"] {
            if let value = request.header(name) { found[name] = value }
        }
        return found
    }

    @Test(
        "The client's headers lose their credentials; a subscription's own headers stay on its origin, moved or not",
        arguments: transports)
    func headersStayHome(_ kind: TransportKind) async throws {
        let other = try LoopbackFeedHost(address: "127.0.0.3") { _ in .feed(rssFeed(items: 1)) }
        let own = try LoopbackFeedHost(address: "127.0.0.2") { request in
            switch request.path {
            case "/away": .init(status: 302, headers: [("Location", other.url("/landing").absoluteString)])
            case "/moving": .init(status: 301, headers: [("Location", other.url("/moved").absoluteString)])
            default: .feed(rssFeed(items: 1))
            }
        }
        defer {
            own.stop()
            other.stop()
        }
        let client = FeedClient(
            transport: kind.make(),
            headers: [
                "User-Agent": "reader/1", "X-Client": "c", "Authorization": "Bearer wide", "cookie": "wide=1",
                "Proxy-Authorization": "Basic d2lkZQ==",
            ])
        var engine = FeedRefresher(client: client)
        let secret = HTTPBasicAuthorizer(username: "reader", password: "secret")
        // Keyed by row, as an app's table would be: the moved subscription's new URL is still "the private feed".
        let credentialed: Set<String> = ["/private", "/away", "/moving", "/moved"]
        engine.authorization = { credentialed.contains($0.url.path) ? secret : nil }
        engine.headers = { credentialed.contains($0.url.path) ? ["X-Api-Key": "k1", "Cookie": "session=s1"] : [:] }
        let urls = ["/private", "/away", "/moving", "/public"].map(own.url) + [other.url("/feed")]
        let record = await RefreshRecord.collect(engine.reports(urls.map { Subscription(url: $0) }))

        let basic = "Basic " + Data("reader:secret".utf8).base64EncodedString()
        let home = own.requests
        let signed = ["Authorization": basic, "X-Api-Key": "k1", "Cookie": "session=s1"]
        for path in ["/private", "/away", "/moving"] {
            let request = try #require(home.first { $0.path == path })
            #expect(Self.credentials(request) == signed, "\(path)")
        }
        let unsigned = try #require(home.first { $0.path == "/public" })
        #expect(Self.credentials(unsigned).isEmpty)
        for request in home + other.requests {
            #expect(request.header("X-Client") == "c", "the client's other headers go everywhere")
            #expect(request.header("User-Agent") == "reader/1")
        }
        // The other host: the redirected requests and its own feed, none with anything of the first host's.
        #expect(Set(other.requests.map(\.path)) == ["/landing", "/moved", "/feed"])
        for request in other.requests { #expect(Self.credentials(request).isEmpty, "\(request.path)") }

        // The move is reported and stored, naming the origin the credentials stay with.
        let movedTo = other.url("/moved")
        #expect(record.outcome(own.url("/moving")) == .moved(to: movedTo))
        let moved = try #require(record.subscription(own.url("/moving")))
        #expect(moved.url == movedTo)
        #expect(moved.credentialsOrigin == URL(string: "http://127.0.0.2:\(own.port)"))
        #expect(record.subscription(own.url("/private"))?.credentialsOrigin == nil)

        // The next run asks the new host directly: the app's authorization still names the row, the refresher
        // still sends nothing there.
        let before = other.requests.count
        let again = await RefreshRecord.collect(engine.reports([moved], all: true))
        #expect(again.outcome(movedTo) == .notModified, "the same body as the redirect brought")
        let next = Array(other.requests[before...])
        #expect(next.map(\.path) == ["/moved"])
        for request in next { #expect(Self.credentials(request).isEmpty) }
        #expect(again.subscription(movedTo)?.credentialsOrigin == moved.credentialsOrigin)
    }

    @Test("A move pins the credentials' origin when they may not follow: another host, or https to http")
    func movesPinCredentials() throws {
        var engine = FeedRefresher()
        engine.client.originPolicy = OriginPolicy(allowedHosts: ["cdn.example"])
        func moved(_ from: String, to target: String, credentialed: Bool = true, pinned: String? = nil)
            -> URL?
        {
            let origin = pinned.flatMap { URL(string: $0) }
            var subscription = Subscription(url: URL(string: from)!, credentialsOrigin: origin)
            engine.move(&subscription, to: URL(string: target)!, isCredentialed: credentialed)
            #expect(subscription.url == URL(string: target)!)
            return subscription.credentialsOrigin
        }
        let home = URL(string: "https://feeds.example:443")
        #expect(moved("https://feeds.example/a", to: "http://feeds.example/a") == home, "https to http")
        #expect(moved("https://feeds.example/a", to: "https://elsewhere.example/a") == home)
        #expect(moved("https://feeds.example/a", to: "https://feeds.example:8443/a") == home, "another port")
        #expect(moved("https://feeds.example/a", to: "https://feeds.example/b") == nil, "the same origin")
        #expect(moved("https://feeds.example/a", to: "https://cdn.example/a") == nil, "an allowed host")
        #expect(moved("https://feeds.example/a", to: "http://cdn.example/a") == home, "never down to http")
        #expect(moved("https://feeds.example/a", to: "https://elsewhere.example/a", credentialed: false) == nil)
        // Pinned already: a second move keeps the first origin; a move back home clears it.
        let pin = "https://feeds.example:443"
        #expect(moved("https://b.example/a", to: "https://c.example/a", credentialed: false, pinned: pin) == home)
        #expect(moved("https://b.example/a", to: "https://feeds.example/a", pinned: pin) == nil)
    }

    @Test("Subscription JSON: the new fields round-trip, and JSON written before them still reads")
    func subscriptionJSON() throws {
        let old = try JSONDecoder().decode(
            Subscription.self, from: Data(#"{"url": "https://feeds.example/a", "etag": "\"e\""}"#.utf8))
        #expect(old.credentialsOrigin == nil && old.etag == "\"e\"")
        let full = Subscription(
            url: URL(string: "https://b.example/a")!, credentialsOrigin: URL(string: "https://feeds.example:443"))
        let back = try JSONDecoder().decode(Subscription.self, from: JSONEncoder().encode(full))
        #expect(back == full)
    }
}
