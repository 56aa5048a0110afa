import ArgumentParser
import AtomStream
import FeedStreamNetworking
import FeedStreamServices
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `feedstream discover`: the feeds behind a page, one JSON object each — for a URL the whole ``FeedFinder``, for a
/// file (or with `--head-only`) the links of the page's head.
struct DiscoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract: "List the feeds behind a page or address: one JSON line per feed {url, type, title, source}.",
        discussion: """
            For a URL: the address itself when it is a feed (source "self"), else the page's <link \
            rel="alternate"> feeds ("head"), else <a href>s in its body that look like feeds and are ("body"), \
            else the site's well-known paths such as /feed ("guess"). For a file, or with --head-only, the links \
            of the page's head only, the rest of the page unread.
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup(title: "Fetching a URL") var remote: RemoteOptions
    @Option(help: "The page's URL, against which relative links resolve (default: the URL fetched, after redirects).")
    var baseURL: String?
    @Flag(help: "After the feeds, print {\"page\": {title, icons, image, hubs}} as one more line.")
    var metadata = false
    @Flag(help: "Read the head's <link rel=\"alternate\"> feeds only (a URL's body, paths and the URL itself unread).")
    var headOnly = false

    func validate() throws {
        try remote.validate(for: input)
    }

    func run() async throws {
        let writer = OutputWriter()
        do {
            if let url = input.remoteURL {
                if headOnly || baseURL != nil {
                    try await discoverHead(at: url, writer)
                } else {
                    try await find(url, writer)
                }
            } else {
                let parser = FeedLinkParser(baseURL: baseURL)
                let reader = try InputReader(path: input.input, chunkSize: input.chunkSize)
                do {
                    try reader.forEachChunk { chunk in
                        try print(parser.parse(chunk), writer)
                        // The head is over: the rest of the page is never read.
                        if parser.isFinished { throw HeadEnded() }
                    }
                } catch is HeadEnded {}
                try print(parser.finish(), writer)
                if metadata { try writer.line(["page": parser.page]) }
            }
        } catch {
            writer.flush()
            OutputWriter.standardError("feedstream: error: \(StreamRunner.message(for: error))")
            throw ExitCode(1)
        }
        writer.flush()
    }

    private func print(_ feeds: [DiscoveredFeed], _ writer: OutputWriter) throws {
        for feed in feeds { try writer.line(feed) }
        writer.flush()
    }

    /// The whole finder; the `--metadata` line also says what finding cost.
    private func find(_ url: URL, _ writer: OutputWriter) async throws {
        let found = try await FeedFinder(transport: remote.transport(), limits: remote.limits).find(url)
        try print(found.feeds, writer)
        if metadata {
            try writer.line(
                PageLine(
                    page: found.page ?? FeedLinkParser.PageMetadata(), bytesFetched: found.bytesFetched,
                    requests: found.requests))
        }
    }

    /// Fetches the page through the command line's transport (`--transport`) and ends the transfer as soon as
    /// its head is over: leaving the loop ends the stream, which cancels the transfer and closes its connection.
    private func discoverHead(at url: URL, _ writer: OutputWriter) async throws {
        let base = baseURL
        let events = remote.transport().parsedItems(
            for: remote.request(for: url), authorizer: try remote.authorizer(), limits: remote.limits,
            originPolicy: remote.originPolicy
        ) { response in
            HeadDiscovery(
                FeedLinkParser(
                    baseURL: base ?? response.url?.absoluteString ?? url.absoluteString,
                    defaultEncoding: response.charset))
        }
        for try await event in events {
            switch event {
            case .feed(let feed): try print([feed], writer)
            case .headEnded(let page):
                if metadata { try writer.line(["page": page]) }
                return
            }
        }
    }
}

/// The `--metadata` line of a URL's search: `{"page": …, "bytesFetched": B, "requests": N}`.
private struct PageLine: Encodable {
    var page: FeedLinkParser.PageMetadata
    var bytesFetched: Int
    var requests: Int
}

private struct HeadEnded: Error {}

/// What the network path reports: each feed, then once that the head is over (with the page's metadata), so the
/// consumer can stop the transfer even though no further feed will arrive to wake it.
enum HeadDiscoveryEvent: Sendable {
    case feed(DiscoveredFeed)
    case headEnded(FeedLinkParser.PageMetadata)
}

/// ``FeedLinkParser`` for the network helpers, adding the end of the head as an event.
final class HeadDiscovery: StreamingParser {
    typealias Item = HeadDiscoveryEvent
    private let parser: FeedLinkParser
    private var reportedEnd = false

    init(_ parser: FeedLinkParser) {
        self.parser = parser
    }

    func parse(_ chunk: UnsafeRawBufferPointer) throws -> [HeadDiscoveryEvent] {
        guard !reportedEnd else { return [] }
        return withEnd(try parser.parse(chunk))
    }

    func finish() throws -> [HeadDiscoveryEvent] {
        guard !reportedEnd else { return [] }
        let feeds = try parser.finish()
        return withEnd(feeds)
    }

    private func withEnd(_ feeds: [DiscoveredFeed]) -> [HeadDiscoveryEvent] {
        var events = feeds.map(HeadDiscoveryEvent.feed)
        if parser.isFinished {
            reportedEnd = true
            events.append(.headEnded(parser.page))
        }
        return events
    }
}
