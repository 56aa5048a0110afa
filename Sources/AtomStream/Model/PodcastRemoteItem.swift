/// `podcast:remoteItem`: a pointer to another feed, or to an item of another feed, by its `podcast:guid`. Stands in
/// a channel (a playlist of music tracks), a ``PodcastFeedInfo/podroll``, a ``PodcastFeedInfo/publisher`` or a
/// ``PodcastValueTimeSplit``.
public struct PodcastRemoteItem: Sendable, Hashable, Codable {
    /// `feedGuid`: the `podcast:guid` of the feed pointed to.
    public var feedGuid: String
    /// `feedUrl`, resolved: where that feed can be fetched when its guid cannot be looked up.
    public var feedURL: String?
    /// `itemGuid`: the `guid` of the item pointed to, when it is an item and not the whole feed.
    public var itemGuid: String?
    /// `medium`: the remote feed's `podcast:medium` (`music`, `publisher`, …) when it is not `podcast`.
    public var medium: String?
    /// `title`: a title to show without fetching the remote feed.
    public var title: String?

    /// Creates a remote item.
    public init(
        feedGuid: String, feedURL: String? = nil, itemGuid: String? = nil, medium: String? = nil,
        title: String? = nil
    ) {
        self.feedGuid = feedGuid
        self.feedURL = feedURL
        self.itemGuid = itemGuid
        self.medium = medium
        self.title = title
    }
}
