@_spi(XMLEngine) import XMLStream
/// What an open element means to the RSS decoder; the role decides what its children and text become.
enum RSSRole: FeedElementRole {
    /// The root `rss` or `rdf:RDF`.
    case root
    /// The `channel`: the feed's metadata (and, in RSS 0.9x and 2.0, its items).
    case channel
    /// An `item`, inside the channel (RSS 0.9x, 2.0) or beside it (RSS 1.0, 0.90).
    case item
    /// The channel's `skipHours` or `skipDays`, whose `hour` and `day` children are fields.
    case skipList
    /// The channel's `image`: only its `url` is kept (as the feed's logo); its `title` and `link` never leak into
    /// the channel's.
    case image
    /// A `media:group` of an item, whose `media:content` and `media:thumbnail` children count as the item's.
    case mediaGroup
    /// An `itunes:category` (its `text` attribute already taken), whose nested `itunes:category` children are
    /// categories too.
    case itunesCategory(FeedScope)
    /// An element whose text becomes a field of the channel or the current item.
    case field(RSSField, FeedScope)
    /// An element inside an HTML field (naked markup in a `description`), re-serialized into the value.
    case markup
    /// A text-only child of an item that no field holds: kept in the entry's `extensions`.
    case extensionElement(namespace: XMLName, localName: XMLName)
    /// An iTunes, Podcasting 2.0 or Media RSS element read by the ``PodcastReader``; `keepsExtension` when it is a
    /// text-only child of the item that `extensions` keeps as before.
    case podcast(PodcastElement, FeedScope, keepsExtension: Bool)
    /// An element the model does not hold; its whole subtree is skipped.
    case ignored
}

/// The fields text elements fill.
enum RSSField {
    /// `title`, `dc:title`.
    case title
    /// `link`: the alternate link.
    case link
    /// `description`, `dc:description`: HTML.
    case description
    /// `content:encoded`: HTML.
    case content
    /// `guid`, with its `isPermaLink` kept aside.
    case guid
    /// `atom:id`.
    case id
    /// `pubDate`, `dcterms:issued`, `dcterms:created`, `atom:published`.
    case published
    /// `dc:date`, `lastBuildDate`, `dcterms:modified`, `atom:updated`.
    case updated
    /// `author`, `managingEditor`, `dc:creator`: a person written as text.
    case author
    /// `dc:contributor`.
    case contributor
    /// `category` (with its `domain` kept aside), `dc:subject`.
    case category
    /// `copyright`, `dc:rights`.
    case rights
    /// `generator`.
    case generator
    /// The channel's `language`, `dc:language`: the day and month order of its numeric dates.
    case language
    /// The channel image's `url`.
    case logo
    /// `itunes:summary`, `itunes:subtitle`: the item's summary or the channel's subtitle (text) when the feed has
    /// no `description`.
    case fallbackSummary
    /// The channel's update schedule (``FeedUpdateSchedule``): `ttl`, `sy:updatePeriod`, `sy:updateFrequency`,
    /// `skipHours/hour`, `skipDays/day`.
    case ttl, updatePeriod, updateFrequency, skipHour, skipDay

    /// Whether the field holds HTML, so that elements inside it are markup rather than noise.
    var isHTML: Bool { self == .description || self == .content }
}

/// One open element of an RSS document.
typealias RSSFrame = ElementFrame<RSSRole>
