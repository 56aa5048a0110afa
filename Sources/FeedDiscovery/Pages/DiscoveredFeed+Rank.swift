extension DiscoveredFeed {
    /// `feeds` best first, as a reader offering one feed of several should order them: NetNewsWire's
    /// `FeedSpecifier` scoring. The address itself wins outright; a declared link (`head`) scores 50 more than one
    /// found another way; each place further down the list costs 5 (a page lists its main feed first); a comments
    /// feed (`comments` in the address, and again in the title), a per-category, per-tag or per-author feed
    /// (`/category/`, `/tag/`, `/author/`, `?cat=` …) and a podcast's cost 10; `rss` in the address adds 5, as does an
    /// address ending `/index.xml` (Hugo) or `/feed/` (WordPress; `/feed` adds 4), and `json` 3. Equal scores keep the
    /// list's order.
    public static func ranked(_ feeds: [DiscoveredFeed]) -> [DiscoveredFeed] {
        let scores = feeds.indices.map { feeds[$0].score(at: $0) }
        let order = feeds.indices.sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }
        return order.map { feeds[$0] }
    }

    /// The score of this feed found at `order` (0-based) in its list.
    func score(at order: Int) -> Int {
        if source == .self { return 1000 }
        var score = source == .head ? 50 : 0
        score -= order * 5
        let address = url.lowercased()
        let title = title?.lowercased() ?? ""
        if address.contains("comments") { score -= 10 }
        if title.contains("comments") { score -= 10 }
        if Self.narrowingMarks.contains(where: { address.contains($0) }) { score -= 10 }
        if address.contains("podcast") { score -= 10 }
        if address.contains("rss") { score += 5 }
        if address.hasSuffix("/index.xml") || address.hasSuffix("/feed/") { score += 5 }
        if address.hasSuffix("/feed") { score += 4 }
        if address.contains("json") { score += 3 }
        return score
    }

    /// What marks a feed of a part of the site: WordPress's category, tag and author archives and their query
    /// forms.
    private static let narrowingMarks = [
        "/category/", "/categories/", "/tag/", "/tags/", "/author/", "?cat=", "&cat=", "?tag=", "&tag=",
    ]
}
