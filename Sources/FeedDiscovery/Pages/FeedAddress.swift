/// What an address alone says about whether it is a feed's: the test ``FeedLinkParser`` applies to `<a href>`s in a
/// page's body, which carry no type (feedfinder's heuristics: the extension, or a path segment naming a feed).
enum FeedAddress {
    /// The media type a link to `reference` most likely has, or `nil` when it does not look like a feed. A `type`
    /// attribute naming a feed type wins.
    static func likelyType(of reference: String, declared: String?) -> String? {
        if let declared = declared?.lowercased().split(separator: ";").first.map(String.init)?
            .trimmingSpacesAndTabs(),
            feedTypes.contains(declared)
        {
            return declared
        }
        let lowered = reference.lowercased()
        guard !lowered.isEmpty, !lowered.hasPrefix("#"), !lowered.hasPrefix("mailto:"),
            !lowered.hasPrefix("javascript:")
        else { return nil }
        // The path alone: a query (`?format=rss`) or fragment says too little to fetch the page for.
        var path = Substring(lowered)
        if let schemeEnd = path.firstRange(of: "://") {
            path = path[schemeEnd.upperBound...]
            path = path.firstIndex(of: "/").map { path[$0...] } ?? ""
        }
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        let segments = path.split(separator: "/")
        guard let last = segments.last else { return nil }
        if last.hasSuffix(".atom") { return "application/atom+xml" }
        if last.hasSuffix(".rdf") { return "application/rdf+xml" }
        if last.hasSuffix(".rss") { return "application/rss+xml" }
        if last.hasSuffix(".json") {
            return segments.contains { $0.contains("feed") } ? "application/feed+json" : nil
        }
        let named = segments.contains { segment in
            let stem = segment.split(separator: ".").first ?? segment
            return feedWords.contains(String(stem))
        }
        guard named || last.hasSuffix(".xml") && segments.contains(where: { $0.contains("feed") || $0.contains("rss") })
        else { return nil }
        return segments.contains { $0.contains("atom") } ? "application/atom+xml" : "application/rss+xml"
    }

    /// The media types a feed link may carry.
    static let feedTypes: Set<String> = [
        "application/rss+xml", "application/atom+xml", "application/rdf+xml", "application/feed+json",
    ]

    /// Path segments (before any extension) that name a feed.
    private static let feedWords: Set<String> = ["feed", "feeds", "rss", "atom", "rss2"]
}
