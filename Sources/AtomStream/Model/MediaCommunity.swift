/// `media:community`: what the object's audience made of it — ratings, counts and tags.
public struct MediaCommunity: Sendable, Hashable, Codable {
    /// `media:starRating`.
    public var starRating: MediaStarRating?
    /// `media:statistics`.
    public var statistics: MediaStatistics?
    /// `media:tags`, split at commas: `news: 5, abc:3` gives two tags with weights.
    public var tags: [MediaTag]

    /// Creates community data.
    public init(starRating: MediaStarRating? = nil, statistics: MediaStatistics? = nil, tags: [MediaTag] = []) {
        self.starRating = starRating
        self.statistics = statistics
        self.tags = tags
    }
}

/// `media:starRating` of a ``MediaCommunity``.
public struct MediaStarRating: Sendable, Hashable, Codable {
    /// `average`.
    public var average: Double?
    /// `count`: how many ratings the average is of.
    public var count: Int64?
    /// `min`: the lowest possible rating.
    public var min: Double?
    /// `max`: the highest possible rating.
    public var max: Double?

    /// Creates a star rating.
    public init(average: Double? = nil, count: Int64? = nil, min: Double? = nil, max: Double? = nil) {
        self.average = average
        self.count = count
        self.min = min
        self.max = max
    }
}

/// `media:statistics` of a ``MediaCommunity``.
public struct MediaStatistics: Sendable, Hashable, Codable {
    /// `views`.
    public var views: Int64?
    /// `favorites`.
    public var favorites: Int64?

    /// Creates statistics.
    public init(views: Int64? = nil, favorites: Int64? = nil) {
        self.views = views
        self.favorites = favorites
    }
}

/// One tag of `media:tags`.
public struct MediaTag: Sendable, Hashable, Codable {
    /// The tag.
    public var name: String
    /// Its weight; 1 when the feed gives none.
    public var weight: Int

    /// Creates a tag.
    public init(name: String, weight: Int = 1) {
        self.name = name
        self.weight = weight
    }
}
