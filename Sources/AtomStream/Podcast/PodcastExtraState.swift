/// What the ``PodcastReader`` keeps of the newer Podcasting 2.0 and rarer Media RSS elements while they are open:
/// the live item being read and the attributes of an element whose text has not arrived yet. One stored property of
/// the reader, so feeds without these elements pay nothing per item for them.
struct PodcastExtraState {
    /// Whether a `podcast:liveItem` is open: its children fill the episode fields, then ``liveItem``.
    var isInLiveItem = false
    /// Whether the show's or the episode's `image` came from `podcast:image`, which an `itunes:image` replaces.
    var showImageIsFallback = false
    var episodeImageIsFallback = false
    var liveItem = PodcastLiveItem(status: "")
    var liveItemGuidIsPermaLink = true
    var liveItemCategoryScheme: String?
    var liveItemAuthor: AtomPerson?
    var contentLinkHref: String?
    var timeSplit: PodcastValueTimeSplit?
    // Media RSS attributes kept until the element's text arrives.
    var mediaScheme: String?
    var mediaLabel: String?
    var mediaType: String?
    var mediaLanguage: String?
    var mediaStart: Double?
    var mediaEnd: Double?
    var mediaHref: String?
    var mediaParameterName: String?
    var embed: MediaEmbed?
    var community: MediaCommunity?
    var location: MediaLocation?
    var scene: MediaScene?
}
