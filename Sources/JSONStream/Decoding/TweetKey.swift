/// Every member name the tweet and stream-message decoders read, across API generations.
enum TweetKey: Sendable {
    case id, idStr, text, fullText, createdAt, user, lang, isoLanguageCode, source
    case inReplyToStatusID, inReplyToStatusIDStr, inReplyToUserID, inReplyToUserIDStr, inReplyToScreenName
    case retweetCount, favoriteCount, likeCount, entities, extendedTweet, retweetedStatus, quotedStatus
    case quotedStatusID, quotedStatusIDStr
    case fromUser, fromUserID, fromUserIDStr, fromUserName, profileImageURL, profileImageURLHTTPS
    case toUser, toUserID, toUserIDStr
    case authorID, publicMetrics, referencedTweets, type, screenName, username, name
    case hashtags, userMentions, mentions, urls, url, expandedURL, tag
    // Stream messages.
    case delete, status, directMessage, userID, limit, track, disconnect, code, streamName, reason, warning
    case message, percentFull

    static let table = KeyTable<TweetKey>([
        ("id", .id), ("id_str", .idStr), ("text", .text), ("full_text", .fullText), ("created_at", .createdAt),
        ("user", .user), ("lang", .lang), ("iso_language_code", .isoLanguageCode), ("source", .source),
        ("in_reply_to_status_id", .inReplyToStatusID), ("in_reply_to_status_id_str", .inReplyToStatusIDStr),
        ("in_reply_to_user_id", .inReplyToUserID), ("in_reply_to_user_id_str", .inReplyToUserIDStr),
        ("in_reply_to_screen_name", .inReplyToScreenName), ("retweet_count", .retweetCount),
        ("favorite_count", .favoriteCount), ("like_count", .likeCount), ("entities", .entities),
        ("extended_tweet", .extendedTweet), ("retweeted_status", .retweetedStatus),
        ("quoted_status", .quotedStatus), ("quoted_status_id", .quotedStatusID),
        ("quoted_status_id_str", .quotedStatusIDStr), ("from_user", .fromUser), ("from_user_id", .fromUserID),
        ("from_user_id_str", .fromUserIDStr), ("from_user_name", .fromUserName),
        ("profile_image_url", .profileImageURL), ("profile_image_url_https", .profileImageURLHTTPS),
        ("to_user", .toUser), ("to_user_id", .toUserID), ("to_user_id_str", .toUserIDStr),
        ("author_id", .authorID), ("public_metrics", .publicMetrics), ("referenced_tweets", .referencedTweets),
        ("type", .type), ("screen_name", .screenName), ("username", .username), ("name", .name),
        ("hashtags", .hashtags), ("user_mentions", .userMentions), ("mentions", .mentions), ("urls", .urls),
        ("url", .url), ("expanded_url", .expandedURL), ("tag", .tag),
        ("delete", .delete), ("status", .status), ("direct_message", .directMessage), ("user_id", .userID),
        ("limit", .limit), ("track", .track), ("disconnect", .disconnect), ("code", .code),
        ("stream_name", .streamName), ("reason", .reason), ("warning", .warning), ("message", .message),
        ("percent_full", .percentFull),
    ])
}
