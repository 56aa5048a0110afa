/// Written out because the rarer fields are stored out of line: the keys are the property names, `nil` optionals
/// are left out, the lists the type always had are always written and the newer ones only when they hold
/// something (so that output for the common object stays as it was); a missing list decodes as empty.
extension MediaContent: Codable {
    private enum CodingKeys: String, CodingKey {
        case url, type, medium, fileSize, duration, width, height, bitrate, isDefault, title, description,
            thumbnails, credits, keywords, player, expression, framerate, samplingRate, channels, language, ratings,
            restrictions, texts, hashes, embed, status, licenses, copyright, categories, community, comments, responses,
            backLinks, prices, locations, peerLinks, subtitles, scenes, rights
    }

    /// Creates an object from its encoding.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        url = try container.decodeIfPresent(String.self, forKey: .url)
        type = try container.decodeIfPresent(String.self, forKey: .type)
        medium = try container.decodeIfPresent(String.self, forKey: .medium)
        fileSize = try container.decodeIfPresent(Int64.self, forKey: .fileSize)
        duration = try container.decodeIfPresent(Double.self, forKey: .duration)
        width = try container.decodeIfPresent(Int.self, forKey: .width)
        height = try container.decodeIfPresent(Int.self, forKey: .height)
        bitrate = try container.decodeIfPresent(Double.self, forKey: .bitrate)
        isDefault = try container.decodeIfPresent(Bool.self, forKey: .isDefault)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        thumbnails = try container.decodeIfPresent([MediaThumbnail].self, forKey: .thumbnails) ?? []
        credits = try container.decodeIfPresent([MediaCredit].self, forKey: .credits) ?? []
        keywords = try container.decodeIfPresent([String].self, forKey: .keywords) ?? []
        player = try container.decodeIfPresent(String.self, forKey: .player)
        expression = try container.decodeIfPresent(String.self, forKey: .expression)
        framerate = try container.decodeIfPresent(Double.self, forKey: .framerate)
        samplingRate = try container.decodeIfPresent(Double.self, forKey: .samplingRate)
        channels = try container.decodeIfPresent(Int.self, forKey: .channels)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        ratings = try container.decodeIfPresent([MediaRating].self, forKey: .ratings) ?? []
        restrictions = try container.decodeIfPresent([MediaRestriction].self, forKey: .restrictions) ?? []
        texts = try container.decodeIfPresent([MediaText].self, forKey: .texts) ?? []
        hashes = try container.decodeIfPresent([MediaHash].self, forKey: .hashes) ?? []
        embed = try container.decodeIfPresent(MediaEmbed.self, forKey: .embed)
        status = try container.decodeIfPresent(MediaStatus.self, forKey: .status)
        licenses = try container.decodeIfPresent([MediaLicense].self, forKey: .licenses) ?? []
        copyright = try container.decodeIfPresent(MediaCopyright.self, forKey: .copyright)
        categories = try container.decodeIfPresent([AtomCategory].self, forKey: .categories) ?? []
        community = try container.decodeIfPresent(MediaCommunity.self, forKey: .community)
        comments = try container.decodeIfPresent([String].self, forKey: .comments) ?? []
        responses = try container.decodeIfPresent([String].self, forKey: .responses) ?? []
        backLinks = try container.decodeIfPresent([String].self, forKey: .backLinks) ?? []
        prices = try container.decodeIfPresent([MediaPrice].self, forKey: .prices) ?? []
        locations = try container.decodeIfPresent([MediaLocation].self, forKey: .locations) ?? []
        peerLinks = try container.decodeIfPresent([MediaPeerLink].self, forKey: .peerLinks) ?? []
        subtitles = try container.decodeIfPresent([MediaSubtitle].self, forKey: .subtitles) ?? []
        scenes = try container.decodeIfPresent([MediaScene].self, forKey: .scenes) ?? []
        rights = try container.decodeIfPresent(String.self, forKey: .rights)
    }

    /// Encodes the object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(url, forKey: .url)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encodeIfPresent(medium, forKey: .medium)
        try container.encodeIfPresent(fileSize, forKey: .fileSize)
        try container.encodeIfPresent(duration, forKey: .duration)
        try container.encodeIfPresent(width, forKey: .width)
        try container.encodeIfPresent(height, forKey: .height)
        try container.encodeIfPresent(bitrate, forKey: .bitrate)
        try container.encodeIfPresent(isDefault, forKey: .isDefault)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encode(thumbnails, forKey: .thumbnails)
        try container.encode(credits, forKey: .credits)
        try container.encode(keywords, forKey: .keywords)
        try container.encodeIfPresent(player, forKey: .player)
        try container.encodeIfPresent(expression, forKey: .expression)
        try container.encodeIfPresent(framerate, forKey: .framerate)
        try container.encodeIfPresent(samplingRate, forKey: .samplingRate)
        try container.encodeIfPresent(channels, forKey: .channels)
        try container.encodeIfPresent(language, forKey: .language)
        if !ratings.isEmpty { try container.encode(ratings, forKey: .ratings) }
        if !restrictions.isEmpty { try container.encode(restrictions, forKey: .restrictions) }
        if !texts.isEmpty { try container.encode(texts, forKey: .texts) }
        if !hashes.isEmpty { try container.encode(hashes, forKey: .hashes) }
        try container.encodeIfPresent(embed, forKey: .embed)
        try container.encodeIfPresent(status, forKey: .status)
        if !licenses.isEmpty { try container.encode(licenses, forKey: .licenses) }
        try container.encodeIfPresent(copyright, forKey: .copyright)
        if !categories.isEmpty { try container.encode(categories, forKey: .categories) }
        try container.encodeIfPresent(community, forKey: .community)
        if !comments.isEmpty { try container.encode(comments, forKey: .comments) }
        if !responses.isEmpty { try container.encode(responses, forKey: .responses) }
        if !backLinks.isEmpty { try container.encode(backLinks, forKey: .backLinks) }
        if !prices.isEmpty { try container.encode(prices, forKey: .prices) }
        if !locations.isEmpty { try container.encode(locations, forKey: .locations) }
        if !peerLinks.isEmpty { try container.encode(peerLinks, forKey: .peerLinks) }
        if !subtitles.isEmpty { try container.encode(subtitles, forKey: .subtitles) }
        if !scenes.isEmpty { try container.encode(scenes, forKey: .scenes) }
        try container.encodeIfPresent(rights, forKey: .rights)
    }
}
