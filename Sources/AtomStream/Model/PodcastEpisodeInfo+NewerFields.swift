/// The Podcasting 2.0 fields of an episode (and the rarely written season name and episode display), out of
/// line: an episode without any of them (nearly all) carries one `nil` reference. Inline, every item with podcast
/// fields paid to build, move, copy and destroy them (callgrind, RSS benchmark: moving the later phases' fields,
/// the two strings here, and `media:player` into `MediaContentDetails`, took the change from +0.8 % to +0.3 % of
/// all instructions; moving the first phases' fields too, `--child rss-raw` net of start-up 254.48 M -> 253.87 M).
struct PodcastEpisodeNewerFields: Sendable, OutOfLineFields {
    var transcripts: [PodcastTranscript] = []
    var chapters: PodcastChapters?
    var soundbites: [PodcastSoundbite] = []
    var persons: [PodcastPerson] = []
    var location: PodcastLocation?
    var license: PodcastLicense?
    var alternateEnclosures: [PodcastAlternateEnclosure] = []
    var value: PodcastValue?
    var seasonName: String?
    var episodeDisplay: String?
    var images: [PodcastImage] = []
    var socialInteracts: [PodcastSocialInteract] = []
    var chat: PodcastChat?
    var contentLinks: [PodcastContentLink] = []
    var texts: [PodcastText] = []

    var isEmpty: Bool {
        transcripts.isEmpty && chapters == nil && soundbites.isEmpty && persons.isEmpty && location == nil
            && license == nil && alternateEnclosures.isEmpty && value == nil && seasonName == nil
            && episodeDisplay == nil && images.isEmpty && socialInteracts.isEmpty && chat == nil
            && contentLinks.isEmpty && texts.isEmpty
    }
}

/// ``PodcastEpisodeNewerFields`` out of line, copied on write (``Swift/Optional/update(_:)``).
final class PodcastEpisodeNewerFieldsStorage: CopyOnWriteStorage, @unchecked Sendable {
    var value: PodcastEpisodeNewerFields

    init(_ value: PodcastEpisodeNewerFields) {
        self.value = value
    }
}

extension PodcastEpisodeInfo {
    /// `podcast:transcript`.
    public var transcripts: [PodcastTranscript] {
        get { newerFields?.value.transcripts ?? [] }
        set { updateNewerFields { $0.transcripts = newValue } }
    }

    /// `podcast:chapters`.
    public var chapters: PodcastChapters? {
        get { newerFields?.value.chapters ?? nil }
        set { updateNewerFields { $0.chapters = newValue } }
    }

    /// `podcast:soundbite`.
    public var soundbites: [PodcastSoundbite] {
        get { newerFields?.value.soundbites ?? [] }
        set { updateNewerFields { $0.soundbites = newValue } }
    }

    /// `podcast:person`.
    public var persons: [PodcastPerson] {
        get { newerFields?.value.persons ?? [] }
        set { updateNewerFields { $0.persons = newValue } }
    }

    /// `podcast:location`.
    public var location: PodcastLocation? {
        get { newerFields?.value.location ?? nil }
        set { updateNewerFields { $0.location = newValue } }
    }

    /// `podcast:license`.
    public var license: PodcastLicense? {
        get { newerFields?.value.license ?? nil }
        set { updateNewerFields { $0.license = newValue } }
    }

    /// `podcast:alternateEnclosure`: the episode in other formats or qualities.
    public var alternateEnclosures: [PodcastAlternateEnclosure] {
        get { newerFields?.value.alternateEnclosures ?? [] }
        set { updateNewerFields { $0.alternateEnclosures = newValue } }
    }

    /// `podcast:value`.
    public var value: PodcastValue? {
        get { newerFields?.value.value ?? nil }
        set { updateNewerFields { $0.value = newValue } }
    }

    /// `podcast:season`'s `name` attribute.
    public var seasonName: String? {
        get { newerFields?.value.seasonName }
        set { updateNewerFields { $0.seasonName = newValue } }
    }

    /// `podcast:episode`'s `display` attribute (`Ch.3`).
    public var episodeDisplay: String? {
        get { newerFields?.value.episodeDisplay }
        set { updateNewerFields { $0.episodeDisplay = newValue } }
    }

    /// `podcast:image` (and the deprecated `podcast:images srcset`): the episode's artwork in several sizes,
    /// shapes and purposes.
    public var images: [PodcastImage] {
        get { newerFields?.value.images ?? [] }
        set { updateNewerFields { $0.images = newValue } }
    }

    /// `podcast:socialInteract`: the episode's comment threads (or `disabled`).
    public var socialInteracts: [PodcastSocialInteract] {
        get { newerFields?.value.socialInteracts ?? [] }
        set { updateNewerFields { $0.socialInteracts = newValue } }
    }

    /// `podcast:chat`: the episode's chat, overriding the show's.
    public var chat: PodcastChat? {
        get { newerFields?.value.chat ?? nil }
        set { updateNewerFields { $0.chat = newValue } }
    }

    /// `podcast:contentLink`: pages that play the episode or live stream.
    public var contentLinks: [PodcastContentLink] {
        get { newerFields?.value.contentLinks ?? [] }
        set { updateNewerFields { $0.contentLinks = newValue } }
    }

    /// `podcast:txt`: the episode's free-form text records.
    public var texts: [PodcastText] {
        get { newerFields?.value.texts ?? [] }
        set { updateNewerFields { $0.texts = newValue } }
    }

    /// Changes the out-of-line fields (see ``Swift/Optional/update(_:)``).
    mutating func updateNewerFields(_ change: (inout PodcastEpisodeNewerFields) -> Void) {
        newerFields.update(change)
    }
}
