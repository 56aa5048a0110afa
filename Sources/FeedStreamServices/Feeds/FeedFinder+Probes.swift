import AtomStream
import Foundation
@_spi(StreamPlumbing) import StreamCore

/// What reading a pasted address's response reports, as the bytes arrive.
enum PageProbeEvent: Sendable {
    /// The first bytes say the address is a feed.
    case feedDocument(type: String, bytes: Int)
    /// A feed link, from the head or (after `headEnded`) the body.
    case link(DiscoveredFeed)
    /// The head is over: its links have all come, and the metadata is complete.
    case headEnded(FeedLinkParser.PageMetadata, bytes: Int)
    /// Reading stopped: the end of the page, the body links' bound, or the byte budget.
    case finished(FeedLinkParser.PageMetadata, bytes: Int)
}

/// Reads the response to a pasted address: its first bytes through ``FeedSniffer``, then, if it is no feed, the page
/// through ``FeedLinkParser`` (head and body) up to `maximumBytes`.
final class PageProbe: StreamingParser {
    typealias Item = PageProbeEvent

    private var sniffer: FeedSniffer? = FeedSniffer()
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
            if case .feed(let type) = verdict {
                isDone = true
                return [.feedDocument(type: type, bytes: bytes)]
            }
            let held = undecided
            undecided = []
            return try events(page.parse(held), atEnd: false)
        }
        return try events(page.parse(chunk), atEnd: false)
    }

    func finish() throws -> [PageProbeEvent] {
        guard !isDone else { return [] }
        var links: [DiscoveredFeed] = []
        if var sniffer {
            self.sniffer = nil
            if case .feed(let type)? = sniffer.take(UnsafeRawBufferPointer(start: nil, count: 0), atEnd: true) {
                isDone = true
                return [.feedDocument(type: type, bytes: bytes)]
            }
            links = try page.parse(undecided)
            undecided = []
        }
        links += try page.finish()
        return events(links, atEnd: true)
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
