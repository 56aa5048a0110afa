import ArticleExtraction
import AtomStream
import Foundation

/// How a ``FeedRefresher`` fills in entries whose feed sends only a summary (``FeedRefresher/fullText``): the page
/// each links to is fetched with the refresher's client and its article (``FeedClient/article(at:rules:)``) becomes
/// the entry's content, recorded in ``AtomEntry/extraction``.
///
/// An entry is filled when it is ``EntryChange/new`` to this refresh (one met before was filled when it was new, and
/// its ``AtomEntry/digest`` stays that of what the feed sent, so it comes back `unchanged`), its alternate link is an
/// `http` or `https` URL, and it holds no more than a summary: no inline content (and no `src`), or `text`, `html` or
/// `xhtml` content equal to its summary or with fewer than ``summaryLength`` characters of text (outside markup,
/// white space not counted).
public struct FullTextOptions: Sendable, Hashable {
    /// Article fetches at once against one host, at most; counted apart from the feed transfers' own
    /// ``FeedRefresher/perHost`` (a host serving both feeds and pages may see both at once). Default 2.
    public var perHost: Int
    /// Article fetches in one run, at most; the entries past it come as the feed sent them, their
    /// ``ContentExtraction/failure`` saying so. Default 100.
    public var limit: Int
    /// Content with fewer characters of text than this (markup and white space left out) counts as a summary.
    /// Default 500.
    public var summaryLength: Int
    /// Site rules tried before the general method, for the pages of their hosts.
    public var rules: [SiteRule]
    /// Whether the app already holds an entry (so an earlier run filled it), for a refresh over an array, which
    /// remembers nothing and reports every entry `new`: `true` fetches no page for it. The command line's
    /// `--state` file answers from what each subscription saw. Left out of equality and hashing.
    package var isKnown: (@Sendable (Subscription.ID, AtomEntry) async -> Bool)?

    /// Creates the options.
    public init(perHost: Int = 2, limit: Int = 100, summaryLength: Int = 500, rules: [SiteRule] = []) {
        self.perHost = max(1, perHost)
        self.limit = max(0, limit)
        self.summaryLength = max(0, summaryLength)
        self.rules = rules
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        (lhs.perHost, lhs.limit, lhs.summaryLength, lhs.rules) == (rhs.perHost, rhs.limit, rhs.summaryLength, rhs.rules)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(perHost)
        hasher.combine(limit)
        hasher.combine(summaryLength)
        hasher.combine(rules)
    }

    /// The page to fill `entry` in from, when it holds no more than a summary; `nil` otherwise.
    package func page(for entry: AtomEntry) -> URL? {
        guard let link = entry.alternateLink, let url = URL(string: link),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        guard let content = entry.content else { return url }
        guard content.src == nil, ["text", "html", "xhtml"].contains(content.type) else { return nil }
        guard let value = content.value, !value.isEmpty, value != entry.summary?.value else { return url }
        return Self.textLength(of: value, reaching: summaryLength) < summaryLength ? url : nil
    }

    /// The characters of `markup` outside tags, counted up to `limit` (what a summary's length is judged by; a long
    /// article stops the count early).
    static func textLength(of markup: String, reaching limit: Int) -> Int {
        var count = 0
        var inTag = false
        for character in markup where count < limit {
            switch character {
            case "<": inTag = true
            case ">" where inTag: inTag = false
            default: if !inTag && !character.isWhitespace { count += 1 }
            }
        }
        return count
    }
}
