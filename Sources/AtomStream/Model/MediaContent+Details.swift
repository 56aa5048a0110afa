/// The Media RSS attributes and elements few feeds write (stored out of line, see `MediaContentDetails`). Like
/// the title, thumbnails and credits, the elements of a `media:group` or of the item apply to each object that
/// has none of its own.
extension MediaContent {
    /// `media:player url`, resolved: a page that plays the object.
    public var player: String? {
        get { details?.value.player }
        set { updateDetails { $0.player = newValue } }
    }

    /// `expression`: `full`, `sample` or `nonstop` (a live stream); `full` when absent.
    public var expression: String? {
        get { details?.value.expression ?? nil }
        set { updateDetails { $0.expression = newValue } }
    }

    /// `framerate` in frames per second.
    public var framerate: Double? {
        get { details?.value.framerate ?? nil }
        set { updateDetails { $0.framerate = newValue } }
    }

    /// `samplingrate` in kilohertz.
    public var samplingRate: Double? {
        get { details?.value.samplingRate ?? nil }
        set { updateDetails { $0.samplingRate = newValue } }
    }

    /// `channels`: the number of audio channels.
    public var channels: Int? {
        get { details?.value.channels ?? nil }
        set { updateDetails { $0.channels = newValue } }
    }

    /// `lang`: the main language of the object.
    public var language: String? {
        get { details?.value.language ?? nil }
        set { updateDetails { $0.language = newValue } }
    }

    /// `media:rating`s.
    public var ratings: [MediaRating] {
        get { details?.value.ratings ?? [] }
        set { updateDetails { $0.ratings = newValue } }
    }

    /// `media:restriction`s.
    public var restrictions: [MediaRestriction] {
        get { details?.value.restrictions ?? [] }
        set { updateDetails { $0.restrictions = newValue } }
    }

    /// `media:text`s: transcripts and captions.
    public var texts: [MediaText] {
        get { details?.value.texts ?? [] }
        set { updateDetails { $0.texts = newValue } }
    }

    /// `media:hash`es.
    public var hashes: [MediaHash] {
        get { details?.value.hashes ?? [] }
        set { updateDetails { $0.hashes = newValue } }
    }

    /// `media:embed`.
    public var embed: MediaEmbed? {
        get { details?.value.embed ?? nil }
        set { updateDetails { $0.embed = newValue } }
    }

    /// `media:status`.
    public var status: MediaStatus? {
        get { details?.value.status ?? nil }
        set { updateDetails { $0.status = newValue } }
    }

    /// `media:license`s.
    public var licenses: [MediaLicense] {
        get { details?.value.licenses ?? [] }
        set { updateDetails { $0.licenses = newValue } }
    }

    /// `media:copyright`.
    public var copyright: MediaCopyright? {
        get { details?.value.copyright ?? nil }
        set { updateDetails { $0.copyright = newValue } }
    }

    /// `media:category`s.
    public var categories: [AtomCategory] {
        get { details?.value.categories ?? [] }
        set { updateDetails { $0.categories = newValue } }
    }

    /// `media:community`.
    public var community: MediaCommunity? {
        get { details?.value.community ?? nil }
        set { updateDetails { $0.community = newValue } }
    }

    /// `media:comments`' `media:comment`s.
    public var comments: [String] {
        get { details?.value.comments ?? [] }
        set { updateDetails { $0.comments = newValue } }
    }

    /// `media:responses`' `media:response`s (resolved URLs).
    public var responses: [String] {
        get { details?.value.responses ?? [] }
        set { updateDetails { $0.responses = newValue } }
    }

    /// `media:backLinks`' `media:backLink`s (resolved URLs).
    public var backLinks: [String] {
        get { details?.value.backLinks ?? [] }
        set { updateDetails { $0.backLinks = newValue } }
    }

    /// `media:price`s.
    public var prices: [MediaPrice] {
        get { details?.value.prices ?? [] }
        set { updateDetails { $0.prices = newValue } }
    }

    /// `media:location`s.
    public var locations: [MediaLocation] {
        get { details?.value.locations ?? [] }
        set { updateDetails { $0.locations = newValue } }
    }

    /// `media:peerLink`s.
    public var peerLinks: [MediaPeerLink] {
        get { details?.value.peerLinks ?? [] }
        set { updateDetails { $0.peerLinks = newValue } }
    }

    /// `media:subTitle`s.
    public var subtitles: [MediaSubtitle] {
        get { details?.value.subtitles ?? [] }
        set { updateDetails { $0.subtitles = newValue } }
    }

    /// `media:scenes`' `media:scene`s.
    public var scenes: [MediaScene] {
        get { details?.value.scenes ?? [] }
        set { updateDetails { $0.scenes = newValue } }
    }

    /// `media:rights status`: `userCreated` or `official`.
    public var rights: String? {
        get { details?.value.rights ?? nil }
        set { updateDetails { $0.rights = newValue } }
    }

    /// Changes the out-of-line fields (see ``Swift/Optional/update(_:)``).
    mutating func updateDetails(_ change: (inout MediaContentDetails) -> Void) {
        details.update(change)
    }
}
