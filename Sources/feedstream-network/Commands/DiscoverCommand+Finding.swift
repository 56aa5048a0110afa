import AtomStream
import FeedStreamCommandLine
import FeedStreamNetworking
import FeedStreamServices
import Foundation
import StreamCore

extension DiscoverCommand: NetworkCommand {
    /// The whole ``FeedFinder`` for a URL, or its head's links only (`--head-only`, `--base-url`).
    func runOverNetwork() async throws {
        guard let address = pastedAddress else { return try runLocally() }
        let writer = OutputWriter()
        do {
            if headOnly || baseURL != nil {
                try await discoverHead(at: address.url, writer)
            } else {
                try await find(input.input ?? address.url.absoluteString, writer)
            }
        } catch {
            throw writer.failure(error)
        }
        writer.flush()
    }

    /// The whole finder, given the text as pasted (a host with no scheme falls back to http); the `--metadata`
    /// line also says what finding cost.
    private func find(_ pasted: String, _ writer: OutputWriter) async throws {
        let found = try await FeedFinder(transport: remote.transport(), limits: remote.limits).find(pasted)
        try print(found.feeds, writer)
        if metadata {
            try writer.line(
                PageLine(
                    page: found.page ?? FeedLinkParser.PageMetadata(url: found.url?.absoluteString),
                    bytesFetched: found.bytesFetched, requests: found.requests))
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
                if metadata { try writer.line(PageLine(page: page)) }
                return
            }
        }
    }
}

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
