import AtomStream
import FeedStreamNetworking
import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

/// ``FeedRefresher/fullText`` against loopback hosts: a summary-only feed on one host whose items link to article
/// pages on it and on a second host, every request counted in the hosts' ledgers.
@Suite("FeedRefresher: full text for summary entries", .serialized)
struct FeedRefresherFullTextTests {
    static func page(_ path: String) -> LoopbackFeedHost.Response {
        .init(headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(SummaryFeed.page(path).utf8))
    }

    /// Two hosts: `feeds` serves `/feed…` documents (from `feed`) and pages, `pages` serves pages only; a path under
    /// `/missing` is a 404.
    struct Farm {
        let feeds: LoopbackFeedHost
        let pages: LoopbackFeedHost

        init(pageLatency: TimeInterval = 0, feed: @escaping @Sendable (String, Farm.Hosts) -> String) throws {
            let hosts = Hosts()
            let respond: @Sendable (LoopbackRequest) -> LoopbackFeedHost.Response = { request in
                if request.path.hasPrefix("/feed") { return .feed(feed(request.path, hosts)) }
                if request.path.hasPrefix("/missing") {
                    return .init(status: 404, headers: [("Content-Type", "text/html")], body: Array("no".utf8))
                }
                var response = FeedRefresherFullTextTests.page(request.path)
                response.latency = pageLatency
                return response
            }
            feeds = try LoopbackFeedHost(address: "127.0.0.2", respond: respond)
            pages = try LoopbackFeedHost(address: "127.0.0.3", respond: respond)
            hosts.set(feeds, pages)
        }

        func stop() {
            feeds.stop()
            pages.stop()
        }

        /// The two hosts for the feed builder, known once both listen.
        final class Hosts: @unchecked Sendable {
            private let lock = NSLock()
            private var both: (LoopbackFeedHost, LoopbackFeedHost)?
            func set(_ feeds: LoopbackFeedHost, _ pages: LoopbackFeedHost) { lock.withLock { both = (feeds, pages) } }
            var feeds: LoopbackFeedHost { lock.withLock { both!.0 } }
            var pages: LoopbackFeedHost { lock.withLock { both!.1 } }
        }

        /// Requests for anything but feeds, on both hosts.
        var pageRequests: [String] {
            (feeds.requests + pages.requests).map(\.path).filter { !$0.hasPrefix("/feed") }
        }
    }

    static func entries(_ record: RefreshRecord) -> [AtomEntry] { record.entries.values.flatMap { $0 } }

    @Test("Summary entries get their page's article, marked with its URL; whole entries and the digest stay")
    func fillsSummaries() async throws {
        let farm = try Farm { _, hosts in
            SummaryFeed.rss([hosts.feeds.url("/a/1"), hosts.pages.url("/b/2"), hosts.pages.url("/b/3")], full: [2])
        }
        defer { farm.stop() }
        var refresher = FeedRefresher(client: FeedClient(transport: TransportKind.allCases[0].make()))
        let subscription = Subscription(url: farm.feeds.url("/feed"))
        let plain = Self.entries(await RefreshRecord.collect(refresher.reports([subscription])))
        #expect(farm.pageRequests.isEmpty, "off by default")
        refresher.fullText = FullTextOptions()
        let record = await RefreshRecord.collect(refresher.reports([subscription]))
        let entries = try #require(record.entries[farm.feeds.url("/feed")])
        #expect(entries.count == 3)
        #expect(Set(farm.pageRequests) == ["/a/1", "/b/2"], "the entry with its whole article is not fetched")
        for (entry, path, host) in [(entries[0], "/a/1", farm.feeds), (entries[1], "/b/2", farm.pages)] {
            let extraction = try #require(entry.extraction, "\(path)")
            #expect(extraction.url == host.url(path).absoluteString)
            #expect(extraction.isExtracted && extraction.failure == nil)
            #expect(extraction.feedContent == nil, "the RSS item had a description only")
            #expect(entry.content?.type == "html")
            #expect(entry.content?.value?.contains("The story at \(path) begins.") == true)
            #expect(entry.content?.value?.contains("Home") == false)
            #expect(entry.summary?.value.hasPrefix("A short summary") == true)
        }
        #expect(entries[2].extraction == nil)
        #expect(entries[2] == plain.first { $0.id == "item-2" })
        // What the feed said decides the digest and identity: filled or not, the same.
        for entry in entries {
            let sent = try #require(plain.first { $0.id == entry.id })
            #expect(entry.digest == sent.digest, "\(entry.id ?? "")")
            #expect(entry.identity == sent.identity)
        }
        // An entry's record survives JSON, and its digest with it.
        let decoded = try JSONDecoder().decode(AtomEntry.self, from: JSONEncoder().encode(entries[0]))
        #expect(decoded == entries[0] && decoded.digest == entries[0].digest)
    }

    @Test("Only new entries are filled: a second run that finds them unchanged fetches no page")
    func onlyNewEntries() async throws {
        let farm = try Farm { _, hosts in SummaryFeed.rss([hosts.pages.url("/b/1"), hosts.pages.url("/b/2")]) }
        defer { farm.stop() }
        var refresher = FeedRefresher(client: FeedClient(transport: TransportKind.allCases[0].make()))
        refresher.fullText = FullTextOptions()
        let url = farm.feeds.url("/feed")
        let first = SeenSource([Subscription(url: url)])
        let earlier = await RefreshRecord.collect(refresher.reports(from: first))
        #expect(Self.entries(earlier).allSatisfy { $0.extraction?.isExtracted == true })
        #expect(farm.pages.requests.count == 2)
        let again = SeenSource([Subscription(url: url)], seen: [url: try #require(await first.seenAfter[url])])
        var changes: [EntryChange] = []
        for await report in refresher.reports(from: again) {
            if case .entry(_, let entry, let change) = report {
                changes.append(change)
                #expect(entry.extraction == nil)
            }
        }
        #expect(changes == [.unchanged, .unchanged])
        #expect(farm.pages.requests.count == 2, "no page fetched again")
    }

    @Test("The run's cap is honoured: pages past it are not requested, their entries say why")
    func capPerRun() async throws {
        let farm = try Farm { path, hosts in
            SummaryFeed.rss((1...4).map { hosts.pages.url("\(path)/page-\($0)") })
        }
        defer { farm.stop() }
        var refresher = FeedRefresher(client: FeedClient(transport: TransportKind.allCases[0].make()))
        refresher.fullText = FullTextOptions(limit: 3)
        let feeds = [farm.feeds.url("/feed-1"), farm.feeds.url("/feed-2")]
        let record = await RefreshRecord.collect(refresher.reports(feeds.map { Subscription(url: $0) }))
        let entries = Self.entries(record)
        #expect(entries.count == 8)
        #expect(farm.pages.requests.count == 3)
        #expect(entries.filter { $0.extraction?.isExtracted == true }.count == 3)
        let skipped = entries.filter { $0.extraction?.isExtracted == false }
        #expect(skipped.count == 5)
        for entry in skipped {
            #expect(entry.extraction?.failure?.contains("limit of 3") == true)
            #expect(entry.content == nil, "as the feed sent it")
        }
    }

    @Test("Per-host article fetches never exceed the limit, across subscriptions", arguments: [1, 2])
    func perHostLimit(limit: Int) async throws {
        let farm = try Farm(pageLatency: 0.1) { path, hosts in
            SummaryFeed.rss((1...4).map { hosts.pages.url("\(path)/page-\($0)") })
        }
        defer { farm.stop() }
        var refresher = FeedRefresher(
            client: FeedClient(transport: TransportKind.allCases[0].make()), concurrency: 4, perHost: 4)
        refresher.fullText = FullTextOptions(perHost: limit)
        let feeds = (1...4).map { farm.feeds.url("/feed-\($0)") }
        let record = await RefreshRecord.collect(refresher.reports(feeds.map { Subscription(url: $0) }))
        #expect(farm.pages.requests.count == 16)
        #expect(Self.entries(record).filter { $0.extraction?.isExtracted == true }.count == 16)
        #expect(farm.pages.maximumInFlight <= limit)
        #expect(farm.pages.maximumInFlight >= 1)
    }

    @Test("A failing page leaves its entry as the feed sent it, with the reason")
    func failingPage() async throws {
        let farm = try Farm { _, hosts in
            SummaryFeed.rss([hosts.pages.url("/missing/1"), hosts.pages.url("/b/2")])
        }
        defer { farm.stop() }
        var refresher = FeedRefresher(client: FeedClient(transport: TransportKind.allCases[0].make()))
        let subscription = Subscription(url: farm.feeds.url("/feed"))
        let plain = Self.entries(await RefreshRecord.collect(refresher.reports([subscription])))
        refresher.fullText = FullTextOptions()
        let record = await RefreshRecord.collect(refresher.reports([subscription]))
        let entries = try #require(record.entries[farm.feeds.url("/feed")])
        let failed = try #require(entries.first { $0.id == "item-0" })
        let extraction = try #require(failed.extraction)
        #expect(!extraction.isExtracted)
        #expect(extraction.failure?.contains("404") == true)
        #expect(extraction.url == farm.pages.url("/missing/1").absoluteString)
        var unmarked = failed
        unmarked.extraction = nil
        #expect(unmarked == plain.first { $0.id == "item-0" }, "content, summary and all as sent")
        #expect(entries.first { $0.id == "item-1" }?.extraction?.isExtracted == true, "the other page still fills")
        #expect(record.outcome(farm.feeds.url("/feed")) == .updated(entries: 2), "the feed itself is fine")
    }

    @Test("A subscription's credentials reach its own host's pages, never another host's; the client's never")
    func credentialsStayHome() async throws {
        let farm = try Farm { _, hosts in SummaryFeed.rss([hosts.feeds.url("/a/1"), hosts.pages.url("/b/2")]) }
        defer { farm.stop() }
        let client = FeedClient(
            transport: TransportKind.allCases[0].make(), headers: ["Authorization": "Bearer wide", "X-Client": "c"])
        var refresher = FeedRefresher(client: client)
        refresher.fullText = FullTextOptions()
        refresher.authorization = { _ in HTTPBasicAuthorizer(username: "reader", password: "secret") }
        refresher.headers = { _ in ["X-Api-Key": "k1"] }
        let record = await RefreshRecord.collect(refresher.reports([Subscription(url: farm.feeds.url("/feed"))]))
        #expect(Self.entries(record).allSatisfy { $0.extraction?.isExtracted == true })
        let basic = "Basic " + Data("reader:secret".utf8).base64EncodedString()
        let home = try #require(farm.feeds.requests.first { $0.path == "/a/1" })
        #expect(home.header("Authorization") == basic)
        #expect(home.header("X-Api-Key") == "k1")
        let away = try #require(farm.pages.requests.first { $0.path == "/b/2" })
        #expect(away.header("Authorization") == nil)
        #expect(away.header("X-Api-Key") == nil)
        #expect(away.header("X-Client") == "c", "the client's other headers go everywhere")
        #expect(farm.feeds.requests.first { $0.path == "/feed" }?.header("Authorization") == basic)
    }
}

/// A source that remembers what each refresh saw, for a second run to classify against.
private actor SeenSource: RefreshSource {
    var pending: [Subscription]
    let seenBefore: [URL: [EntryIdentity: EntryDigest]]
    var seenAfter: [URL: [EntryIdentity: EntryDigest]] = [:]

    init(_ subscriptions: [Subscription], seen: [URL: [EntryIdentity: EntryDigest]] = [:]) {
        pending = subscriptions
        seenBefore = seen
    }

    func claim(dueBy: Date, limit: Int) async throws -> [Subscription] {
        defer { pending = [] }
        return pending
    }

    func seen(_ id: Subscription.ID) async throws -> [EntryIdentity: EntryDigest] { seenBefore[id] ?? [:] }

    func finish(
        _ id: Subscription.ID, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws {
        seenAfter[id] = seen
    }
}
