#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `podcast:liveItem`: a live stream the show announces, is running or has ended. It is written like an `item`
/// inside the channel, and read like one into ``entry`` — title, `guid`, links (`enclosure` included),
/// description, date, authors, and its typed ``AtomEntry/podcast`` fields (`podcast:alternateEnclosure`,
/// `podcast:contentLink`, `podcast:person`, `podcast:chat`, images, …) and ``AtomEntry/media``. Live items are the
/// show's, not episodes: they are not among the parser's items but in ``PodcastFeedInfo/liveItems``, in document
/// order.
public struct PodcastLiveItem: Sendable, Hashable, Codable {
    /// `status`: `pending`, `live` or `ended`, lowercased. The way to know whether the stream has started.
    public var status: String
    /// `start`: when the stream is meant to start.
    public var start: Date?
    /// `end`: when the stream is meant to end.
    public var end: Date?
    /// The item: its title, id (`guid`), links, summary (`description`), dates, authors, podcast and media fields.
    public var entry: AtomEntry

    /// Creates a live item.
    public init(status: String, start: Date? = nil, end: Date? = nil, entry: AtomEntry = AtomEntry()) {
        self.status = status
        self.start = start
        self.end = end
        self.entry = entry
    }
}
