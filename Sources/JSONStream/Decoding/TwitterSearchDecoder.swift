@_spi(StreamPlumbing) import StreamCore

/// Reads a search response of any generation off the engine's events: page metadata into a
/// ``TwitterSearchPage``, each tweet through a ``TweetEventReader``.
///
/// v2 names authors by id and lists users in `includes.users`, which may come after `data`; tweets are then held
/// (one page, bounded by the page size) until the users are known or the response ends.
final class TwitterSearchDecoder: JSONEventHandler, JSONItemHandler {
    private enum Context {
        case root
        case tweets(TwitterSearchFormat)
        case searchMetadata, meta, includes, includedUsers, includedUser
        case errors, errorItem
    }

    private enum Key {
        case results, statuses, searchMetadata, data, includes, meta, users, errors, error, message, detail, title
        case code, status
        case maxID, sinceID, refreshURL, nextPage, nextResults, query, completedIn, resultsPerPage, count
        case newestID, oldestID, resultCount, nextToken, id, name, username, profileImageURL
    }

    private static let keys = KeyTable<Key>([
        ("results", .results), ("statuses", .statuses), ("search_metadata", .searchMetadata), ("data", .data),
        ("includes", .includes), ("meta", .meta), ("users", .users), ("errors", .errors), ("error", .error),
        ("message", .message), ("detail", .detail), ("title", .title), ("max_id", .maxID),
        ("since_id", .sinceID), ("refresh_url", .refreshURL), ("next_page", .nextPage),
        ("next_results", .nextResults), ("query", .query), ("completed_in", .completedIn),
        ("results_per_page", .resultsPerPage), ("count", .count), ("newest_id", .newestID),
        ("oldest_id", .oldestID), ("result_count", .resultCount), ("next_token", .nextToken), ("id", .id),
        ("name", .name), ("username", .username), ("profile_image_url", .profileImageURL), ("code", .code),
        ("status", .status),
    ])

    /// What the response is, for the error when it is not an object.
    private static let document: StaticString = "a search response"

    private let limits: StreamLimits
    // Kept by measurement: removing the unchecked exclusivity and unowned(unsafe) of the JSON decoders costs --child
    // twitter +21.8 %, twitter-stream +22.6 %, jive-inbox +19.2 % (callgrind net of start-up; BENCHMARKS.md, "What
    // unchecked exclusivity buys").
    @exclusivity(unchecked) unowned(unsafe) var engine: JSONEngine!
    // The per-event state is exempt from dynamic exclusivity checks: it is only touched from the engine's
    // callbacks during one parse call, one event at a time, never re-entrantly; the checks cost more than the
    // rest of a member-name event.
    @exclusivity(unchecked) private var cursor = JSONMemberCursor<Context, Key>()
    @exclusivity(unchecked) private var reader = TweetEventReader(strict: true, readsNotices: false)
    @exclusivity(unchecked) private var readingTweet = false
    @exclusivity(unchecked) private var tweetFormat = TwitterSearchFormat.v1_1
    @exclusivity(unchecked) private var tweetStart = 0
    @exclusivity(unchecked) private(set) var page = TwitterSearchPage()
    @exclusivity(unchecked) private var completed = CompletedItems<Tweet>()

    private var heldTweets: [(tweet: Tweet, authorID: Int64?)] = []
    private var users: [Int64: TwitterUser] = [:]
    private var usersKnown = false
    private var user = (id: Int64?.none, name: String?.none, username: String?.none, image: String?.none)
    /// The texts and the code of an error document (v1.1 `errors`, v2 `errors` or a problem document at the root);
    /// the first of each is kept.
    private var serviceError = (message: String?.none, detail: String?.none, title: String?.none, code: String?.none)

    init(limits: StreamLimits) {
        self.limits = limits
    }

    func takeCompleted() -> [Tweet] {
        completed.take()
    }

    // MARK: - Events

    override func key(_ name: UnsafeRawBufferPointer) throws(StreamError) {
        if readingTweet {
            reader.key(name)
        } else {
            cursor.key(name, in: Self.keys)
        }
    }

    override func startObject() throws(StreamError) { try start(array: false) }
    override func startArray() throws(StreamError) { try start(array: true) }
    override func endObject() throws(StreamError) { try end() }
    override func endArray() throws(StreamError) { try end() }

    private func start(array: Bool) throws(StreamError) {
        if readingTweet {
            try checkTweetSize()
            try reader.start(array: array)
            return
        }
        guard case let (context, key)? = try cursor.open(array: array, root: .root, document: Self.document)
        else { return }
        switch (context, key, array) {
        case (.tweets(let format), _, false):
            beginTweet(format)
        case (.tweets, _, true):
            throw StreamError(kind: .typeMismatch, message: "expected a tweet object, found an array")
        case (.root, .results?, true): cursor.enter(.tweets(detect(.v1)))
        case (.root, .statuses?, true): cursor.enter(.tweets(detect(.v1_1)))
        case (.root, .data?, true): cursor.enter(.tweets(detect(.v2)))
        case (.root, .data?, false): beginTweet(detect(.v2))
        case (.root, .searchMetadata?, false):
            _ = detect(.v1_1)
            cursor.enter(.searchMetadata)
        case (.root, .meta?, false):
            _ = detect(.v2)
            cursor.enter(.meta)
        case (.root, .includes?, false):
            _ = detect(.v2)
            cursor.enter(.includes)
        case (.includes, .users?, true): cursor.enter(.includedUsers)
        case (.includedUsers, _, false):
            user = (nil, nil, nil, nil)
            cursor.enter(.includedUser)
        case (.root, .errors?, true): cursor.enter(.errors)
        case (.errors, _, false): cursor.enter(.errorItem)
        default:
            cursor.skip()
        }
    }

    private func beginTweet(_ format: TwitterSearchFormat) {
        tweetFormat = format
        tweetStart = engine.currentByteOffset() - 1
        reader.begin()
        readingTweet = true
    }

    private func end() throws(StreamError) {
        if readingTweet {
            if reader.end() { try completeTweet() }
            return
        }
        guard let closed = cursor.close() else { return }
        switch closed {
        case .includedUser:
            if let id = user.id, let screenName = user.username {
                users[id] = TwitterUser(
                    id: id, idString: String(id), screenName: screenName, name: user.name, profileImageURL: user.image)
            }
        case .includes:
            usersKnown = true
            releaseHeldTweets()
        case .root:
            releaseHeldTweets()
            if page.format == nil,
                let text = serviceError.message ?? serviceError.detail ?? serviceError.title
            {
                var error = StreamError(service: "Twitter answered with an error", code: nil, message: text)
                error.serviceCode = serviceError.code
                throw error
            }
        default:
            break
        }
    }

    override func scalar(_ value: JSONScalar) throws(StreamError) {
        if readingTweet {
            try reader.scalar(value)
            return
        }
        guard case let (context, key)? = try cursor.scalar(document: Self.document) else { return }
        switch (context, key) {
        case (.tweets, _):
            throw StreamError(
                kind: .typeMismatch, message: "expected a tweet object, found \(ScalarReading<Int>.describe(value))")
        case (.root, .maxID?), (.searchMetadata, .maxID?): page.maxID = try value.int64.required()
        case (.root, .sinceID?), (.searchMetadata, .sinceID?): page.sinceID = try value.int64.required()
        case (.root, .refreshURL?), (.searchMetadata, .refreshURL?): page.refreshURL = try value.text.required()
        case (.root, .nextPage?):
            _ = detect(.v1)
            page.nextPage = try value.text.required()
        case (.searchMetadata, .nextResults?): page.nextPage = try value.text.required()
        case (.root, .query?), (.searchMetadata, .query?): page.query = try value.text.required()
        case (.root, .completedIn?), (.searchMetadata, .completedIn?): page.completedIn = try value.double.required()
        case (.root, .resultsPerPage?):
            _ = detect(.v1)
            page.count = try value.int.required()
        case (.searchMetadata, .count?): page.count = try value.int.required()
        case (.meta, .newestID?): page.newestID = try value.int64.required()
        case (.meta, .oldestID?): page.oldestID = try value.int64.required()
        case (.meta, .resultCount?): page.resultCount = try value.int.required()
        case (.meta, .nextToken?): page.nextPage = try value.text.required()
        case (.includedUser, .id?): user.id = try value.int64.required()
        case (.includedUser, .name?): user.name = try value.text.required()
        case (.includedUser, .username?): user.username = try value.text.required()
        case (.includedUser, .profileImageURL?): user.image = try value.text.required()
        case (.root, .error?), (.errorItem, .message?): Self.keepFirst(value, in: &serviceError.message)
        case (.root, .detail?), (.errorItem, .detail?): Self.keepFirst(value, in: &serviceError.detail)
        case (.root, .title?), (.errorItem, .title?): Self.keepFirst(value, in: &serviceError.title)
        case (.root, .status?), (.errorItem, .code?):
            if serviceError.code == nil { serviceError.code = Self.codeText(value) }
        default:
            break
        }
    }

    /// Keeps the first text an error document gives for one of its fields.
    private static func keepFirst(_ value: JSONScalar, in field: inout String?) {
        if field == nil, case .value(let text) = value.text { field = text }
    }

    /// An error code as the service wrote it: a number or a string.
    private static func codeText(_ value: JSONScalar) -> String? {
        switch value {
        case .string(let bytes), .number(let bytes): String(decoding: bytes, as: UTF8.self)
        default: nil
        }
    }

    // MARK: - Tweets

    private func detect(_ format: TwitterSearchFormat) -> TwitterSearchFormat {
        if page.format == nil { page.format = format }
        return format
    }

    private func checkTweetSize() throws(StreamError) {
        if engine.bytes(since: tweetStart, exceed: limits.maximumItemBytes) {
            throw StreamError(kind: .limitExceeded, message: "a tweet is larger than \(limits.maximumItemBytes) bytes")
        }
    }

    private func completeTweet() throws(StreamError) {
        readingTweet = false
        try checkTweetSize()
        guard let tweet = reader.fields.makeTweet() else {
            throw StreamError(kind: .typeMismatch, message: "a tweet needs an id and a text")
        }
        if tweetFormat == .v2 && !usersKnown {
            heldTweets.append((tweet, reader.fields.authorID))
        } else {
            completed.append(resolved(tweet, authorID: reader.fields.authorID))
        }
    }

    private func resolved(_ tweet: Tweet, authorID: Int64?) -> Tweet {
        guard tweet.user == nil, let authorID, let user = users[authorID] else { return tweet }
        var tweet = tweet
        tweet.user = user
        return tweet
    }

    private func releaseHeldTweets() {
        for (tweet, authorID) in heldTweets { completed.append(resolved(tweet, authorID: authorID)) }
        heldTweets.removeAll()
    }
}
