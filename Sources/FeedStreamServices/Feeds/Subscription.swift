import Foundation

/// What an app stores per feed between refreshes: where it is, how it is filed, and what the last refresh
/// learned (validators for conditional GET, when it is due again, whether its host asked to be left alone).
///
/// ``FeedRefresher`` reads these and hands back each one updated, to store: a feed that moved has its new
/// ``url``, a 200 saves fresh validators, a failure counts into ``failures`` and backs ``nextDue`` off.
public struct Subscription: Sendable, Hashable, Codable, Identifiable {
    /// The feed's URL.
    public var url: URL
    /// A title to show (from OPML, or the app's own).
    public var title: String?
    /// The folders it is filed in (OPML outlines' titles, outermost first).
    public var folders: [String]
    /// The `ETag` of the last full response (or of a 304 that brought a new one), sent back as `If-None-Match`.
    public var etag: String?
    /// The `Last-Modified` of the last full response (or of a 304 that brought a new one), sent back as
    /// `If-Modified-Since`.
    public var lastModified: String?
    /// When ``etag`` and ``lastModified`` were last saved or confirmed (by a 200, or a 304 that renews them):
    /// validators older than ``FeedRefresher/validatorLifetime`` are not sent (by default they always are).
    public var validatorsSaved: Date?
    /// When the feed should be fetched again; `nil`: at the next refresh.
    public var nextDue: Date?
    /// No request before this time: the host said so (`Retry-After` with a 429 or 503).
    public var retryAfter: Date?
    /// Failed refreshes in a row; 0 after a success. Drives the backoff.
    public var failures: Int
    /// When a refresh last succeeded (updated or not modified).
    public var lastRefreshed: Date?
    /// The URLs the feed had before it moved, oldest first: how an app (or `feedstream refresh`) recognizes a
    /// subscription its own list still names by an old URL. At most ``movedFromLimit`` are kept (a feed bounced
    /// between two URLs would otherwise grow it every refresh).
    public var movedFrom: [URL]
    /// When the server answered 410 Gone. A gone subscription is not asked again (``nextDue`` is
    /// `Date.distantFuture`, and the refresher skips it even with `all`) until the app sets this back to `nil`.
    public var gone: Date?
    /// The wait until the next refresh that the last full answer suggested (``RefreshSchedule/adaptive``: how
    /// often the feed publishes, raised to what the server and the feed ask): a 304, which carries no entries,
    /// keeps to it.
    public var refreshInterval: TimeInterval?
    /// The origin (`https://host:port`) the app's credentials for this subscription were given for, once the feed
    /// moved to an origin that may not receive them (another host, or from `https` to `http`): the refresher signs
    /// requests (``FeedRefresher/authorization``, ``FeedRefresher/headers``) only on this origin, so a moved feed
    /// whose app keys its credentials by subscription never has them sent to the new host. `nil`: the origin of
    /// ``url``. An app that has credentials for the new origin sets this back to `nil`.
    public var credentialsOrigin: URL?
    /// What the last decoded body was: its length and a 64-bit digest (opaque to the app; `nil` forgets it). A 200
    /// whose body is the same, byte for byte, is recognised before it is decoded and reported
    /// ``RefreshOutcome/notModified``.
    public var bodyDigest: String?
    /// When the refresher stopped asking: the feed failed ``FeedRefresher/errorLimit`` times in a row. A disabled
    /// subscription is not refreshed (``nextDue`` is `Date.distantFuture`, and the refresher skips it even with
    /// `all`) until the app sets this back to `nil` (`feedstream subscriptions clear-gone` does).
    public var disabled: Date?
    /// When the feed's URL first answered 404 in the current run of 404s (any other answer clears it): a 404 that
    /// lasts ``FeedRefresher/goneAfterNotFound`` makes the subscription ``gone``.
    public var notFoundSince: Date?

    /// The most ``movedFrom`` URLs kept.
    public static let movedFromLimit = 8

    /// The subscription's identity within one refresh: its URL as the refresh began. (A ``FeedRefresher`` event
    /// for a feed that moves names the URL it had before.)
    public var id: URL { url }

    /// Creates a subscription; only the URL is needed for a new one.
    public init(
        url: URL, title: String? = nil, folders: [String] = [], etag: String? = nil, lastModified: String? = nil,
        validatorsSaved: Date? = nil, nextDue: Date? = nil, retryAfter: Date? = nil, failures: Int = 0,
        lastRefreshed: Date? = nil, movedFrom: [URL] = [], gone: Date? = nil, refreshInterval: TimeInterval? = nil,
        credentialsOrigin: URL? = nil, bodyDigest: String? = nil, disabled: Date? = nil, notFoundSince: Date? = nil
    ) {
        self.url = url
        self.title = title
        self.folders = folders
        self.etag = etag
        self.lastModified = lastModified
        self.validatorsSaved = validatorsSaved
        self.nextDue = nextDue
        self.retryAfter = retryAfter
        self.failures = failures
        self.lastRefreshed = lastRefreshed
        self.movedFrom = Array(movedFrom.suffix(Self.movedFromLimit))
        self.gone = gone
        self.refreshInterval = refreshInterval
        self.credentialsOrigin = credentialsOrigin
        self.bodyDigest = bodyDigest
        self.disabled = disabled
        self.notFoundSince = notFoundSince
    }

    /// Whether the refresher leaves it alone until the app says otherwise: ``gone`` or ``disabled``.
    public var isStopped: Bool { gone != nil || disabled != nil }

    /// Records that the feed moved from its current URL to `target`: the old URL joins ``movedFrom`` (the oldest
    /// dropped past ``movedFromLimit``).
    package mutating func move(to target: URL) {
        movedFrom.removeAll { $0 == target }
        movedFrom.append(url)
        if movedFrom.count > Self.movedFromLimit { movedFrom.removeFirst(movedFrom.count - Self.movedFromLimit) }
        url = target
    }

    private enum CodingKeys: String, CodingKey {
        case url, title, folders, etag, lastModified, validatorsSaved, nextDue, retryAfter, failures, lastRefreshed
        case movedFrom, gone, refreshInterval, credentialsOrigin, bodyDigest, disabled, notFoundSince
    }

    /// Reads a stored subscription; only `url` is required, so a hand-written state file of URLs is enough (and a
    /// state file written before ``gone``, ``refreshInterval``, ``credentialsOrigin``, ``bodyDigest``, ``disabled`` and
    /// ``notFoundSince`` existed still
    /// reads).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            url: try container.decode(URL.self, forKey: .url),
            title: try container.decodeIfPresent(String.self, forKey: .title),
            folders: try container.decodeIfPresent([String].self, forKey: .folders) ?? [],
            etag: try container.decodeIfPresent(String.self, forKey: .etag),
            lastModified: try container.decodeIfPresent(String.self, forKey: .lastModified),
            validatorsSaved: try container.decodeIfPresent(Date.self, forKey: .validatorsSaved),
            nextDue: try container.decodeIfPresent(Date.self, forKey: .nextDue),
            retryAfter: try container.decodeIfPresent(Date.self, forKey: .retryAfter),
            failures: try container.decodeIfPresent(Int.self, forKey: .failures) ?? 0,
            lastRefreshed: try container.decodeIfPresent(Date.self, forKey: .lastRefreshed),
            movedFrom: try container.decodeIfPresent([URL].self, forKey: .movedFrom) ?? [],
            gone: try container.decodeIfPresent(Date.self, forKey: .gone),
            refreshInterval: try container.decodeIfPresent(TimeInterval.self, forKey: .refreshInterval),
            credentialsOrigin: try container.decodeIfPresent(URL.self, forKey: .credentialsOrigin),
            bodyDigest: try container.decodeIfPresent(String.self, forKey: .bodyDigest),
            disabled: try container.decodeIfPresent(Date.self, forKey: .disabled),
            notFoundSince: try container.decodeIfPresent(Date.self, forKey: .notFoundSince))
    }

    /// Writes the subscription; `nil` fields and an empty ``movedFrom`` are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encode(folders, forKey: .folders)
        try container.encodeIfPresent(etag, forKey: .etag)
        try container.encodeIfPresent(lastModified, forKey: .lastModified)
        try container.encodeIfPresent(validatorsSaved, forKey: .validatorsSaved)
        try container.encodeIfPresent(nextDue, forKey: .nextDue)
        try container.encodeIfPresent(retryAfter, forKey: .retryAfter)
        try container.encode(failures, forKey: .failures)
        try container.encodeIfPresent(lastRefreshed, forKey: .lastRefreshed)
        if !movedFrom.isEmpty { try container.encode(movedFrom, forKey: .movedFrom) }
        try container.encodeIfPresent(gone, forKey: .gone)
        try container.encodeIfPresent(refreshInterval, forKey: .refreshInterval)
        try container.encodeIfPresent(credentialsOrigin, forKey: .credentialsOrigin)
        try container.encodeIfPresent(bodyDigest, forKey: .bodyDigest)
        try container.encodeIfPresent(disabled, forKey: .disabled)
        try container.encodeIfPresent(notFoundSince, forKey: .notFoundSince)
    }
}
