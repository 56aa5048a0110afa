#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Written out because ``AtomEntry/podcast`` and ``AtomEntry/extraction`` are stored out of line: the keys and the
/// encoding are the ones a synthesized conformance would produce (property names; `nil` optionals left out, arrays
/// always written).
extension AtomEntry: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, title, summary, content, published, updated, authors, contributors, links, categories, rights
        case inReplyTo, extensions, podcast, media, extraction
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decodeIfPresent(String.self, forKey: .id),
            title: try container.decodeIfPresent(AtomText.self, forKey: .title),
            summary: try container.decodeIfPresent(AtomText.self, forKey: .summary),
            content: try container.decodeIfPresent(AtomContent.self, forKey: .content),
            published: try container.decodeIfPresent(Date.self, forKey: .published),
            updated: try container.decodeIfPresent(Date.self, forKey: .updated),
            authors: try container.decodeIfPresent([AtomPerson].self, forKey: .authors) ?? [],
            contributors: try container.decodeIfPresent([AtomPerson].self, forKey: .contributors) ?? [],
            links: try container.decodeIfPresent([AtomLink].self, forKey: .links) ?? [],
            categories: try container.decodeIfPresent([AtomCategory].self, forKey: .categories) ?? [],
            rights: try container.decodeIfPresent(AtomText.self, forKey: .rights),
            inReplyTo: try container.decodeIfPresent([AtomReplyReference].self, forKey: .inReplyTo) ?? [],
            extensions: try container.decodeIfPresent([AtomExtensionElement].self, forKey: .extensions) ?? [],
            podcast: try container.decodeIfPresent(PodcastEpisodeInfo.self, forKey: .podcast),
            media: try container.decodeIfPresent([MediaContent].self, forKey: .media),
            extraction: try container.decodeIfPresent(ContentExtraction.self, forKey: .extraction))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(summary, forKey: .summary)
        try container.encodeIfPresent(content, forKey: .content)
        try container.encodeIfPresent(published, forKey: .published)
        try container.encodeIfPresent(updated, forKey: .updated)
        try container.encode(authors, forKey: .authors)
        try container.encode(contributors, forKey: .contributors)
        try container.encode(links, forKey: .links)
        try container.encode(categories, forKey: .categories)
        try container.encodeIfPresent(rights, forKey: .rights)
        try container.encode(inReplyTo, forKey: .inReplyTo)
        try container.encode(extensions, forKey: .extensions)
        try container.encodeIfPresent(podcast, forKey: .podcast)
        try container.encodeIfPresent(media, forKey: .media)
        try container.encodeIfPresent(extraction, forKey: .extraction)
    }
}

/// An entry's podcast fields, out of line and immutable (a change stores a new one), so copies share it safely.
final class PodcastEpisodeStorage: OutOfLineStorage, Sendable {
    let value: PodcastEpisodeInfo

    init(_ value: PodcastEpisodeInfo) {
        self.value = value
    }
}
