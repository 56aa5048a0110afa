/// One media object of an entry, typed: a Media RSS `media:content` (alone or in a `media:group`, whose
/// `media:title`, `media:description`, `media:thumbnail`, `media:credit`, `media:keywords` and `media:player`
/// apply to it unless it has its own), an item-level `media:thumbnail` with no `media:content`, or a JSON Feed
/// `image` / `banner_image`.
public struct MediaContent: Sendable, Hashable {
    /// `url`, resolved. `nil` for a `media:content` that only names a `media:player`.
    public var url: String?
    /// `type`: the media type.
    public var type: String?
    /// `medium`: `image`, `audio`, `video`, `document` or `executable`.
    public var medium: String?
    /// `fileSize` in bytes.
    public var fileSize: Int64?
    /// `duration` in seconds.
    public var duration: Double?
    /// `width` in pixels.
    public var width: Int?
    /// `height` in pixels.
    public var height: Int?
    /// `bitrate` in kilobits per second.
    public var bitrate: Double?
    /// `isDefault="true"`: the default object of its group.
    public var isDefault: Bool?
    /// `media:title`.
    public var title: String?
    /// `media:description`.
    public var description: String?
    /// `media:thumbnail`s.
    public var thumbnails: [MediaThumbnail]
    /// `media:credit`s.
    public var credits: [MediaCredit]
    /// `media:keywords`, split at commas.
    public var keywords: [String]
    /// The rarer fields (``MediaContent+Details``, and ``player``), out of line; `nil` when the object has none.
    /// The player moved there so that the struct stays the size it was: each item moves a few of them, and a larger
    /// one cost every item with a thumbnail more (callgrind, RSS benchmark).
    var details: MediaContentDetailsStorage?

    /// Creates an empty media object. Apart from the initialiser with defaults so that the decoders, which start
    /// one per item, store the empty fields and test nothing.
    public init() {
        thumbnails = []
        credits = []
        keywords = []
    }

    /// Creates a media object.
    public init(
        url: String? = nil, type: String? = nil, medium: String? = nil, fileSize: Int64? = nil,
        duration: Double? = nil, width: Int? = nil, height: Int? = nil, bitrate: Double? = nil,
        isDefault: Bool? = nil, title: String? = nil, description: String? = nil, thumbnails: [MediaThumbnail] = [],
        credits: [MediaCredit] = [], keywords: [String] = [], player: String? = nil
    ) {
        self.url = url
        self.type = type
        self.medium = medium
        self.fileSize = fileSize
        self.duration = duration
        self.width = width
        self.height = height
        self.bitrate = bitrate
        self.isDefault = isDefault
        self.title = title
        self.description = description
        self.thumbnails = thumbnails
        self.credits = credits
        self.keywords = keywords
        if let player { self.details = MediaContentDetailsStorage(MediaContentDetails(player: player)) }
    }
}

/// `media:thumbnail`.
public struct MediaThumbnail: Sendable, Hashable, Codable {
    /// `url`, resolved.
    public var url: String
    /// `width` in pixels.
    public var width: Int?
    /// `height` in pixels.
    public var height: Int?

    /// Creates a thumbnail.
    public init(url: String, width: Int? = nil, height: Int? = nil) {
        self.url = url
        self.width = width
        self.height = height
    }
}

/// `media:credit`: someone who made the object.
public struct MediaCredit: Sendable, Hashable, Codable {
    /// The element's text.
    public var name: String
    /// `role` (`producer`, `photographer`, …).
    public var role: String?
    /// `scheme`; `urn:ebu` when absent.
    public var scheme: String?

    /// Creates a credit.
    public init(name: String, role: String? = nil, scheme: String? = nil) {
        self.name = name
        self.role = role
        self.scheme = scheme
    }
}
