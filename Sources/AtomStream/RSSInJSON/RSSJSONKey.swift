// Built with the JSONFeed trait only (on by default): without it AtomStream needs no yajl.
#if JSONFeed
internal import JSONStream

/// The member names of RSS-in-JSON (Dave Winer's mapping of RSS 2.0 onto JSON: each element a member of its
/// parent's object, attributes members too, an element's text beside attributes in `#value`) that the decoder
/// reads; any other member (`source:outline`, `cloud`, `xmlns:…`) is skipped whole.
enum RSSJSONKey: Sendable {
    case rss, version, channel, item
    case title, link, description, language, copyright, managingEditor, generator, pubDate, lastBuildDate, ttl
    case image, url, category, guid, enclosure, author, comments, isPermaLink, domain, type, length, value
    case dcCreator, dcDate, contentEncoded

    static let table = KeyTable<RSSJSONKey>(names)

    private static let names: [(String, RSSJSONKey)] = [
        ("rss", .rss), ("version", .version), ("channel", .channel), ("item", .item), ("title", .title),
        ("link", .link), ("description", .description), ("language", .language), ("copyright", .copyright),
        ("managingEditor", .managingEditor), ("generator", .generator), ("pubDate", .pubDate),
        ("lastBuildDate", .lastBuildDate), ("ttl", .ttl), ("image", .image), ("url", .url),
        ("category", .category), ("guid", .guid), ("enclosure", .enclosure), ("author", .author),
        ("comments", .comments), ("isPermaLink", .isPermaLink), ("domain", .domain), ("type", .type),
        ("length", .length), ("#value", .value), ("dc:creator", .dcCreator), ("dc:date", .dcDate),
        ("content:encoded", .contentEncoded),
    ]
}
#endif
