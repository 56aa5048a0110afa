#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One `entry` of an Atom feed, complete as soon as its closing tag has been parsed.
public struct AtomEntry: Sendable, Hashable {
    /// The entry's permanent id.
    public var id: String?
    /// The entry's own title — never the feed's, a `source`'s or an author's.
    public var title: AtomText?
    /// A short summary.
    public var summary: AtomText?
    /// The content, inline or by reference.
    public var content: AtomContent?
    /// When the entry was first published.
    public var published: Date?
    /// When the entry was last updated.
    public var updated: Date?
    /// The authors.
    public var authors: [AtomPerson]
    /// The contributors.
    public var contributors: [AtomPerson]
    /// The links, in document order.
    public var links: [AtomLink]
    /// The categories, in document order.
    public var categories: [AtomCategory]
    /// Rights held in and over the entry.
    public var rights: AtomText?
    /// The resources this entry replies to (`thr:in-reply-to`).
    public var inReplyTo: [AtomReplyReference]
    /// Every text-only child element outside the Atom namespace, in document order.
    public var extensions: [AtomExtensionElement]
    /// The typed podcast fields (iTunes, Podcasting 2.0, JSON Feed attachment durations); `nil` when there are none.
    public var podcast: PodcastEpisodeInfo? {
        get { podcastStorage?.value }
        set { podcastStorage = newValue.map(PodcastEpisodeStorage.init) }
    }
    /// Held out of line: most entries have none, and an entry is moved several times on its way out of a decoder.
    var podcastStorage: PodcastEpisodeStorage?
    /// The typed media objects (Media RSS, JSON Feed images), in document order; `nil` when there are none.
    public var media: [MediaContent]?
    /// Set when ``content`` was filled in from the page the entry links to, because the feed sent only a summary
    /// (FeedStreamServices' `FeedRefresher` full-text option): the page, and why it gave nothing when it failed;
    /// `nil` for content as the feed sent it. Never set by a decoder.
    public var extraction: ContentExtraction? {
        get { extractionStorage?.value }
        set { extractionStorage = newValue.map(ContentExtractionStorage.init) }
    }
    /// Held out of line, as ``podcastStorage`` is: almost every entry has none.
    var extractionStorage: ContentExtractionStorage?
    /// Set by a decoder when the document decides the entry's ``identity`` (an id it repeats); `nil` otherwise.
    var decodedIdentity = DecodedIdentity()

    /// Creates an entry.
    public init(
        id: String? = nil, title: AtomText? = nil, summary: AtomText? = nil, content: AtomContent? = nil,
        published: Date? = nil, updated: Date? = nil, authors: [AtomPerson] = [], contributors: [AtomPerson] = [],
        links: [AtomLink] = [], categories: [AtomCategory] = [], rights: AtomText? = nil,
        inReplyTo: [AtomReplyReference] = [], extensions: [AtomExtensionElement] = [],
        podcast: PodcastEpisodeInfo? = nil, media: [MediaContent]? = nil, extraction: ContentExtraction? = nil
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.content = content
        self.published = published
        self.updated = updated
        self.authors = authors
        self.contributors = contributors
        self.links = links
        self.categories = categories
        self.rights = rights
        self.inReplyTo = inReplyTo
        self.extensions = extensions
        self.podcastStorage = podcast.map(PodcastEpisodeStorage.init)
        self.media = media
        self.extractionStorage = extraction.map(ContentExtractionStorage.init)
    }

    /// An empty entry whose lists have the room a decoder reserved; no podcast or media parameters to build and
    /// drop, so that starting an entry stays a few stores (callgrind: the public initialiser's optional
    /// `PodcastEpisodeInfo` parameter made every Atom entry copy and destroy an entry on the way in).
    init(
        reservedAuthors authors: [AtomPerson], links: [AtomLink], categories: [AtomCategory],
        extensions: [AtomExtensionElement]
    ) {
        self.authors = authors
        self.contributors = []
        self.links = links
        self.categories = categories
        self.inReplyTo = []
        self.extensions = extensions
    }

    /// The first link with the given relation.
    public func link(rel: String) -> AtomLink? {
        links.first { $0.rel == rel }
    }
}
