import AtomStream
import FeedStreamNetworking
import Foundation

extension FeedFinder {
    /// The feed type of each address in `urls` whose first bytes say it is a feed, confirmed
    /// ``Budget/confirmationsAtOnce`` at a time; any failure means an address is not a feed.
    func confirmAll(_ urls: [String], _ found: inout FoundFeeds) async -> [String: String] {
        var unique: [String] = []
        for url in urls where !unique.contains(url) && URL(string: url) != nil { unique.append(url) }
        var types: [String: String] = [:]
        for start in stride(from: 0, to: unique.count, by: budget.confirmationsAtOnce) {
            let batch = Array(unique[start..<min(start + budget.confirmationsAtOnce, unique.count)])
            for (index, type) in await confirm(batch, &found).enumerated() {
                if let type { types[batch[index]] = type }
            }
        }
        return types
    }

    /// The first of `urls`, in their order, that is a feed, with its type: tried a batch at a time, the next batch
    /// only when none of a batch is a feed.
    func firstFeed(among urls: [URL], _ found: inout FoundFeeds) async -> (url: String, type: String)? {
        let addresses = urls.map(\.absoluteString)
        for start in stride(from: 0, to: addresses.count, by: budget.confirmationsAtOnce) {
            let batch = Array(addresses[start..<min(start + budget.confirmationsAtOnce, addresses.count)])
            let types = await confirm(batch, &found)
            if let index = types.firstIndex(where: { $0 != nil }), let type = types[index] {
                return (batch[index], type)
            }
        }
        return nil
    }

    /// Confirms `batch` concurrently: each address's feed type, or `nil`, in the batch's order.
    private func confirm(_ batch: [String], _ found: inout FoundFeeds) async -> [String?] {
        var types = [String?](repeating: nil, count: batch.count)
        let outcomes = await withTaskGroup(of: (Int, String?, Int).self) { group in
            for (index, address) in batch.enumerated() {
                group.addTask {
                    guard let url = URL(string: address) else { return (index, nil, 0) }
                    let (type, bytes) = await confirmation(url)
                    return (index, type, bytes)
                }
            }
            var outcomes: [(Int, String?, Int)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        for (index, type, bytes) in outcomes {
            types[index] = type
            found.bytesFetched += bytes
        }
        found.requests += batch.count
        return types
    }

    /// The candidate's feed type when its first bytes say it is a feed, and the bytes read.
    private func confirmation(_ url: URL) async -> (type: String?, bytes: Int) {
        let verdicts = transport.parsedItems(for: Self.request(url), limits: limits) { _ in CandidateProbe() }
        do {
            for try await outcome in verdicts {
                if case .feed(let type) = outcome.verdict { return (type, outcome.bytes) }
                return (nil, outcome.bytes)
            }
        } catch {}
        return (nil, 0)
    }

    /// Where a page's feed may be when the page links none: ``wellKnownPaths`` under the page's directory
    /// (`/blog/` for `/blog/`, `/blog` and `/blog/index.html`), then under the site's root.
    func guesses(for page: URL) -> [URL] {
        let path = URLComponents(url: page, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? "/"
        var directory = path.isEmpty ? "/" : path
        if !directory.hasSuffix("/") {
            // `/blog/index.html` lives in `/blog/`; `/blog` is read as the directory a person means.
            let slash = directory.lastIndex(of: "/").map { directory.index(after: $0) } ?? directory.startIndex
            let last = directory[slash...]
            directory = last.contains(".") ? String(directory.dropLast(last.count)) : directory + "/"
        }
        var urls: [URL] = []
        for base in directory == "/" ? ["/"] : [directory, "/"] {
            for known in wellKnownPaths {
                let relative = base + known.drop(while: { $0 == "/" })
                guard let url = URL(string: relative, relativeTo: page)?.absoluteURL, !urls.contains(url) else {
                    continue
                }
                urls.append(url)
            }
        }
        return urls
    }

    /// The page metadata of a feed's home page (`home`, the channel's `link`, resolved against the feed's address):
    /// its head only. Without a home link, or when the page cannot be read, metadata naming the site's root and the
    /// feed's title, from which ``FeedLinkParser/PageMetadata/bestIcon(minimumSize:)`` still gives the site's
    /// `/favicon.ico`.
    func homePage(
        of feedURL: URL, home: String?, title: String?, _ found: inout FoundFeeds
    ) async -> FeedLinkParser.PageMetadata {
        let root = URL(string: "/", relativeTo: feedURL)?.absoluteURL
        var fallback = FeedLinkParser.PageMetadata(title: title, url: root?.absoluteString)
        guard let home, let url = URL(string: home, relativeTo: feedURL)?.absoluteURL,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { return fallback }
        fallback.url = url.absoluteString
        found.requests += 1
        var page: FeedLinkParser.PageMetadata?
        var bytes = 0
        _ = try? await readPage(url) { event in
            switch event {
            case .link:
                return true
            case .headEnded(let metadata, let read), .finished(let metadata, let read):
                page = metadata
                bytes = read
            case .feedDocument(_, _, _, let read):
                bytes = read
            }
            return false
        }
        found.bytesFetched += bytes
        guard var page else { return fallback }
        if page.title == nil { page.title = title }
        return page
    }
}
