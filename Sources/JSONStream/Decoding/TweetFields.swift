#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The fields of the tweet being read, reset and reused for every tweet.
struct TweetFields {
    var id: Int64?
    var idString: String?
    var text: String?
    var fullText: String?
    var extendedFullText: String?
    var createdAt: Date?
    var languageCode: String?
    var source: String?
    var inReplyToStatusID: Int64?
    var inReplyToUserID: Int64?
    var inReplyToScreenName: String?
    var retweetCount: Int?
    var favoriteCount: Int?
    var hashtags: [String] = []
    var mentions: [String] = []
    var urls: [TweetURL] = []
    /// `extended_tweet.entities` replace the truncated tweet's entities when present.
    var extendedHashtags: [String] = []
    var extendedMentions: [String] = []
    var extendedURLs: [TweetURL] = []
    var hasExtendedEntities = false
    var retweetedStatusID: Int64?
    var quotedStatusID: Int64?

    var userID: Int64?
    var userIDString: String?
    var screenName: String?
    var userName: String?
    var profileImageURL: String?
    var profileImageURLHTTPS: String?
    /// v1 search results name the author in flat fields.
    var fromUserID: Int64?
    var fromUserIDString: String?
    var fromUser: String?
    var fromUserName: String?
    var flatProfileImageURL: String?
    /// v1 search results name the addressee in flat fields.
    var toUserID: Int64?
    var toUser: String?
    /// v2 names the author by id; the user comes from `includes.users`.
    var authorID: Int64?

    /// The link, reference or deletion target being read.
    var pendingURL: String?
    var pendingExpandedURL: String?
    var pendingReferenceType: String?
    var pendingReferenceID: Int64?

    /// Stream notices.
    var notice = StreamNoticeFields()
    /// A value had a type no tweet field can have: in a stream, the message is then not a tweet.
    var sawWrongType = false

    /// The tweet, when the fields make one: an id and a text are required.
    func makeTweet() -> Tweet? {
        guard let id = id ?? idString.flatMap({ Int64($0) }) else { return nil }
        guard let text = extendedFullText ?? fullText ?? text else { return nil }
        var user: TwitterUser?
        if let userID = userID ?? userIDString.flatMap({ Int64($0) }), let screenName {
            user = TwitterUser(
                id: userID, idString: userIDString ?? String(userID), screenName: screenName, name: userName,
                profileImageURL: profileImageURLHTTPS ?? profileImageURL)
        } else if let fromUserID = fromUserID ?? fromUserIDString.flatMap({ Int64($0) }), let fromUser {
            user = TwitterUser(
                id: fromUserID, idString: fromUserIDString ?? String(fromUserID), screenName: fromUser,
                name: fromUserName, profileImageURL: flatProfileImageURL)
        }
        return Tweet(
            id: id, idString: idString ?? String(id), text: text, createdAt: createdAt, user: user,
            languageCode: languageCode, source: source, inReplyToStatusID: inReplyToStatusID,
            inReplyToUserID: inReplyToUserID ?? toUserID, inReplyToScreenName: inReplyToScreenName ?? toUser,
            retweetCount: retweetCount, favoriteCount: favoriteCount,
            hashtags: hasExtendedEntities ? extendedHashtags : hashtags,
            mentions: hasExtendedEntities ? extendedMentions : mentions,
            urls: hasExtendedEntities ? extendedURLs : urls,
            retweetedStatusID: retweetedStatusID, quotedStatusID: quotedStatusID)
    }
}

/// The fields of a stream notice (delete, limit, disconnect, warning).
struct StreamNoticeFields {
    enum Kind {
        case delete, limit, disconnect, warning
    }

    var kind: Kind?
    var id: Int64?
    var userID: Int64?
    var track: Int64?
    var code: Int?
    var codeText: String?
    var streamName: String?
    var reason: String?
    var message: String?
    var percentFull: Int?

    /// The message the notice fields make, when complete.
    func makeMessage() -> TwitterStreamMessage? {
        switch kind {
        case .delete:
            guard let id else { return nil }
            return .delete(TwitterDeletionNotice(id: id, userID: userID))
        case .limit:
            guard let track else { return nil }
            return .limit(TwitterLimitNotice(track: track))
        case .disconnect:
            return .disconnect(TwitterDisconnectNotice(code: code, streamName: streamName, reason: reason))
        case .warning:
            return .warning(TwitterStallWarning(code: codeText, message: message, percentFull: percentFull))
        case nil:
            return nil
        }
    }
}
