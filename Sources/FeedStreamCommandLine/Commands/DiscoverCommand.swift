import ArgumentParser
import AtomStream

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `feedstream discover`: the feeds behind a page, one JSON object each — for a URL the whole `FeedFinder`, for a
/// file (or with `--head-only`) the links of the page's head.
package struct DiscoverCommand: ToolCommand {
    package static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract: "List the feeds behind a page or address: one JSON line per feed {url, type, title, source}.",
        discussion: """
            For a URL: the address itself when it is a feed (source "self"), else the page's <link \
            rel="alternate"> feeds ("head"), else <a href>s in its body that look like feeds and are ("body"), \
            else the site's well-known paths such as /feed ("guess"), ranked best first. What people paste is \
            read as an address: feed: and feed:// URLs, a host with no scheme (example.org/blog, tried over https \
            then http), white space and <…> around it; an existing file of that name is read as a file. For a \
            file, or with --head-only, the page's <link rel="alternate"> feeds only (the head's, or the body's \
            when the head links none). --metadata adds the best icon for the page (or the feed's home page).
            """)

    @OptionGroup package var input: InputOptions
    @OptionGroup(title: "Fetching a URL") package var remote: RemoteOptions
    @Option(help: "The page's URL, against which relative links resolve (default: the URL fetched, after redirects).")
    package var baseURL: String?
    @Flag(help: "After the feeds, print {\"page\": {title, icons, image, hubs, url}, \"icon\": {…}} as a last line.")
    package var metadata = false
    @Flag(help: "Read the head's <link rel=\"alternate\"> feeds only (a URL's body, paths and the URL itself unread).")
    package var headOnly = false

    package init() {}

    package func validate() throws {
        // What people paste (`example.org/blog`) is fetched as a URL is, with the same remote options.
        if pastedAddress == nil { try remote.validate(for: input) }
    }

    package var needsNetwork: Bool { pastedAddress != nil }

    /// The input as an address to fetch: an http(s) URL, or what a person pastes (``PastedAddress``) when no file
    /// of that name exists.
    package var pastedAddress: PastedAddress? {
        if let url = input.remoteURL { return PastedAddress(url) }
        guard let text = input.input, text != "-", !FileManager.default.fileExists(atPath: text) else { return nil }
        return PastedAddress(text)
    }

    /// The head's links of a file or standard input; the rest of the page is never read.
    package func runLocally() throws {
        let writer = OutputWriter()
        do {
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
            if metadata { try writer.line(PageLine(page: parser.page)) }
        } catch {
            throw writer.failure(error)
        }
        writer.flush()
    }

    /// Prints feeds as they are found.
    package func print(_ feeds: [DiscoveredFeed], _ writer: OutputWriter) throws {
        for feed in feeds { try writer.line(feed) }
        writer.flush()
    }
}

private struct HeadEnded: Error {}

/// The `--metadata` line: `{"page": …, "icon": …}`, and for a URL's search `"bytesFetched": B, "requests": N`.
package struct PageLine: Encodable {
    package var page: FeedLinkParser.PageMetadata
    /// The icon to show beside the feed: ``FeedLinkParser/PageMetadata/bestIcon(minimumSize:)`` for 64 points at
    /// 2× (128 pixels).
    package var icon: FeedLinkParser.PageMetadata.Icon?
    package var bytesFetched: Int?
    package var requests: Int?

    package init(page: FeedLinkParser.PageMetadata, bytesFetched: Int? = nil, requests: Int? = nil) {
        self.page = page
        icon = page.bestIcon(minimumSize: 128)
        self.bytesFetched = bytesFetched
        self.requests = requests
    }
}
