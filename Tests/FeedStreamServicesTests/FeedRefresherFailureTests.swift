import AtomStream
import FeedStreamNetworking
import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport for a machine with no network at all: every request fails as the platform says so.
private struct OfflineTransport: HTTPTransport {
    func send(_ request: URLRequest, limits: TransferLimits) async throws -> HTTPTransportResponse {
        throw HTTPTransportError(.networkUnavailable, url: request.url)
    }
}

@Suite("FeedRefresher: credentials, failure kinds, deferrals, offline")
struct FeedRefresherFailureTests {
    static let transports = TransportKind.allCases

    func refresher(_ kind: TransportKind, perHost: Int = 2, timeout: TimeInterval = 30) -> FeedRefresher {
        FeedRefresher(
            client: FeedClient(transport: kind.make(), limits: TransferLimits(idleTimeout: timeout)), perHost: perHost)
    }

    @Test(
        "Credentials per subscription, never the client's, never across a redirect to another host",
        arguments: transports)
    func credentials(_ kind: TransportKind) async throws {
        let other = try LoopbackFeedHost(address: "127.0.0.3") { _ in .feed(rssFeed(items: 1)) }
        let target = other.url("/landing")
        let own = try LoopbackFeedHost(address: "127.0.0.2") { request in
            request.path == "/away"
                ? .init(status: 302, headers: [("Location", target.absoluteString)]) : .feed(rssFeed(items: 1))
        }
        defer {
            own.stop()
            other.stop()
        }
        // The client's authorizer would sign everything; the refresher must not use it.
        var engine = FeedRefresher(
            client: FeedClient(
                transport: kind.make(), authorizer: HTTPBasicAuthorizer(username: "app", password: "wide")))
        let secret = HTTPBasicAuthorizer(username: "reader", password: "secret")
        let privateURL = own.url("/private")
        let awayURL = own.url("/away")
        engine.authorization = { subscription -> (any RequestAuthorizer)? in
            subscription.url == privateURL || subscription.url == awayURL ? secret : nil
        }
        let subscriptions = [privateURL, awayURL, own.url("/public"), other.url("/feed")].map {
            Subscription(url: $0)
        }
        let record = await RefreshRecord.collect(engine.reports(subscriptions))
        for subscription in subscriptions {
            #expect(record.outcome(subscription.url) == .updated(entries: 1), "\(subscription.url)")
        }
        let expected = "Basic " + Data("reader:secret".utf8).base64EncodedString()
        let ownRequests = own.requests
        #expect(ownRequests.first { $0.path == "/private" }?.header("Authorization") == expected)
        #expect(ownRequests.first { $0.path == "/away" }?.header("Authorization") == expected)
        #expect(ownRequests.first { $0.path == "/public" }?.header("Authorization") == nil)
        // The other host saw neither the redirected request's credentials nor the client's.
        #expect(other.requests.count == 2)
        for request in other.requests { #expect(request.header("Authorization") == nil, "\(request.path)") }
    }

    @Test(
        "Failure kinds: unreachable, HTTP status, bot walls, web pages and JSON that is no feed",
        arguments: transports)
    func kinds(_ kind: TransportKind) async throws {
        let page = "<!DOCTYPE html><html><head><title>Sign in</title></head><body><form>…</form></body></html>"
        let challenge = "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>"
            + "<script src=\"/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1\"></script></body></html>"
        let host = try LoopbackFeedHost(address: "127.0.0.10") { request in
            switch request.path {
            case "/missing": .init(status: 404, headers: [("Content-Type", "text/plain")], body: Array("no".utf8))
            case "/forbidden": .init(status: 403, headers: [("Content-Type", "text/plain")], body: Array("no".utf8))
            case "/page": .init(headers: [("Content-Type", "text/html")], body: Array(page.utf8))
            case "/json":
                .init(headers: [("Content-Type", "application/json")], body: Array("{\"error\": \"sign in\"}".utf8))
            default: .feed(rssFeed(items: 1))
            }
        }
        // A bot wall pauses its whole host: each on a host of its own.
        let cloudflare = try LoopbackFeedHost(address: "127.0.0.13") { _ in
            .init(status: 403, headers: [("cf-mitigated", "challenge")], body: Array(challenge.utf8))
        }
        let wall = try LoopbackFeedHost(address: "127.0.0.14") { _ in
            .init(status: 503, headers: [("Content-Type", "text/html")], body: Array(challenge.utf8))
        }
        let closed = try LoopbackHTTPServer(maximumRequests: 0) { _ in .init(text: "") }
        await closed.waitUntilStopped()
        defer {
            host.stop()
            cloudflare.stop()
            wall.stop()
        }
        let urls =
            [host.url("/missing"), cloudflare.url("/cf"), wall.url("/wall")]
            + ["/forbidden", "/page", "/json"].map(host.url) + [closed.url("/feed")]
        let record = await RefreshRecord.collect(refresher(kind).reports(urls.map { Subscription(url: $0) }))
        func failure(_ url: URL) -> RefreshFailure? {
            if case .failed(let failure)? = record.outcome(url) { failure } else { nil }
        }
        #expect(failure(urls[0])?.kind == .httpStatus)
        #expect(failure(urls[0])?.statusCode == 404)
        #expect(failure(urls[1])?.kind == .blocked)
        #expect(failure(urls[1])?.statusCode == 403)
        #expect(failure(urls[2])?.kind == .blocked, "a challenge page behind a 503 is a wall, not a deferral")
        #expect(failure(urls[3])?.kind == .httpStatus, "a plain 403 is the feed's own answer")
        #expect(failure(urls[4])?.kind == .notAFeed)
        #expect(failure(urls[5])?.kind == .notAFeed)
        #expect(failure(urls[6])?.kind == .unreachable)
        #expect(failure(urls[6])?.message == "connection refused")
        for url in urls {
            #expect(record.subscription(url)?.failures == 1, "\(url)")
            #expect(record.subscription(url)?.url == url, "a web page is never a move")
        }
    }

    @Test(
        "429 without Retry-After defers the host 15 minutes; a year-long Retry-After is capped; stored ones defer",
        arguments: transports)
    func deferrals(_ kind: TransportKind) async throws {
        let plain = try LoopbackFeedHost(address: "127.0.0.11") { _ in .init(status: 429) }
        let year = try LoopbackFeedHost(address: "127.0.0.12") { _ in
            .init(status: 503, headers: [("Retry-After", "31536000")])
        }
        defer {
            plain.stop()
            year.stop()
        }
        let now = Date()
        var engine = refresher(kind, perHost: 1)
        engine.clock = { now }
        let subscriptions = (1...3).flatMap {
            [Subscription(url: plain.url("/f\($0)")), Subscription(url: year.url("/f\($0)"))]
        }
        let record = await RefreshRecord.collect(engine.reports(subscriptions, now: now))
        #expect(plain.requests.count == 1)
        #expect(year.requests.count == 1)
        for subscription in subscriptions {
            // 10 minutes raised to the shortest interval (15).
            let expected = subscription.url.host == "127.0.0.11" ? 900 : engine.intervals.upperBound
            let until = now.addingTimeInterval(expected)
            #expect(record.outcome(subscription.url) == .deferred(until: until), "\(subscription.url)")
            let stored = try #require(record.subscription(subscription.url))
            #expect(stored.retryAfter == until)
            #expect(stored.nextDue == until)
            // A 429 is not the feed's failure; the one 503 answered is (the server's), its host's others are not.
            let asked = year.requests.contains { $0.path == subscription.url.path }
            #expect(stored.failures == (subscription.url.host == "127.0.0.12" && asked ? 1 : 0))
        }
        // The next run, even with `all`, keeps to it.
        let stored = subscriptions.compactMap { record.subscription($0.url) }
        let again = await RefreshRecord.collect(engine.reports(stored, now: now.addingTimeInterval(60), all: true))
        #expect(plain.requests.count == 1)
        #expect(again.outcome(plain.url("/f2")) == .deferred(until: now.addingTimeInterval(900)))
    }

    @Test("No network: every subscription offline, handed back unchanged")
    func offline() async throws {
        let now = Date()
        let subscriptions = (1...5).map {
            Subscription(url: URL(string: "http://127.0.0.13:9/f\($0)")!, etag: "\"e\"", failures: $0 % 2)
        }
        let engine = FeedRefresher(client: FeedClient(transport: OfflineTransport()))
        let record = await RefreshRecord.collect(engine.reports(subscriptions, now: now))
        for subscription in subscriptions {
            #expect(record.outcome(subscription.url) == .offline)
            #expect(record.subscription(subscription.url) == subscription)
        }
    }

    @Test("A whole-transfer deadline ends a transfer that never goes idle long enough", arguments: transports)
    func deadline(_ kind: TransportKind) async throws {
        let host = try LoopbackFeedHost(address: "127.0.0.14") { _ in
            var response = LoopbackFeedHost.Response.feed(rssFeed(items: 5))
            response.stallAfter = 200
            return response
        }
        defer { host.stop() }
        var configured = refresher(kind, timeout: 600)
        configured.transferDeadline = 1
        let engine = configured
        let url = host.url("/slow")
        let record = try await withStallDeadline(seconds: 600, "deadline") {
            await CorelibsURLSessionLane.run(kind) {
                await RefreshRecord.collect(engine.reports([Subscription(url: url)]))
            }
        }
        guard case .failed(let failure)? = record.outcome(url) else {
            Issue.record("\(String(describing: record.outcome(url)))")
            return
        }
        #expect(failure.kind == .timedOut)
        #expect(failure.message == "deadline of 1 s passed")
    }

    @Test("Only what changed is reported with reportNotDue: false")
    func reportNotDue() async throws {
        let host = try LoopbackFeedHost(address: "127.0.0.15") { _ in .feed(rssFeed(items: 1)) }
        defer { host.stop() }
        let now = Date()
        let later = Subscription(url: host.url("/later"), nextDue: now.addingTimeInterval(600))
        let gone = Subscription(url: host.url("/gone"), nextDue: .distantFuture, gone: now)
        let due = Subscription(url: host.url("/due"))
        var finished: [URL] = []
        for await event in FeedRefresher().refresh([later, gone, due], now: now, all: false, reportNotDue: false) {
            if case .finished(let id, _, _) = event { finished.append(id) }
        }
        #expect(finished == [due.url])
        // A gone subscription is not asked again, even with `all`; the others are.
        var outcomes: [URL: RefreshOutcome] = [:]
        for await event in FeedRefresher().refresh([later, gone, due], now: now, all: true) {
            if case .finished(let id, _, let outcome) = event { outcomes[id] = outcome }
        }
        #expect(outcomes[gone.url] == .notDue)
        #expect(outcomes[later.url] == .updated(entries: 1))
        #expect(!host.requests.contains { $0.path == "/gone" })
    }
}
