/// One message of the Twitter streaming API.
///
/// Encoded with one key naming the case: `{"tweet":{…}}`, `{"delete":{"id":…,"userID":…}}`, `{"other":…}`.
public enum TwitterStreamMessage: Sendable, Hashable, Codable {
    /// A status.
    case tweet(Tweet)
    /// A status (or direct message) was deleted; remove it from any cache.
    case delete(TwitterDeletionNotice)
    /// The stream matched more tweets than it may deliver; `track` counts those withheld so far.
    case limit(TwitterLimitNotice)
    /// The service is closing the connection.
    case disconnect(TwitterDisconnectNotice)
    /// A stall warning: the client reads too slowly.
    case warning(TwitterStallWarning)
    /// Any other message (events, friends lists, `scrub_geo`, site-stream envelopes), as read.
    case other(JSONValue)

    private enum CodingKeys: String, CodingKey {
        case tweet, delete, limit, disconnect, warning, other
    }

    /// Decodes the one-key form this type encodes to.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "a stream message needs one key naming its kind"))
        }
        switch key {
        case .tweet: self = .tweet(try container.decode(Tweet.self, forKey: key))
        case .delete: self = .delete(try container.decode(TwitterDeletionNotice.self, forKey: key))
        case .limit: self = .limit(try container.decode(TwitterLimitNotice.self, forKey: key))
        case .disconnect: self = .disconnect(try container.decode(TwitterDisconnectNotice.self, forKey: key))
        case .warning: self = .warning(try container.decode(TwitterStallWarning.self, forKey: key))
        case .other: self = .other(try container.decode(JSONValue.self, forKey: key))
        }
    }

    /// Encodes `{"<case>": payload}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .tweet(let tweet): try container.encode(tweet, forKey: .tweet)
        case .delete(let notice): try container.encode(notice, forKey: .delete)
        case .limit(let notice): try container.encode(notice, forKey: .limit)
        case .disconnect(let notice): try container.encode(notice, forKey: .disconnect)
        case .warning(let warning): try container.encode(warning, forKey: .warning)
        case .other(let value): try container.encode(value, forKey: .other)
        }
    }
}

/// A deletion notice: `{"delete":{"status":{"id":…,"user_id":…}}}`.
public struct TwitterDeletionNotice: Sendable, Hashable, Codable {
    /// The deleted status (or direct message).
    public var id: Int64
    /// Its author.
    public var userID: Int64?

    /// Creates a notice.
    public init(id: Int64, userID: Int64? = nil) {
        self.id = id
        self.userID = userID
    }
}

/// A limit notice: `{"limit":{"track":…}}`.
public struct TwitterLimitNotice: Sendable, Hashable, Codable {
    /// Matching tweets not delivered since the connection opened.
    public var track: Int64

    /// Creates a notice.
    public init(track: Int64) { self.track = track }
}

/// A disconnect message: `{"disconnect":{"code":…,"stream_name":…,"reason":…}}`.
public struct TwitterDisconnectNotice: Sendable, Hashable, Codable {
    /// Twitter's disconnect code (1 shutdown, 2 duplicate stream, 4 stall, …).
    public var code: Int?
    /// The stream being closed.
    public var streamName: String?
    /// Why, in words.
    public var reason: String?

    /// Creates a notice.
    public init(code: Int? = nil, streamName: String? = nil, reason: String? = nil) {
        self.code = code
        self.streamName = streamName
        self.reason = reason
    }
}

/// A stall warning: `{"warning":{"code":"FALLING_BEHIND","message":…,"percent_full":…}}`.
public struct TwitterStallWarning: Sendable, Hashable, Codable {
    /// The warning code, e.g. `FALLING_BEHIND`.
    public var code: String?
    /// What it means, in words.
    public var message: String?
    /// How full the server-side queue is.
    public var percentFull: Int?

    /// Creates a warning.
    public init(code: String? = nil, message: String? = nil, percentFull: Int? = nil) {
        self.code = code
        self.message = message
        self.percentFull = percentFull
    }
}
