@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Receives libxml2's HTML events for a page and collects its feed links and metadata.
///
/// Head links are held back until the page's base is known — the first `<base href>`, which applies to every link
/// of the page, earlier ones included — or the head ends; after that each is completed as it arrives. Body links
/// (only when asked for) come after the head's, so the base is known by then.
final class FeedLinkCollector: HTMLEventHandler {
    /// The page's own URL.
    private let pageURL: URL?
    /// The URL links resolve against: `<base href>` resolved against the page URL, else the page URL.
    private var base: URL?
    private var baseIsKnown = false
    private var pending: [DiscoveredFeed] = []
    /// `rel="alternate" type="application/json"` links: JSON Feed's fallback type, given only when the head links
    /// no `application/feed+json`.
    private var jsonFallback: [DiscoveredFeed] = []
    private var hasJSONFeedLink = false
    private var seen: Set<String> = []
    private(set) var completed = CompletedItems<DiscoveredFeed>()
    /// Whether the head has ended.
    private(set) var headEnded = false
    /// Whether the head linked a feed: when it did not, `<link rel="alternate">`s are looked for in the body too
    /// (a YouTube channel page puts its feed's link there).
    private(set) var headLinkedFeeds = false
    /// Set by the parser once the body has been read as far as it reads bodies for `<link>`s.
    var bodyScanEnded = false
    /// Whether `<a href>`s in the body that look like feeds are collected too.
    let readsBody: Bool
    /// Body links returned so far; past ``maximumBodyLinks`` the page is read no further.
    private(set) var bodyLinkCount = 0
    /// What the page says about its site.
    private(set) var metadata = PageMetadataReader()

    /// Links held while the base is unknown, at most: past this a page is taken to have no `<base>`.
    static let maximumPending = 1000
    /// Body links collected at most: a page of a million links costs a bounded list.
    static let maximumBodyLinks = 100
    /// Feeds returned at most, head and body together; later links are ignored (and not remembered).
    static let maximumFeeds = 1000
    private var feedCount = 0

    init(pageURL: String?, readsBody: Bool) {
        self.pageURL = pageURL.flatMap { URL(string: $0) }
        self.readsBody = readsBody
        base = self.pageURL
    }

    var isSatisfied: Bool {
        if readsBody { return bodyLinkCount >= Self.maximumBodyLinks }
        return headEnded && (headLinkedFeeds || bodyScanEnded)
    }

    /// Whether the body is being read for `<link rel="alternate">`s: the head has ended without linking a feed.
    var scansBody: Bool { headEnded && !headLinkedFeeds && !bodyScanEnded }

    func startElement(_ tag: HTMLStartTag) throws(StreamError) {
        if headEnded {
            if HTMLName.equals(tag.name, "a") {
                bodyLink(tag)
            } else if scansBody && HTMLName.equals(tag.name, "link") {
                link(tag)
            } else if scansBody && HTMLName.equals(tag.name, "meta") {
                metadata.meta(tag)
            }
            return
        }
        if HTMLName.equals(tag.name, "link") {
            link(tag)
        } else if HTMLName.equals(tag.name, "meta") {
            metadata.meta(tag)
        } else if HTMLName.equals(tag.name, "title") {
            metadata.startTitle()
        } else if HTMLName.equals(tag.name, "base") {
            guard !baseIsKnown, let href = tag.value(of: "href") else { return }
            if let resolved = URL(string: href.trimmingWhitespaceAndNewlines(), relativeTo: pageURL) {
                base = resolved.absoluteURL
            }
            decideBase()
        } else if HTMLName.equals(tag.name, "body") || HTMLName.equals(tag.name, "frameset") {
            endHead()
        } else if HTMLName.equals(tag.name, "a") {
            // libxml2 implies a body before an `a` only once it is inside one; an `a` ends the head in any case.
            endHead()
            bodyLink(tag)
        }
    }

    func endElement(_ name: XMLName) throws(StreamError) {
        if HTMLName.equals(name, "head") {
            endHead()
        } else if HTMLName.equals(name, "title") {
            metadata.endTitle()
        }
    }

    func characters(_ text: UnsafeRawBufferPointer) throws(StreamError) {
        metadata.characters(text)
    }

    /// The end of the page (or of its head): whatever is held back completes.
    func endHead() {
        guard !headEnded else { return }
        headEnded = true
        metadata.endTitle()
        decideBase()
        if !hasJSONFeedLink {
            for feed in jsonFallback { complete(feed) }
        }
        jsonFallback = []
        headLinkedFeeds = feedCount > 0
    }

    /// The page's metadata, its URLs resolved against the base known so far.
    var page: PageMetadata { metadata.resolved(url: pageURL?.absoluteString) { resolve($0) } }

    private func decideBase() {
        baseIsKnown = true
        for feed in pending { complete(feed) }
        pending = []
    }

    /// A `<link>`: an icon or hub for the metadata (`src` read where a site wrote it instead of `href`), and a feed
    /// when its `rel` holds `alternate` or `feed` and its `type` is a feed's — or it has no `type` (NetNewsWire's
    /// rule: typeless alternates are feeds, unless `media` or `hreflang` make them a page's mobile or language
    /// variant, or the address is an app's).
    private func link(_ tag: HTMLStartTag) {
        guard let rel = tag.value(of: "rel"), let href = tag.value(of: "href") ?? tag.value(of: "src") else { return }
        let tokens = rel.lowercased().split(whereSeparator: { $0.isWhitespace }).map(String.init)
        if !headEnded || scansBody { metadata.link(tag, relTokens: tokens, href: href) }
        let isFeedRel = tokens.contains("feed")
        guard tokens.contains("alternate") || isFeedRel else { return }
        let address = href.trimmingWhitespaceAndNewlines()
        let title = tag.value(of: "title").map { $0.trimmingWhitespaceAndNewlines() }
        guard let rawType = tag.value(of: "type"), !rawType.trimmingWhitespaceAndNewlines().isEmpty else {
            guard let feed = Self.typelessFeed(tag, tokens: tokens, address: address, title: title) else { return }
            return take(feed)
        }
        let type =
            rawType.split(separator: ";", maxSplits: 1).first.map {
                $0.trimmingWhitespaceAndNewlines().lowercased()
            } ?? ""
        var feed = DiscoveredFeed(url: address, type: type, title: title?.isEmpty == false ? title : nil)
        switch type {
        case "application/feed+json":
            hasJSONFeedLink = true
        case "application/rss+xml", "application/atom+xml", "application/rdf+xml":
            break
        // Plain JSON is a feed when the link says so (`rel="feed"`); as `alternate` it is JSON Feed 1.1's fallback
        // type, taken only when no `application/feed+json` link exists, and never for WordPress's REST API, which
        // every WordPress page links as alternate JSON.
        case "application/json" where isFeedRel:
            break
        case "application/json":
            if !feed.url.contains("/wp-json/") && !feed.url.contains("rest_route=") && jsonFallback.count < 10 {
                jsonFallback.append(feed)
            }
            return
        // A vendor or legacy spelling (`application/x-rss+xml`, `application/x.atom+xml`) is the feed type it ends
        // in, as NetNewsWire reads it; any other explicit type (`text/html`, `text/xml`) is no feed's.
        case _ where type.hasSuffix("/rss+xml") || type.hasSuffix("-rss+xml") || type.hasSuffix(".rss+xml"):
            feed.type = "application/rss+xml"
        case _ where type.hasSuffix("-atom+xml") || type.hasSuffix(".atom+xml"):
            feed.type = "application/atom+xml"
        default:
            return
        }
        take(feed)
    }

    /// A `<link rel="alternate" href>` with no `type`, as a feed of unknown type (`nil`, as NetNewsWire has it):
    /// only its first bytes can say (``FeedFinder`` reads them), since such a link often names a page.
    private static func typelessFeed(
        _ tag: HTMLStartTag, tokens: [String], address: String, title: String?
    ) -> DiscoveredFeed? {
        // A stylesheet, icon or page variant is not a feed: `media` names a mobile site, `hreflang` a translation.
        guard !tokens.contains(where: { $0 == "stylesheet" || $0 == "icon" }),
            tag.value(of: "media")?.trimmingWhitespaceAndNewlines().isEmpty ?? true,
            tag.value(of: "hreflang")?.trimmingWhitespaceAndNewlines().isEmpty ?? true,
            !address.isEmpty
        else { return nil }
        // `android-app://`, `ios-app://` and their kind: an address with a scheme other than http(s) is an app's.
        let lowered = address.lowercased()
        if let colon = lowered.firstIndex(of: ":"),
            !lowered[..<colon].contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }),
            !lowered.hasPrefix("http:"), !lowered.hasPrefix("https:")
        {
            return nil
        }
        return DiscoveredFeed(url: address, type: nil, title: title?.isEmpty == false ? title : nil)
    }

    /// A head feed completes once the base is known; a body one (the base is known by then) at once.
    private func take(_ feed: DiscoveredFeed) {
        if baseIsKnown {
            complete(feed)
        } else {
            pending.append(feed)
            if pending.count >= Self.maximumPending { decideBase() }
        }
    }

    /// An `<a href>` in the body whose address looks like a feed's.
    private func bodyLink(_ tag: HTMLStartTag) {
        guard readsBody, bodyLinkCount < Self.maximumBodyLinks, let href = tag.value(of: "href") else { return }
        let trimmed = href.trimmingWhitespaceAndNewlines()
        guard let type = FeedAddress.likelyType(of: trimmed, declared: tag.value(of: "type")) else { return }
        let title = tag.value(of: "title").map { $0.trimmingWhitespaceAndNewlines() }
        if complete(
            DiscoveredFeed(url: trimmed, type: type, title: title?.isEmpty == false ? title : nil, source: .body))
        {
            bodyLinkCount += 1
        }
    }

    private func resolve(_ reference: String) -> String { URLResolution.resolve(reference, against: base) }

    @discardableResult
    private func complete(_ feed: DiscoveredFeed) -> Bool {
        guard feedCount < Self.maximumFeeds else { return false }
        var feed = feed
        feed.url = resolve(feed.url)
        // An empty address that no base made absolute names nothing a reader could fetch.
        guard !feed.url.isEmpty, seen.insert(feed.url).inserted else { return false }
        feedCount += 1
        completed.append(feed)
        return true
    }

    func takeCompleted() -> [DiscoveredFeed] { completed.take() }
}
