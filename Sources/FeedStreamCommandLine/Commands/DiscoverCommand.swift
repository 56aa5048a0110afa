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
            else the site's well-known paths such as /feed ("guess"). For a file, or with --head-only, the links \
            of the page's head only, the rest of the page unread.
            """)

    @OptionGroup package var input: InputOptions
    @OptionGroup(title: "Fetching a URL") package var remote: RemoteOptions
    @Option(help: "The page's URL, against which relative links resolve (default: the URL fetched, after redirects).")
    package var baseURL: String?
    @Flag(help: "After the feeds, print {\"page\": {title, icons, image, hubs}} as one more line.")
    package var metadata = false
    @Flag(help: "Read the head's <link rel=\"alternate\"> feeds only (a URL's body, paths and the URL itself unread).")
    package var headOnly = false

    package init() {}

    package func validate() throws {
        try remote.validate(for: input)
    }

    package var needsNetwork: Bool { input.remoteURL != nil }

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
            if metadata { try writer.line(["page": parser.page]) }
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
