/// An episode's podcast fields, typed: iTunes (`itunes:`) and Podcasting 2.0 (`podcast:`) elements of an item or
/// entry. `nil` on ``AtomEntry/podcast`` when the entry has none of them.
public struct PodcastEpisodeInfo: Sendable, Hashable {
    /// `itunes:title`: the episode's title without show name or numbers.
    public var title: String?
    /// `itunes:duration` in seconds, from every form it is written in (`3723`, `62:03`, `1:02:03`,
    /// `1:02:03.5`); from JSON Feed, the first attachment's `duration_in_seconds`.
    public var duration: Double?
    /// `itunes:explicit`.
    public var explicit: Bool?
    /// `itunes:image href` (else `podcast:image`), resolved.
    public var image: String?
    /// `itunes:episode` (else `podcast:episode`).
    public var episode: Int?
    /// `itunes:season` (else `podcast:season`).
    public var season: Int?
    /// `itunes:episodeType`: `full`, `trailer` or `bonus`.
    public var episodeType: String?
    /// `itunes:block`.
    public var block: Bool?
    /// The Podcasting 2.0 fields (``transcripts``, ``chapters``, ``soundbites``, ``persons``, ``location``,
    /// ``license``, ``alternateEnclosures``, ``value``), those of the later phases (``images``,
    /// ``socialInteracts``, ``chat``, ``contentLinks``, ``texts``) and the rarely written ``seasonName`` and
    /// ``episodeDisplay``, out of line; `nil` when the episode has none of them. Most episodes carry only iTunes
    /// fields, and every field held inline was one more to store, move and release per item (callgrind, RSS
    /// benchmark).
    var newerFields: PodcastEpisodeNewerFieldsStorage?

    /// Creates empty episode fields. Apart from the initialiser with defaults so that the decoders, which start
    /// one per item, store the empty fields and test nothing.
    public init() {}

    /// Creates episode fields.
    public init(
        title: String? = nil, duration: Double? = nil, explicit: Bool? = nil, image: String? = nil,
        episode: Int? = nil, season: Int? = nil, episodeType: String? = nil, block: Bool? = nil,
        transcripts: [PodcastTranscript] = [], chapters: PodcastChapters? = nil, soundbites: [PodcastSoundbite] = [],
        persons: [PodcastPerson] = [], location: PodcastLocation? = nil, license: PodcastLicense? = nil,
        alternateEnclosures: [PodcastAlternateEnclosure] = [], value: PodcastValue? = nil,
        seasonName: String? = nil, episodeDisplay: String? = nil, images: [PodcastImage] = [],
        socialInteracts: [PodcastSocialInteract] = [], chat: PodcastChat? = nil,
        contentLinks: [PodcastContentLink] = [], texts: [PodcastText] = []
    ) {
        self.title = title
        self.duration = duration
        self.explicit = explicit
        self.image = image
        self.episode = episode
        self.season = season
        self.episodeType = episodeType
        self.block = block
        let newerFields = PodcastEpisodeNewerFields(
            transcripts: transcripts, chapters: chapters, soundbites: soundbites, persons: persons,
            location: location, license: license, alternateEnclosures: alternateEnclosures, value: value,
            seasonName: seasonName, episodeDisplay: episodeDisplay, images: images, socialInteracts: socialInteracts,
            chat: chat, contentLinks: contentLinks, texts: texts)
        if !newerFields.isEmpty { self.newerFields = PodcastEpisodeNewerFieldsStorage(newerFields) }
    }

    /// Whether no field is set: such info is left out of ``AtomEntry`` (`nil`).
    public var isEmpty: Bool {
        // Field by field: comparing with a fresh value builds and destroys one per item.
        title == nil && duration == nil && explicit == nil && image == nil && episode == nil && season == nil
            && episodeType == nil && block == nil && newerFields == nil
    }
}

/// `podcast:transcript`.
public struct PodcastTranscript: Sendable, Hashable, Codable {
    /// `url`, resolved.
    public var url: String
    /// `type`: `text/vtt`, `application/x-subrip`, `application/json`, `text/html`, `text/plain`.
    public var type: String?
    /// `language`.
    public var language: String?
    /// `rel`: `captions` when the file is closed captions.
    public var rel: String?

    /// Creates a transcript reference.
    public init(url: String, type: String? = nil, language: String? = nil, rel: String? = nil) {
        self.url = url
        self.type = type
        self.language = language
        self.rel = rel
    }
}

/// `podcast:chapters`.
public struct PodcastChapters: Sendable, Hashable, Codable {
    /// `url`, resolved.
    public var url: String
    /// `type`: usually `application/json+chapters`.
    public var type: String?

    /// Creates a chapters reference.
    public init(url: String, type: String? = nil) {
        self.url = url
        self.type = type
    }
}

/// `podcast:soundbite`: a short clip of the episode.
public struct PodcastSoundbite: Sendable, Hashable, Codable {
    /// `startTime` in seconds.
    public var start: Double
    /// `duration` in seconds.
    public var duration: Double
    /// The element's text.
    public var title: String?

    /// Creates a soundbite.
    public init(start: Double, duration: Double, title: String? = nil) {
        self.start = start
        self.duration = duration
        self.title = title
    }
}

/// `podcast:person`: someone who took part (the element's text is the name).
public struct PodcastPerson: Sendable, Hashable, Codable {
    /// The person's name.
    public var name: String
    /// `role` (`host`, `guest`, … of the Podcast Taxonomy Project); `host` when absent.
    public var role: String?
    /// `group`; `cast` when absent.
    public var group: String?
    /// `img`, resolved.
    public var image: String?
    /// `href`, resolved.
    public var href: String?

    /// Creates a person.
    public init(name: String, role: String? = nil, group: String? = nil, image: String? = nil, href: String? = nil) {
        self.name = name
        self.role = role
        self.group = group
        self.image = image
        self.href = href
    }
}

/// `podcast:location`.
public struct PodcastLocation: Sendable, Hashable, Codable {
    /// The place as people name it.
    public var name: String
    /// `geo`: a `geo:` URI (RFC 5870).
    public var geo: String?
    /// `osm`: an OpenStreetMap id (`R113314`).
    public var osm: String?

    /// Creates a location.
    public init(name: String, geo: String? = nil, osm: String? = nil) {
        self.name = name
        self.geo = geo
        self.osm = osm
    }
}

/// `podcast:license`: the element's text names the license (an SPDX id), `url` points at its text.
public struct PodcastLicense: Sendable, Hashable, Codable {
    /// The license's name or SPDX identifier.
    public var name: String
    /// `url`, resolved.
    public var url: String?

    /// Creates a license.
    public init(name: String, url: String? = nil) {
        self.name = name
        self.url = url
    }
}

/// `podcast:value`: how listeners send payments while they listen.
public struct PodcastValue: Sendable, Hashable, Codable {
    /// `type`: `lightning`, `hive`, ….
    public var type: String
    /// `method`: `keysend`, ….
    public var method: String
    /// `suggested`: the suggested amount.
    public var suggested: String?
    /// `podcast:valueRecipient` children.
    public var recipients: [PodcastValueRecipient]
    /// `podcast:valueTimeSplit` children: other recipients for stretches of the episode.
    public var timeSplits: [PodcastValueTimeSplit]

    /// Creates a value block.
    public init(
        type: String, method: String, suggested: String? = nil, recipients: [PodcastValueRecipient] = [],
        timeSplits: [PodcastValueTimeSplit] = []
    ) {
        self.type = type
        self.method = method
        self.suggested = suggested
        self.recipients = recipients
        self.timeSplits = timeSplits
    }
}

/// `podcast:valueRecipient`.
public struct PodcastValueRecipient: Sendable, Hashable, Codable {
    /// `name`.
    public var name: String?
    /// `type`: `node`, `wallet`, ….
    public var type: String
    /// `address`.
    public var address: String
    /// `split`: this recipient's share.
    public var split: Double
    /// `customKey`.
    public var customKey: String?
    /// `customValue`.
    public var customValue: String?
    /// `fee`.
    public var fee: Bool?

    /// Creates a recipient.
    public init(
        name: String? = nil, type: String, address: String, split: Double, customKey: String? = nil,
        customValue: String? = nil, fee: Bool? = nil
    ) {
        self.name = name
        self.type = type
        self.address = address
        self.split = split
        self.customKey = customKey
        self.customValue = customValue
        self.fee = fee
    }
}

/// `podcast:alternateEnclosure`: the episode's media in another format or quality.
public struct PodcastAlternateEnclosure: Sendable, Hashable, Codable {
    /// `type`: the media type.
    public var type: String
    /// `length` in bytes.
    public var length: Int64?
    /// `bitrate` in bits per second.
    public var bitrate: Double?
    /// `height` in pixels.
    public var height: Int?
    /// `lang`.
    public var language: String?
    /// `title`.
    public var title: String?
    /// `rel`.
    public var rel: String?
    /// `codecs` (RFC 6381).
    public var codecs: String?
    /// `default="true"`: this is the item's `enclosure`.
    public var isDefault: Bool?
    /// `podcast:source uri` children, resolved: where the file can be fetched.
    public var sources: [String]
    /// `podcast:integrity`: how to check the downloaded file.
    public var integrity: PodcastIntegrity?

    /// Creates an alternate enclosure.
    public init(
        type: String, length: Int64? = nil, bitrate: Double? = nil, height: Int? = nil, language: String? = nil,
        title: String? = nil, rel: String? = nil, codecs: String? = nil, isDefault: Bool? = nil, sources: [String] = [],
        integrity: PodcastIntegrity? = nil
    ) {
        self.type = type
        self.length = length
        self.bitrate = bitrate
        self.height = height
        self.language = language
        self.title = title
        self.rel = rel
        self.codecs = codecs
        self.isDefault = isDefault
        self.sources = sources
        self.integrity = integrity
    }
}
