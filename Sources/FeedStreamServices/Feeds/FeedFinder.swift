import AtomStream
import FeedStreamNetworking
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Finds the feeds behind an address a person pasted, as a feed reader's "add subscription" does.
///
/// ```swift
/// let found = try await FeedFinder().find(URL(string: "https://example.org/blog")!)
/// for feed in found.feeds { print(feed.url, feed.type, feed.source) }
/// print(found.page?.icons.first?.url ?? "no icon")
/// ```
///
/// In order, stopping at the first step that finds something:
/// 1. `self` — the address itself, when its first bytes say it is a feed (``FeedSniffer``: an `rss`, `feed` or
///    `RDF` root element, or a JSON object naming a jsonfeed.org version);
/// 2. `head` — the page's `<link rel="alternate">` feeds (``FeedLinkParser``), taken as the page declares them;
/// 3. `body` — `<a href>`s in the page's body whose address looks like a feed's, same site first, each confirmed;
/// 4. `guess` — the site's well-known paths (``wellKnownPaths``), each confirmed; the first that is a feed is kept.
///
/// A candidate is confirmed by its first bytes only (at most ``FeedSniffer/maximumBytes``, usually one packet),
/// then its transfer is cancelled. The page is read only as far as needed — its head when that links feeds, else
/// at most ``Budget/maximumPageBytes`` — so the bytes fetched are bounded whatever the site serves (a page that
/// trickles 50 MB costs its budget), and reported in ``FoundFeeds/bytesFetched``. No credentials are sent.
public struct FeedFinder: Sendable {
    /// Bounds on what one search may fetch.
    public struct Budget: Sendable, Hashable {
        /// Bytes of the page read looking for links (its head, and its body when the head links no feed).
        public var maximumPageBytes: Int
        /// Body links confirmed at most (the rest are not tried).
        public var maximumBodyCandidates: Int

        /// Creates a budget.
        public init(maximumPageBytes: Int = 1 << 20, maximumBodyCandidates: Int = 10) {
            self.maximumPageBytes = maximumPageBytes
            self.maximumBodyCandidates = maximumBodyCandidates
        }
    }

    /// The transport every request goes through.
    public var transport: any HTTPTransport
    /// Timeouts and buffering of each transfer.
    public var limits: TransferLimits
    /// What one search may fetch.
    public var budget: Budget
    /// Paths tried, in order, on the page's origin when the page links no feed.
    public var wellKnownPaths: [String]

    /// The paths blogs and site generators serve their feeds at: WordPress (`/feed`), Ghost and Jekyll
    /// (`/rss`, `/feed.xml`, `/atom.xml`), Hugo (`/index.xml`), Micro.blog and others (`/feed.json`).
    public static let defaultWellKnownPaths = [
        "/feed", "/rss", "/atom.xml", "/index.xml", "/feed.json", "/rss.xml", "/feed.xml", "/atom", "/index.rss",
    ]

    /// Creates a finder.
    public init(
        transport: any HTTPTransport = DefaultHTTPTransport(), limits: TransferLimits = TransferLimits(),
        budget: Budget = Budget(), wellKnownPaths: [String] = FeedFinder.defaultWellKnownPaths
    ) {
        self.transport = transport
        self.limits = limits
        self.budget = budget
        self.wellKnownPaths = wellKnownPaths
    }

    /// Finds the feeds behind `pasted`.
    ///
    /// - Throws: ``HTTPTransportError`` or ``HTTPResponseError`` when the address itself cannot be fetched (a
    ///   candidate that fails is simply not a feed); `StreamError` only for a fault in reading the page.
    public func find(_ pasted: URL) async throws -> FoundFeeds {
        var found = FoundFeeds(feeds: [], url: pasted)
        var headFeeds: [DiscoveredFeed] = []
        var bodyLinks: [DiscoveredFeed] = []
        var page = FeedLinkParser.PageMetadata()
        found.requests += 1
        let pageURL = try await readPage(pasted) { event in
            switch event {
            case .feedDocument(let type, let bytes):
                found.bytesFetched = bytes
                headFeeds = [DiscoveredFeed(url: "", type: type, source: .self)]
                return false
            case .link(let feed):
                if feed.source == .head { headFeeds.append(feed) } else { bodyLinks.append(feed) }
                return true
            case .headEnded(let metadata, let bytes):
                page = metadata
                found.bytesFetched = bytes
                return headFeeds.isEmpty
            case .finished(let metadata, let bytes):
                page = metadata
                found.bytesFetched = bytes
                return false
            }
        }
        found.url = pageURL
        if let first = headFeeds.first, first.source == .self {
            found.feeds = [DiscoveredFeed(url: pageURL.absoluteString, type: first.type, source: .self)]
            return found
        }
        found.page = page
        if !headFeeds.isEmpty {
            found.feeds = headFeeds
            return found
        }
        // Same site (scheme, host and port) first: a blog's own feed before the ones it links to.
        let site = Origin(pageURL)
        let ordered =
            bodyLinks.filter { URL(string: $0.url).flatMap(Origin.init) == site }
            + bodyLinks.filter { URL(string: $0.url).flatMap(Origin.init) != site }
        for candidate in ordered.prefix(budget.maximumBodyCandidates) {
            guard let url = URL(string: candidate.url) else { continue }
            if let type = await confirm(url, &found) {
                var feed = candidate
                feed.type = type
                found.feeds.append(feed)
            }
        }
        if !found.feeds.isEmpty { return found }
        for path in wellKnownPaths {
            guard let url = URL(string: path, relativeTo: pageURL)?.absoluteURL else { continue }
            if let type = await confirm(url, &found) {
                found.feeds = [DiscoveredFeed(url: url.absoluteString, type: type, source: .guess)]
                break
            }
        }
        return found
    }

    /// Reads the page's events until `handle` says to stop (or they end), then cancels the transfer; returns the
    /// page's URL after redirects.
    private func readPage(_ url: URL, _ handle: (PageProbeEvent) -> Bool) async throws -> URL {
        let maximumPageBytes = budget.maximumPageBytes
        let finalURL = URLBox(url)
        let events = transport.parsedItems(for: Self.request(url), limits: limits) { response in
            finalURL.set(response.url)
            return PageProbe(
                pageURL: (response.url ?? url).absoluteString, charset: response.charset,
                maximumBytes: maximumPageBytes)
        }
        for try await event in events where !handle(event) { break }
        return finalURL.value
    }

    /// The candidate's feed type when its first bytes say it is a feed; any failure means it is not.
    private func confirm(_ url: URL, _ found: inout FoundFeeds) async -> String? {
        found.requests += 1
        let verdicts = transport.parsedItems(for: Self.request(url), limits: limits) { _ in CandidateProbe() }
        do {
            for try await outcome in verdicts {
                found.bytesFetched += outcome.bytes
                if case .feed(let type) = outcome.verdict { return type }
                return nil
            }
        } catch {}
        return nil
    }

    /// A GET that says feeds are welcome, then pages.
    private static func request(_ url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.setValue(
            "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, "
                + "text/html;q=0.9, */*;q=0.8", forHTTPHeaderField: "Accept")
        return request
    }
}

/// The response URL, set on the transfer's task by the parser factory and read after the transfer.
private final class URLBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: URL

    init(_ url: URL) { stored = url }

    func set(_ url: URL?) {
        guard let url else { return }
        lock.withLock { stored = url }
    }

    var value: URL { lock.withLock { stored } }
}
