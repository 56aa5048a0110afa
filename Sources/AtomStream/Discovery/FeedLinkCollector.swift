import Foundation
@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

/// Receives libxml2's HTML events for a page's head and collects its feed links.
///
/// Links are held back until the page's base is known — the first `<base href>`, which applies to every link of
/// the page, earlier ones included — or the head ends; after that each is completed as it arrives.
final class FeedLinkCollector: HTMLEventHandler {
    /// The page's own URL.
    private let pageURL: URL?
    /// The URL links resolve against: `<base href>` resolved against the page URL, else the page URL.
    private var base: URL?
    private var baseIsKnown = false
    private var pending: [DiscoveredFeed] = []
    private var seen: Set<String> = []
    private(set) var completed = CompletedItems<DiscoveredFeed>()
    /// Whether the head has ended: nothing after it is read.
    private(set) var headEnded = false

    /// Links held while the base is unknown, at most: past this a page is taken to have no `<base>`.
    static let maximumPending = 1000

    init(pageURL: String?) {
        self.pageURL = pageURL.flatMap { URL(string: $0) }
        base = self.pageURL
    }

    var isSatisfied: Bool { headEnded }

    func startElement(_ tag: HTMLStartTag) throws(StreamError) {
        if HTMLName.equals(tag.name, "link") {
            link(tag)
        } else if HTMLName.equals(tag.name, "base") {
            guard !baseIsKnown, let href = tag.value(of: "href") else { return }
            if let resolved = URL(string: href.trimmingCharacters(in: .whitespacesAndNewlines), relativeTo: pageURL) {
                base = resolved.absoluteURL
            }
            decideBase()
        } else if HTMLName.equals(tag.name, "body") || HTMLName.equals(tag.name, "frameset") {
            endHead()
        }
    }

    func endElement(_ name: XMLName) throws(StreamError) {
        if HTMLName.equals(name, "head") { endHead() }
    }

    func characters(_ text: UnsafeRawBufferPointer) throws(StreamError) {}

    /// The end of the page (or of its head): whatever is held back completes.
    func endHead() {
        headEnded = true
        decideBase()
    }

    private func decideBase() {
        baseIsKnown = true
        for feed in pending { complete(feed) }
        pending = []
    }

    private func link(_ tag: HTMLStartTag) {
        guard let rel = tag.value(of: "rel"), let href = tag.value(of: "href"),
            let rawType = tag.value(of: "type")
        else { return }
        let tokens = Set(rel.lowercased().split(whereSeparator: { $0.isWhitespace }).map(String.init))
        let isFeedRel = tokens.contains("feed")
        guard tokens.contains("alternate") || isFeedRel else { return }
        let type =
            rawType.split(separator: ";", maxSplits: 1).first.map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            } ?? ""
        switch type {
        case "application/rss+xml", "application/atom+xml", "application/rdf+xml", "application/feed+json": break
        // Plain JSON is a feed only when the link says so: WordPress pages link their REST API as alternate JSON.
        case "application/json" where isFeedRel: break
        default: return
        }
        let title = tag.value(of: "title").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let feed = DiscoveredFeed(
            url: href.trimmingCharacters(in: .whitespacesAndNewlines), type: type,
            title: title?.isEmpty == false ? title : nil)
        if baseIsKnown {
            complete(feed)
        } else {
            pending.append(feed)
            if pending.count >= Self.maximumPending { decideBase() }
        }
    }

    private func complete(_ feed: DiscoveredFeed) {
        var feed = feed
        if let base, let resolved = URL(string: feed.url, relativeTo: base) { feed.url = resolved.absoluteString }
        guard seen.insert(feed.url).inserted else { return }
        completed.append(feed)
    }

    func takeCompleted() -> [DiscoveredFeed] { completed.take() }
}
