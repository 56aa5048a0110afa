/// `podcast:valueTimeSplit` of a ``PodcastValue``: for a stretch of the episode, other recipients are paid — its
/// own ``recipients``, or those of a ``remoteItem``'s value block.
public struct PodcastValueTimeSplit: Sendable, Hashable, Codable {
    /// `startTime` in seconds: when these recipients start being paid.
    public var startTime: Double
    /// `duration` in seconds: how long they are paid before the episode's own recipients again.
    public var duration: Double
    /// `remoteStartTime` in seconds: where the stretch starts in the remote item (0 when absent).
    public var remoteStartTime: Double?
    /// `remotePercentage`: the share the remote item's recipients get (100 when absent; clamp to 0…100).
    public var remotePercentage: Double?
    /// The `podcast:remoteItem` whose value block is paid.
    public var remoteItem: PodcastRemoteItem?
    /// The `podcast:valueRecipient`s paid, when the split names them itself.
    public var recipients: [PodcastValueRecipient]

    /// Creates a time split.
    public init(
        startTime: Double, duration: Double, remoteStartTime: Double? = nil, remotePercentage: Double? = nil,
        remoteItem: PodcastRemoteItem? = nil, recipients: [PodcastValueRecipient] = []
    ) {
        self.startTime = startTime
        self.duration = duration
        self.remoteStartTime = remoteStartTime
        self.remotePercentage = remotePercentage
        self.remoteItem = remoteItem
        self.recipients = recipients
    }
}
