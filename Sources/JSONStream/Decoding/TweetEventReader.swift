/// Decodes one tweet (or one stream message) straight off the engine's events, for every API generation.
///
/// The owner calls ``begin()`` when the tweet's object has started and forwards every event until ``end()``
/// reports that the object closed. Members no model field needs are skipped by counting depth.
struct TweetEventReader {
    /// Which object the reader is inside.
    private enum Context {
        case tweet
        case user
        case entities(extended: Bool)
        case list(EntityList, extended: Bool)
        case listItem(EntityList, extended: Bool)
        case extendedTweet
        case nestedStatus(retweeted: Bool)
        case metrics
        case references
        case reference
        case notice(StreamNoticeFields.Kind)
        case deletionTarget
    }

    enum EntityList {
        case hashtags, mentions, urls
    }

    /// In a search response a value of the wrong type is an error; in a stream it means "not a tweet".
    let strict: Bool
    /// Whether top-level `delete` / `limit` / `disconnect` / `warning` members are read.
    let readsNotices: Bool
    private var cursor = JSONMemberCursor<Context, TweetKey>()
    private(set) var fields = TweetFields()

    init(strict: Bool, readsNotices: Bool) {
        self.strict = strict
        self.readsNotices = readsNotices
        cursor.reserveCapacity(8)
    }

    /// Starts a tweet whose object has just opened.
    mutating func begin() {
        cursor.reset(to: .tweet)
        fields = TweetFields()
    }

    mutating func key(_ name: UnsafeRawBufferPointer) {
        cursor.key(name, in: TweetKey.table)
    }

    mutating func start(array: Bool) throws(StreamError) {
        // The tweet's own object is the reader's root: `begin()` has entered it.
        guard case let (context, key)? = try cursor.open(array: array, root: .tweet, document: "a tweet")
        else { return }
        guard let next = try child(of: context, key: key, array: array) else {
            cursor.skip()
            return
        }
        if case .listItem = next {
            fields.pendingURL = nil
            fields.pendingExpandedURL = nil
        }
        if case .reference = next {
            fields.pendingReferenceType = nil
            fields.pendingReferenceID = nil
        }
        if case .notice(let kind) = next { fields.notice.kind = kind }
        cursor.enter(next)
    }

    /// Returns whether the tweet's own object closed.
    mutating func end() -> Bool {
        guard let closed = cursor.close() else { return false }
        switch closed {
        case .listItem(.urls, let extended):
            if let url = fields.pendingURL {
                let link = TweetURL(url: url, expandedURL: fields.pendingExpandedURL)
                if extended { fields.extendedURLs.append(link) } else { fields.urls.append(link) }
            }
        case .reference:
            if let id = fields.pendingReferenceID {
                switch fields.pendingReferenceType {
                case "retweeted": fields.retweetedStatusID = fields.retweetedStatusID ?? id
                case "quoted": fields.quotedStatusID = fields.quotedStatusID ?? id
                case "replied_to": fields.inReplyToStatusID = fields.inReplyToStatusID ?? id
                default: break
                }
            }
        case .entities(extended: true):
            fields.hasExtendedEntities = true
        default:
            break
        }
        return cursor.contexts.isEmpty
    }

    private mutating func child(of context: Context, key: TweetKey?, array: Bool) throws(StreamError) -> Context? {
        switch (context, key, array) {
        case (.tweet, .user?, false): return .user
        case (.tweet, .entities?, false): return .entities(extended: false)
        case (.tweet, .extendedTweet?, false): return .extendedTweet
        case (.tweet, .retweetedStatus?, false): return .nestedStatus(retweeted: true)
        case (.tweet, .quotedStatus?, false): return .nestedStatus(retweeted: false)
        case (.tweet, .publicMetrics?, false): return .metrics
        case (.tweet, .referencedTweets?, true): return .references
        case (.tweet, .delete?, false) where readsNotices: return .notice(.delete)
        case (.tweet, .limit?, false) where readsNotices: return .notice(.limit)
        case (.tweet, .disconnect?, false) where readsNotices: return .notice(.disconnect)
        case (.tweet, .warning?, false) where readsNotices: return .notice(.warning)
        case (.notice(.delete), .status?, false), (.notice(.delete), .directMessage?, false): return .deletionTarget
        case (.extendedTweet, .entities?, false): return .entities(extended: true)
        case (.entities(let extended), .hashtags?, true): return .list(.hashtags, extended: extended)
        case (.entities(let extended), .userMentions?, true), (.entities(let extended), .mentions?, true):
            return .list(.mentions, extended: extended)
        case (.entities(let extended), .urls?, true): return .list(.urls, extended: extended)
        case (.list(let list, let extended), _, false): return .listItem(list, extended: extended)
        case (.references, _, false): return .reference
        case (.tweet, let key?, _) where Self.scalarTweetKeys.contains(key),
            (.user, let key?, _) where Self.scalarUserKeys.contains(key):
            try wrongType(found: array ? "an array" : "an object")
            return nil
        default:
            return nil
        }
    }

    private static let scalarTweetKeys: Set<TweetKey> = [
        .id, .idStr, .text, .fullText, .createdAt, .source, .lang, .inReplyToStatusID, .inReplyToUserID,
        .inReplyToScreenName, .retweetCount, .favoriteCount,
    ]
    private static let scalarUserKeys: Set<TweetKey> = [.id, .idStr, .screenName, .name]

    private mutating func wrongType(found: String) throws(StreamError) {
        fields.sawWrongType = true
        if strict {
            throw StreamError(kind: .typeMismatch, message: "unexpected \(found)")
        }
    }

    /// Unwraps a reading: `null` leaves the field alone, a wrong type is reported.
    private mutating func read<V>(_ reading: ScalarReading<V>) throws(StreamError) -> V? {
        switch reading {
        case .value(let value): return value
        case .absent: return nil
        case .wrongType(let found):
            try wrongType(found: found)
            return nil
        }
    }

    mutating func scalar(_ value: JSONScalar) throws(StreamError) {
        guard case let (context, key)? = try cursor.scalar(document: "a tweet") else { return }
        switch context {
        case .tweet: try tweetScalar(key, value)
        case .user:
            switch key {
            case .id?: fields.userID = try read(value.int64)
            case .idStr?: fields.userIDString = try read(value.text)
            case .screenName?, .username?: fields.screenName = try read(value.text)
            case .name?: fields.userName = try read(value.text)
            case .profileImageURL?: fields.profileImageURL = try read(value.text)
            case .profileImageURLHTTPS?: fields.profileImageURLHTTPS = try read(value.text)
            default: break
            }
        case .extendedTweet:
            if key == .fullText { fields.extendedFullText = try read(value.text) }
        case .listItem(let list, let extended):
            try listItemScalar(list, extended: extended, key, value)
        case .nestedStatus(let retweeted):
            guard key == .id || key == .idStr, let id = try read(value.int64) else { return }
            if retweeted {
                fields.retweetedStatusID = fields.retweetedStatusID ?? id
            } else {
                fields.quotedStatusID = fields.quotedStatusID ?? id
            }
        case .metrics:
            if key == .retweetCount { fields.retweetCount = try read(value.int) }
            if key == .likeCount { fields.favoriteCount = try read(value.int) }
        case .reference:
            if key == .type { fields.pendingReferenceType = try read(value.text) }
            if key == .id { fields.pendingReferenceID = try read(value.int64) }
        case .deletionTarget:
            if key == .id { fields.notice.id = try read(value.int64) }
            if key == .idStr, fields.notice.id == nil { fields.notice.id = try read(value.int64) }
            if key == .userID { fields.notice.userID = try read(value.int64) }
        case .notice(let kind):
            try noticeScalar(kind, key, value)
        case .entities, .list, .references:
            break
        }
    }

    private mutating func tweetScalar(_ key: TweetKey?, _ value: JSONScalar) throws(StreamError) {
        switch key {
        case .id?: fields.id = try read(value.int64)
        case .idStr?: fields.idString = try read(value.text)
        case .text?: fields.text = try read(value.text)
        case .fullText?: fields.fullText = try read(value.text)
        case .createdAt?: fields.createdAt = try read(value.date)
        case .lang?, .isoLanguageCode?: fields.languageCode = try read(value.text) ?? fields.languageCode
        case .source?: fields.source = try read(value.text)
        case .inReplyToStatusID?, .inReplyToStatusIDStr?:
            fields.inReplyToStatusID = try read(value.int64) ?? fields.inReplyToStatusID
        case .inReplyToUserID?, .inReplyToUserIDStr?:
            fields.inReplyToUserID = try read(value.int64) ?? fields.inReplyToUserID
        case .inReplyToScreenName?: fields.inReplyToScreenName = try read(value.text)
        case .retweetCount?: fields.retweetCount = try read(value.int)
        case .favoriteCount?: fields.favoriteCount = try read(value.int)
        case .quotedStatusID?, .quotedStatusIDStr?:
            fields.quotedStatusID = try read(value.int64) ?? fields.quotedStatusID
        case .fromUser?: fields.fromUser = try read(value.text)
        case .fromUserID?: fields.fromUserID = try read(value.int64)
        case .fromUserIDStr?: fields.fromUserIDString = try read(value.text)
        case .fromUserName?: fields.fromUserName = try read(value.text)
        case .profileImageURL?: fields.flatProfileImageURL = try read(value.text)
        case .toUser?: fields.toUser = try read(value.text)
        case .toUserID?, .toUserIDStr?: fields.toUserID = try read(value.int64) ?? fields.toUserID
        case .authorID?: fields.authorID = try read(value.int64)
        case .user?, .entities?, .extendedTweet?, .retweetedStatus?, .quotedStatus?, .publicMetrics?,
            .referencedTweets?:
            // An object member that is `null` (or, wrongly, a scalar).
            if case .null = value { return }
            try wrongType(found: ScalarReading<Int>.describe(value))
        default:
            break
        }
    }

    private mutating func listItemScalar(
        _ list: EntityList, extended: Bool, _ key: TweetKey?, _ value: JSONScalar
    ) throws(StreamError) {
        switch (list, key) {
        case (.hashtags, .text?), (.hashtags, .tag?):
            guard let tag = try read(value.text) else { return }
            if extended { fields.extendedHashtags.append(tag) } else { fields.hashtags.append(tag) }
        case (.mentions, .screenName?), (.mentions, .username?):
            guard let name = try read(value.text) else { return }
            if extended { fields.extendedMentions.append(name) } else { fields.mentions.append(name) }
        case (.urls, .url?): fields.pendingURL = try read(value.text)
        case (.urls, .expandedURL?): fields.pendingExpandedURL = try read(value.text)
        default: break
        }
    }

    private mutating func noticeScalar(
        _ kind: StreamNoticeFields.Kind, _ key: TweetKey?, _ value: JSONScalar
    ) throws(StreamError) {
        switch (kind, key) {
        case (.limit, .track?): fields.notice.track = try read(value.int64)
        case (.disconnect, .code?): fields.notice.code = try read(value.int)
        case (.disconnect, .streamName?): fields.notice.streamName = try read(value.text)
        case (.disconnect, .reason?): fields.notice.reason = try read(value.text)
        case (.warning, .code?): fields.notice.codeText = try read(value.text)
        case (.warning, .message?): fields.notice.message = try read(value.text)
        case (.warning, .percentFull?): fields.notice.percentFull = try read(value.int)
        default: break
        }
    }
}
