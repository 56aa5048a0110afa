import AtomStream
import Foundation
@_spi(StreamPlumbing) import StreamCore

/// What reading a pasted address's response reports, as the bytes arrive.
enum PageProbeEvent: Sendable {
    /// The first bytes say the address is a feed; its head (up to its first entry) named its home page and title.
    case feedDocument(type: String, home: String?, title: String?, bytes: Int)
    /// A feed link, from the head or (after `headEnded`) the body.
    case link(DiscoveredFeed)
    /// The head is over: its links have all come, and the metadata is complete.
    case headEnded(FeedLinkParser.PageMetadata, bytes: Int)
    /// Reading stopped: the end of the page, the body links' bound, or the byte budget.
    case finished(FeedLinkParser.PageMetadata, bytes: Int)
}

/// Reads the response to a pasted address: its first bytes through ``FeedSniffer``, then, if it is no feed, the page
/// through ``FeedLinkParser`` (head and body) up to `maximumBytes`; if it is a feed, the feed's head through
/// ``FeedParser`` up to its first entry (at most ``maximumFeedHeadBytes``), for its home page.
final class PageProbe: StreamingParser {
    typealias Item = PageProbeEvent

    /// Bytes of a feed read for its home page link and title: the channel's `<link>` comes before its items.
    static let maximumFeedHeadBytes = 64 << 10

    private var sniffer: FeedSniffer? = FeedSniffer()
    /// The feed's parser, once the first bytes said the address is a feed, and the type they said.
    private var feedHead: (parser: FeedParser, type: String)?
    /// Everything received while the sniffer decides (its own copy stops at its limit).
    private var undecided: [UInt8] = []
    private let page: FeedLinkParser
    private let maximumBytes: Int
    private var bytes = 0
    private var reportedHeadEnd = false
    private var isDone = false

    init(pageURL: String?, charset: String?, maximumBytes: Int) {
        page = FeedLinkParser(baseURL: pageURL, defaultEncoding: charset, readsBody: true)
        self.maximumBytes = maximumBytes
    }

    func parse(_ chunk: UnsafeRawBufferPointer) throws -> [PageProbeEvent] {
        guard !isDone else { return [] }
        let chunk = UnsafeRawBufferPointer(rebasing: chunk.prefix(max(0, maximumBytes - bytes)))
        bytes += chunk.count
        if sniffer != nil {
            undecided.append(contentsOf: chunk)
            guard let verdict = sniffer!.take(chunk, atEnd: false) else { return [] }
            sniffer = nil
            let held = undecided
            undecided = []
            if case .feed(let type) = verdict {
                feedHead = (FeedParser(), type)
                return readFeedHead(held, atEnd: false)
            }
            return try events(page.parse(held), atEnd: false)
        }
        if feedHead != nil { return readFeedHead(Array(chunk), atEnd: false) }
        return try events(page.parse(chunk), atEnd: false)
    }

    func finish() throws -> [PageProbeEvent] {
        guard !isDone else { return [] }
        var links: [DiscoveredFeed] = []
        if var sniffer {
            self.sniffer = nil
            if case .feed(let type)? = sniffer.take(UnsafeRawBufferPointer(start: nil, count: 0), atEnd: true) {
                feedHead = (FeedParser(), type)
            } else {
                links = try page.parse(undecided)
            }
        }
        if feedHead != nil {
            defer { undecided = [] }
            return readFeedHead(undecided, atEnd: true)
        }
        undecided = []
        links += try page.finish()
        return events(links, atEnd: true)
    }

    /// Parses the feed until its first entry, its byte bound or its end, then reports it once. A feed that fails to
    /// parse is still the feed the sniffer saw: it is reported with what was read before the fault.
    private func readFeedHead(_ bytes: [UInt8], atEnd: Bool) -> [PageProbeEvent] {
        guard let feedHead else { return [] }
        let parser = feedHead.parser
        var done = atEnd || self.bytes >= Self.maximumFeedHeadBytes || maximumBytes <= self.bytes
        do {
            if try !parser.parse(bytes).isEmpty { done = true }
            if atEnd { _ = try parser.finish() }
        } catch {
            done = true
        }
        guard done else { return [] }
        isDone = true
        let feed = parser.feed
        let home = feed.links.first { link in link.rel == "alternate" && (link.type?.contains("html") ?? true) }?.href
        let title = feed.title?.value.trimmingCharacters(in: .whitespacesAndNewlines)
        return [
            .feedDocument(
                type: feedHead.type, home: home, title: title?.isEmpty == false ? title : nil, bytes: self.bytes)
        ]
    }

    private func events(_ links: [DiscoveredFeed], atEnd: Bool) -> [PageProbeEvent] {
        var events = links.map(PageProbeEvent.link)
        if page.hasReadHead && !reportedHeadEnd {
            reportedHeadEnd = true
            events.append(.headEnded(page.page, bytes: bytes))
        }
        if atEnd || page.isFinished || bytes >= maximumBytes {
            isDone = true
            events.append(.finished(page.page, bytes: bytes))
        }
        return events
    }
}

/// What a candidate's first bytes said, and how many were read.
struct CandidateVerdict: Sendable {
    var verdict: FeedSniffer.Verdict
    var bytes: Int
}

/// Reads a candidate's first bytes and reports once whether it is a feed: the transfer is then cancelled.
final class CandidateProbe: StreamingParser {
    typealias Item = CandidateVerdict

    private var sniffer = FeedSniffer()
    private var decided = false
    private var bytes = 0

    func parse(_ chunk: UnsafeRawBufferPointer) throws -> [CandidateVerdict] {
        guard !decided else { return [] }
        bytes += chunk.count
        guard let verdict = sniffer.take(chunk, atEnd: false) else { return [] }
        decided = true
        return [CandidateVerdict(verdict: verdict, bytes: bytes)]
    }

    func finish() throws -> [CandidateVerdict] {
        guard !decided else { return [] }
        decided = true
        let verdict = sniffer.take(UnsafeRawBufferPointer(start: nil, count: 0), atEnd: true) ?? .notFeed
        return [CandidateVerdict(verdict: verdict, bytes: bytes)]
    }
}
