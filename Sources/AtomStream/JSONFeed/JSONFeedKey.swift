// Built with the JSONFeed trait only (on by default): without it AtomStream needs no yajl.
#if JSONFeed
internal import JSONStream

/// The member names of JSON Feed 1.0 and 1.1 the decoder reads; any other member (`_extension` objects, `hubs`,
/// `user_comment`, …) is skipped whole.
enum JSONFeedKey: Sendable {
    case version, title, homePageURL, feedURL, description, nextURL, icon, favicon, author, authors, items
    case id, url, externalURL, contentHTML, contentText, summary, image, bannerImage, datePublished, dateModified
    case tags, attachments, name, avatar, mimeType, sizeInBytes, durationInSeconds, language

    /// Whether the member may hold an array or object (elsewhere, or in forms nobody reads, it is skipped); every
    /// other member JSON Feed defines holds a string or a number.
    var holdsContainer: Bool {
        switch self {
        case .items, .author, .authors, .tags, .attachments: true
        default: false
        }
    }

    /// The member's name as JSON Feed spells it, for warnings.
    var name: String { Self.names.first { $0.1 == self }?.0 ?? "" }

    static let table = KeyTable<JSONFeedKey>(names)

    private static let names: [(String, JSONFeedKey)] = [
        ("version", .version), ("title", .title), ("home_page_url", .homePageURL), ("feed_url", .feedURL),
        ("description", .description), ("next_url", .nextURL), ("icon", .icon), ("favicon", .favicon),
        ("author", .author), ("authors", .authors), ("items", .items), ("id", .id), ("url", .url),
        ("external_url", .externalURL), ("content_html", .contentHTML), ("content_text", .contentText),
        ("summary", .summary), ("image", .image), ("banner_image", .bannerImage),
        ("date_published", .datePublished), ("date_modified", .dateModified), ("tags", .tags),
        ("attachments", .attachments), ("name", .name), ("avatar", .avatar), ("mime_type", .mimeType),
        ("size_in_bytes", .sizeInBytes), ("duration_in_seconds", .durationInSeconds), ("language", .language),
    ]
}
#endif
