/// The fields of the later Podcasting 2.0 phases (and the rarely written season name and episode display), out of
/// line: an episode without any of them (nearly all) carries one `nil` reference. Inline, every item with podcast
/// fields paid to build, move, copy and destroy them (callgrind, RSS benchmark: moving them and the two strings
/// here, and `media:player` into `MediaContentDetails`, took the change from +0.8 % to +0.3 % of all instructions).
struct PodcastEpisodeNewerFields: Sendable, Hashable {
    var seasonName: String?
    var episodeDisplay: String?
    var images: [PodcastImage]
    var socialInteracts: [PodcastSocialInteract]
    var chat: PodcastChat?
    var contentLinks: [PodcastContentLink]
    var texts: [PodcastText]

    var isEmpty: Bool {
        seasonName == nil && episodeDisplay == nil && images.isEmpty && socialInteracts.isEmpty && chat == nil
            && contentLinks.isEmpty && texts.isEmpty
    }
}

/// ``PodcastEpisodeNewerFields`` out of line and immutable (a change stores a new one), so copies share it safely.
final class PodcastEpisodeNewerFieldsStorage: Sendable, Hashable {
    let value: PodcastEpisodeNewerFields

    init(_ value: PodcastEpisodeNewerFields) {
        self.value = value
    }

    static func == (lhs: PodcastEpisodeNewerFieldsStorage, rhs: PodcastEpisodeNewerFieldsStorage) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}

extension PodcastEpisodeInfo {
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

    /// Changes the out-of-line fields; an episode left without any drops its storage.
    mutating func updateNewerFields(_ change: (inout PodcastEpisodeNewerFields) -> Void) {
        var value =
            newerFields?.value
            ?? PodcastEpisodeNewerFields(images: [], socialInteracts: [], chat: nil, contentLinks: [], texts: [])
        change(&value)
        newerFields = value.isEmpty ? nil : PodcastEpisodeNewerFieldsStorage(value)
    }
}
