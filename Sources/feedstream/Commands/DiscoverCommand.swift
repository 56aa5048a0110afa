import ArgumentParser
import AtomStream
import FeedStreamNetworking
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `feedstream discover`: the feeds an HTML page links to, one JSON object each, read from the page's head only.
struct DiscoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract: "List the feeds an HTML page links to (<link rel=\"alternate\" …>): one JSON line per feed.")

    @OptionGroup var input: InputOptions
    @OptionGroup(title: "Fetching a URL") var remote: RemoteOptions
    @Option(help: "The page's URL, against which relative links resolve (default: the URL fetched, after redirects).")
    var baseURL: String?

    func validate() throws {
        try remote.validate(for: input)
    }

    func run() async throws {
        let writer = OutputWriter()
        do {
            if let url = input.remoteURL {
                try await discover(at: url, writer)
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

    /// Fetches the page through the command line's transport (`--transport`) and ends the transfer as soon as
    /// its head is over: leaving the loop ends the stream, which cancels the transfer and closes its connection.
    private func discover(at url: URL, _ writer: OutputWriter) async throws {
        let base = baseURL
        let events = remote.transport().parsedItems(
            for: remote.request(for: url), authorizer: try remote.authorizer(), limits: remote.limits,
            originPolicy: remote.originPolicy
        ) { response in
            HeadDiscovery(FeedLinkParser(baseURL: base ?? response.url?.absoluteString ?? url.absoluteString))
        }
        for try await event in events {
            switch event {
            case .feed(let feed): try print([feed], writer)
            case .headEnded: return
            }
        }
    }
}

private struct HeadEnded: Error {}

/// What the network path reports: each feed, then once that the head is over, so the consumer can stop the
/// transfer even though no further feed will arrive to wake it.
enum HeadDiscoveryEvent: Sendable {
    case feed(DiscoveredFeed)
    case headEnded
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
            events.append(.headEnded)
        }
        return events
    }
}
