#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The metadata of an Atom feed: everything but its entries, including OpenSearch totals and RFC 5005 paging.
///
/// Complete after `finish()`; readable at any time before, since feeds may put their metadata after the
/// entries.
public struct AtomFeed: Sendable, Hashable, Codable {
    /// The syndication format: `atom1.0` from ``AtomParser``; from ``FeedParser`` also `atom0.3`, `rss0.90`,
    /// `rss0.91`, `rss0.92`, `rss0.93`, `rss0.94`, `rss1.0`, `rss2.0`, or `rss` for an `rss` root whose `version`
    /// is missing or unknown; `json1.0` or `json1.1` for a JSON Feed; `rss-in-json` for RSS 2.0 written as JSON
    /// (RSS-in-JSON, as Scripting News publishes it). (`atompub` for an AtomPub service or category document.)
    public var format: String
    /// The feed's permanent id.
    public var id: String?
    /// The feed's title.
    public var title: AtomText?
    /// The feed's subtitle.
    public var subtitle: AtomText?
    /// When the feed last changed.
    public var updated: Date?
    /// The feed's authors.
    public var authors: [AtomPerson]
    /// The feed's links.
    public var links: [AtomLink]
    /// The feed's categories.
    public var categories: [AtomCategory]
    /// The software that generated the feed.
    public var generator: AtomGenerator?
    /// A small square image, resolved.
    public var icon: String?
    /// A larger image, resolved.
    public var logo: String?
    /// Rights held in and over the feed.
    public var rights: AtomText?
    /// OpenSearch `totalResults`: how many entries the whole result set has.
    public var totalResults: Int?
    /// OpenSearch `startIndex`: the index of this page's first entry.
    public var startIndex: Int?
    /// OpenSearch `itemsPerPage`.
    public var itemsPerPage: Int?
    /// The next page (`rel="next"`), resolved.
    public var nextURL: String?
    /// The previous page (`rel="previous"` or `prev`), resolved.
    public var previousURL: String?
    /// The first page (`rel="first"`), resolved.
    public var firstURL: String?
    /// The last page (`rel="last"`), resolved.
    public var lastURL: String?
    /// Feed history `fh:complete` (RFC 5005): the feed holds every entry there is.
    public var complete: Bool?
    /// The typed podcast fields of the show (iTunes, Podcasting 2.0); `nil` when there are none.
    public var podcast: PodcastFeedInfo?
    /// When the feed says it is worth fetching again (RSS `ttl`, `skipHours`, `skipDays`, `sy:updatePeriod`,
    /// `sy:updateFrequency`); `nil` when it says nothing.
    public var updateSchedule: FeedUpdateSchedule? = nil

    /// Creates feed metadata.
    public init(
        format: String = "atom1.0", id: String? = nil, title: AtomText? = nil, subtitle: AtomText? = nil,
        updated: Date? = nil, authors: [AtomPerson] = [], links: [AtomLink] = [], categories: [AtomCategory] = [],
        generator: AtomGenerator? = nil, icon: String? = nil, logo: String? = nil, rights: AtomText? = nil,
        totalResults: Int? = nil, startIndex: Int? = nil, itemsPerPage: Int? = nil, nextURL: String? = nil,
        previousURL: String? = nil, firstURL: String? = nil, lastURL: String? = nil, complete: Bool? = nil,
        podcast: PodcastFeedInfo? = nil
    ) {
        self.format = format
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.updated = updated
        self.authors = authors
        self.links = links
        self.categories = categories
        self.generator = generator
        self.icon = icon
        self.logo = logo
        self.rights = rights
        self.totalResults = totalResults
        self.startIndex = startIndex
        self.itemsPerPage = itemsPerPage
        self.nextURL = nextURL
        self.previousURL = previousURL
        self.firstURL = firstURL
        self.lastURL = lastURL
        self.complete = complete
        self.podcast = podcast
    }
}

/// The `generator` of a feed.
public struct AtomGenerator: Sendable, Hashable, Codable {
    /// The generator's name (the element's text).
    public var name: String
    /// The generator's home page, resolved.
    public var uri: String?
    /// The generator's version.
    public var version: String?

    /// Creates a generator.
    public init(name: String, uri: String? = nil, version: String? = nil) {
        self.name = name
        self.uri = uri
        self.version = version
    }
}
