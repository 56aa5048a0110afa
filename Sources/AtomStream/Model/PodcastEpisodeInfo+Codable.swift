/// Written out because the newer fields are stored out of line: the keys are the property names, `nil` optionals
/// are left out, the lists the type always had are always written and the newer ones only when they hold something
/// (so that the output of existing feeds stays as it was); a missing list decodes as empty.
extension PodcastEpisodeInfo: Codable {
    private enum CodingKeys: String, CodingKey {
        case title, duration, explicit, image, episode, season, episodeType, block, transcripts, chapters,
            soundbites, persons, location, license, alternateEnclosures, value, seasonName, episodeDisplay, images,
            socialInteracts, chat, contentLinks, texts
    }

    /// Creates episode fields from their encoding.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        title = try container.decodeIfPresent(String.self, forKey: .title)
        duration = try container.decodeIfPresent(Double.self, forKey: .duration)
        explicit = try container.decodeIfPresent(Bool.self, forKey: .explicit)
        image = try container.decodeIfPresent(String.self, forKey: .image)
        episode = try container.decodeIfPresent(Int.self, forKey: .episode)
        season = try container.decodeIfPresent(Int.self, forKey: .season)
        episodeType = try container.decodeIfPresent(String.self, forKey: .episodeType)
        block = try container.decodeIfPresent(Bool.self, forKey: .block)
        transcripts = try container.decodeIfPresent([PodcastTranscript].self, forKey: .transcripts) ?? []
        chapters = try container.decodeIfPresent(PodcastChapters.self, forKey: .chapters)
        soundbites = try container.decodeIfPresent([PodcastSoundbite].self, forKey: .soundbites) ?? []
        persons = try container.decodeIfPresent([PodcastPerson].self, forKey: .persons) ?? []
        location = try container.decodeIfPresent(PodcastLocation.self, forKey: .location)
        license = try container.decodeIfPresent(PodcastLicense.self, forKey: .license)
        alternateEnclosures =
            try container.decodeIfPresent([PodcastAlternateEnclosure].self, forKey: .alternateEnclosures) ?? []
        value = try container.decodeIfPresent(PodcastValue.self, forKey: .value)
        seasonName = try container.decodeIfPresent(String.self, forKey: .seasonName)
        episodeDisplay = try container.decodeIfPresent(String.self, forKey: .episodeDisplay)
        images = try container.decodeIfPresent([PodcastImage].self, forKey: .images) ?? []
        socialInteracts = try container.decodeIfPresent([PodcastSocialInteract].self, forKey: .socialInteracts) ?? []
        chat = try container.decodeIfPresent(PodcastChat.self, forKey: .chat)
        contentLinks = try container.decodeIfPresent([PodcastContentLink].self, forKey: .contentLinks) ?? []
        texts = try container.decodeIfPresent([PodcastText].self, forKey: .texts) ?? []
    }

    /// Encodes the episode fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(duration, forKey: .duration)
        try container.encodeIfPresent(explicit, forKey: .explicit)
        try container.encodeIfPresent(image, forKey: .image)
        try container.encodeIfPresent(episode, forKey: .episode)
        try container.encodeIfPresent(season, forKey: .season)
        try container.encodeIfPresent(episodeType, forKey: .episodeType)
        try container.encodeIfPresent(block, forKey: .block)
        try container.encode(transcripts, forKey: .transcripts)
        try container.encodeIfPresent(chapters, forKey: .chapters)
        try container.encode(soundbites, forKey: .soundbites)
        try container.encode(persons, forKey: .persons)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encodeIfPresent(license, forKey: .license)
        try container.encode(alternateEnclosures, forKey: .alternateEnclosures)
        try container.encodeIfPresent(value, forKey: .value)
        try container.encodeIfPresent(seasonName, forKey: .seasonName)
        try container.encodeIfPresent(episodeDisplay, forKey: .episodeDisplay)
        if !images.isEmpty { try container.encode(images, forKey: .images) }
        if !socialInteracts.isEmpty { try container.encode(socialInteracts, forKey: .socialInteracts) }
        try container.encodeIfPresent(chat, forKey: .chat)
        if !contentLinks.isEmpty { try container.encode(contentLinks, forKey: .contentLinks) }
        if !texts.isEmpty { try container.encode(texts, forKey: .texts) }
    }
}
