import AtomStream
import FeedStreamNetworking
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Finds the feeds behind an address a person pasted, as a feed reader's "add subscription" does.
///
/// ```swift
/// let found = try await FeedFinder().find(" feed://example.org/blog ")
/// for feed in found.feeds { print(feed.url, feed.type, feed.source) }
/// print(found.page?.bestIcon()?.url ?? "no icon")
/// ```
///
/// The text is read as ``PastedAddress`` reads it (`feed:` URLs, a host with no scheme, white space and `<…>`
/// around it). Then, in order, stopping at the first step that finds something:
/// 1. `self` — the address itself, when its first bytes say it is a feed (``FeedSniffer``: an `rss`, `feed` or
///    `RDF` root element, or a JSON object naming a jsonfeed.org version); the feed is read on to its first entry
///    for its home page (the channel's `link`), whose head then gives ``FoundFeeds/page``, so a subscription pasted
///    as a feed still gets its site's title and icon;
/// 2. `head` — the page's `<link rel="alternate">` feeds (``FeedLinkParser``): the head's, or when it links none the
///    body's (a YouTube channel page's). Those the page declares with a feed type are taken as declared; a typeless
///    one only once its first bytes say it is a feed;
/// 3. `body` — `<a href>`s in the page's body whose address looks like a feed's, same site first, each confirmed;
/// 4. `guess` — ``wellKnownPaths`` under the page's own directory (`/blog/feed`, `/blog/rss`, … for
///    `https://example.org/blog/`), then under the site's root, each confirmed; the first (in that order) that is a
///    feed is kept.
///
/// Found feeds are ranked (``DiscoveredFeed/ranked(_:)``): a site's main feed before its comments and per-category
/// feeds. Candidates are confirmed ``Budget/confirmationsAtOnce`` at a time, concurrently, by their first bytes only
/// (at most ``FeedSniffer/maximumBytes``, usually one packet), then their transfers are cancelled. The page is read
/// only as far as needed — its head when that links feeds, else at most ``Budget/maximumPageBytes`` — so the bytes
/// fetched are bounded whatever the site serves (a page that trickles 50 MB costs its budget), and reported in
/// ``FoundFeeds/bytesFetched``. No credentials are sent.
public struct FeedFinder: Sendable {
    /// Bounds on what one search may fetch.
    public struct Budget: Sendable, Hashable {
        /// Bytes of the page read looking for links (its head, and its body when the head links no feed: a
        /// YouTube channel page, whose feed link is in its body, is about 1 MB).
        public var maximumPageBytes: Int
        /// Body links confirmed at most (the rest are not tried).
        public var maximumBodyCandidates: Int
        /// Candidates confirmed at the same time: a few, so guessing costs a round trip per batch rather than one
        /// per path, without a burst of requests at a small site.
        public var confirmationsAtOnce: Int

        /// Creates a budget.
        public init(maximumPageBytes: Int = 2 << 20, maximumBodyCandidates: Int = 10, confirmationsAtOnce: Int = 4) {
            self.maximumPageBytes = maximumPageBytes
            self.maximumBodyCandidates = maximumBodyCandidates
            self.confirmationsAtOnce = max(1, confirmationsAtOnce)
        }
    }

    /// The transport every request goes through.
    public var transport: any HTTPTransport
    /// Timeouts and buffering of each transfer.
    public var limits: TransferLimits
    /// What one search may fetch.
    public var budget: Budget
    /// Paths tried, in order, under the page's directory and then the site's root, when the page links no feed.
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

    /// Finds the feeds behind pasted text (``PastedAddress``); a host pasted with no scheme is tried over `https`,
    /// then over `http` when that cannot be reached.
    ///
    /// - Throws: ``HTTPTransportError`` (`unsupportedScheme`) when the text names no web address; else as
    ///   `find(_: URL)`.
    public func find(_ pasted: String) async throws -> FoundFeeds {
        guard let address = PastedAddress(pasted) else {
            throw HTTPTransportError(.unsupportedScheme, url: URL(string: pasted.trimmingCharacters(in: .whitespaces)))
        }
        return try await find(address)
    }

    /// Finds the feeds behind `pasted` (a `feed:` URL is read as ``PastedAddress`` reads it).
    ///
    /// - Throws: ``HTTPTransportError`` or ``HTTPResponseError`` when the address itself cannot be fetched (a
    ///   candidate that fails is simply not a feed); `StreamError` only for a fault in reading the page.
    public func find(_ pasted: URL) async throws -> FoundFeeds {
        guard let address = PastedAddress(pasted) else { return try await search(pasted) }
        return try await find(address)
    }

    private func find(_ address: PastedAddress) async throws -> FoundFeeds {
        guard let fallback = address.fallback else { return try await search(address.url) }
        do {
            return try await search(address.url)
        } catch is HTTPTransportError {
            return try await search(fallback)
        }
    }

    private func search(_ pasted: URL) async throws -> FoundFeeds {
        var found = FoundFeeds(feeds: [], url: pasted)
        var declared: [DiscoveredFeed] = []
        var bodyLinks: [DiscoveredFeed] = []
        var page = FeedLinkParser.PageMetadata()
        var feedHead: (type: String, home: String?, title: String?)?
        found.requests += 1
        let (pageURL, movedTo) = try await readPage(pasted) { event in
            switch event {
            case .feedDocument(let type, let home, let title, let bytes):
                found.bytesFetched = bytes
                feedHead = (type, home, title)
                return false
            case .link(let feed):
                if feed.source == .head { declared.append(feed) } else { bodyLinks.append(feed) }
                return true
            case .headEnded(let metadata, let bytes):
                page = metadata
                found.bytesFetched = bytes
                return declared.isEmpty
            case .finished(let metadata, let bytes):
                page = metadata
                found.bytesFetched = bytes
                return false
            }
        }
        found.url = pageURL
        if let feedHead {
            // The address to subscribe to: where permanent redirects took it, not past a temporary one.
            let subscribed = movedTo ?? pasted
            found.feeds = [DiscoveredFeed(url: subscribed.absoluteString, type: feedHead.type, source: .self)]
            found.page = await homePage(of: pageURL, home: feedHead.home, title: feedHead.title, &found)
            return found
        }
        found.page = page
        // Declared links are taken as declared; a typeless one (no type to go by) once its first bytes say so.
        let typeless = await confirmAll(declared.filter { $0.type == nil }.map(\.url), &found)
        found.feeds = declared.compactMap { feed in
            guard feed.type == nil else { return feed }
            return typeless[feed.url].map { DiscoveredFeed(url: feed.url, type: $0, title: feed.title) }
        }
        if !found.feeds.isEmpty {
            found.feeds = DiscoveredFeed.ranked(found.feeds)
            return found
        }
        // Same site (scheme, host and port) first: a blog's own feed before the ones it links to.
        let site = Origin(pageURL)
        let sameSite = bodyLinks.filter { URL(string: $0.url).flatMap(Origin.init) == site }
        let ordered = (sameSite + bodyLinks.filter { !sameSite.contains($0) }).prefix(budget.maximumBodyCandidates)
        let bodyTypes = await confirmAll(ordered.map(\.url), &found)
        found.feeds = DiscoveredFeed.ranked(
            ordered.compactMap { link in
                bodyTypes[link.url].map { DiscoveredFeed(url: link.url, type: $0, title: link.title, source: .body) }
            })
        if !found.feeds.isEmpty { return found }
        if let guess = await firstFeed(among: guesses(for: pageURL), &found) {
            found.feeds = [DiscoveredFeed(url: guess.url, type: guess.type, source: .guess)]
        }
        return found
    }

    /// Reads the page's events until `handle` says to stop (or they end), then cancels the transfer; returns the
    /// page's URL after redirects and where permanent redirects moved it (`HTTPResponseInfo.movedTo`).
    func readPage(_ url: URL, _ handle: (PageProbeEvent) -> Bool) async throws -> (url: URL, movedTo: URL?) {
        let maximumPageBytes = budget.maximumPageBytes
        let head = HeadBox()
        let events = transport.parsedItems(for: Self.request(url), limits: limits) { response in
            head.set(response)
            return PageProbe(
                pageURL: (response.url ?? url).absoluteString, charset: response.charset,
                maximumBytes: maximumPageBytes)
        }
        for try await event in events where !handle(event) { break }
        return (head.value?.url ?? url, head.value?.movedTo)
    }

    /// A GET that says feeds are welcome, then pages.
    static func request(_ url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.setValue(
            "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, "
                + "text/html;q=0.9, */*;q=0.8", forHTTPHeaderField: "Accept")
        return request
    }
}

/// The response's head, set by the parser factory and read after the transfer.
private final class HeadBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: HTTPResponseInfo?

    func set(_ head: HTTPResponseInfo) { lock.withLock { stored = head } }

    var value: HTTPResponseInfo? { lock.withLock { stored } }
}
