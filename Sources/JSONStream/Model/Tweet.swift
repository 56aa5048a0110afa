#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A tweet from any Twitter API generation (v1 search, v1.1, v2, streaming), as one shape.
public struct Tweet: Sendable, Hashable, Codable {
    /// The tweet id, exact (ids are above 2^53, so never read them as `Double`).
    public var id: Int64
    /// The id as the service wrote it in text.
    public var idString: String
    /// The full text: `full_text` or `extended_tweet.full_text` when the response carries it, else `text`.
    public var text: String
    /// When the tweet was posted.
    public var createdAt: Date?
    /// The author; for v2 responses resolved from `author_id` in `includes.users`.
    public var user: TwitterUser?
    /// The BCP 47 language Twitter detected (`lang`, v1 `iso_language_code`).
    public var languageCode: String?
    /// The posting client, as HTML.
    public var source: String?
    /// The tweet this one replies to.
    public var inReplyToStatusID: Int64?
    /// The author of the tweet this one replies to.
    public var inReplyToUserID: Int64?
    /// The screen name of that author.
    public var inReplyToScreenName: String?
    /// How often it was retweeted.
    public var retweetCount: Int?
    /// How often it was liked (v2 `like_count`).
    public var favoriteCount: Int?
    /// Hashtags without `#`, in order.
    public var hashtags: [String]
    /// Mentioned screen names without `@`, in order.
    public var mentions: [String]
    /// Links, as shortened in the text and expanded.
    public var urls: [TweetURL]
    /// The retweeted tweet, when this is a retweet.
    public var retweetedStatusID: Int64?
    /// The quoted tweet, when this quotes one.
    public var quotedStatusID: Int64?

    /// Creates a tweet.
    public init(
        id: Int64, idString: String, text: String, createdAt: Date? = nil, user: TwitterUser? = nil,
        languageCode: String? = nil, source: String? = nil, inReplyToStatusID: Int64? = nil,
        inReplyToUserID: Int64? = nil, inReplyToScreenName: String? = nil, retweetCount: Int? = nil,
        favoriteCount: Int? = nil, hashtags: [String] = [], mentions: [String] = [], urls: [TweetURL] = [],
        retweetedStatusID: Int64? = nil, quotedStatusID: Int64? = nil
    ) {
        self.id = id
        self.idString = idString
        self.text = text
        self.createdAt = createdAt
        self.user = user
        self.languageCode = languageCode
        self.source = source
        self.inReplyToStatusID = inReplyToStatusID
        self.inReplyToUserID = inReplyToUserID
        self.inReplyToScreenName = inReplyToScreenName
        self.retweetCount = retweetCount
        self.favoriteCount = favoriteCount
        self.hashtags = hashtags
        self.mentions = mentions
        self.urls = urls
        self.retweetedStatusID = retweetedStatusID
        self.quotedStatusID = quotedStatusID
    }
}

/// A link in a tweet.
public struct TweetURL: Sendable, Hashable, Codable {
    /// The shortened link as it appears in the text (`https://t.co/…`).
    public var url: String
    /// Where it leads.
    public var expandedURL: String?

    /// Creates a link.
    public init(url: String, expandedURL: String? = nil) {
        self.url = url
        self.expandedURL = expandedURL
    }
}
