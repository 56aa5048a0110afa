/// One outline of an OPML subscription list that names a feed — what a feed reader imports per subscription — or
/// that names none and holds nothing (an empty folder, whose ``xmlURL`` is `nil`).
///
/// `folders` holds the titles of the outlines it is nested in, outermost first (`["News", "Tech"]`), which is how
/// readers that export folders (NetNewsWire, Feedly, Inoreader) write them; an outline directly under `body` has
/// none.
public struct OPMLOutline: Sendable, Hashable, Codable {
    /// The `title` attribute, when there is one.
    public var title: String?
    /// The `text` attribute: what OPML 2.0 requires and most readers show (many write `title` and `text` alike).
    public var text: String?
    /// The feed's address (`xmlUrl`), resolved against the document's URL; `nil` for an empty folder.
    public var xmlURL: String?
    /// The site's address (`htmlUrl`).
    public var htmlURL: String?
    /// The `type` attribute as written: `rss` in nearly every file, whatever the feed's format.
    public var type: String?
    /// The `description` attribute.
    public var description: String?
    /// The `category` attribute split at commas (OPML 2.0: `/Boston/Weather,/Harvard`), each as written.
    public var categories: [String]
    /// The titles of the enclosing outlines, outermost first.
    public var folders: [String]

    /// The name a reader shows: `title`, else `text`, else the feed's address.
    public var displayName: String? { title ?? text ?? xmlURL }

    /// Creates an outline.
    public init(
        title: String? = nil, text: String? = nil, xmlURL: String? = nil, htmlURL: String? = nil,
        type: String? = nil, description: String? = nil, categories: [String] = [], folders: [String] = []
    ) {
        self.title = title
        self.text = text
        self.xmlURL = xmlURL
        self.htmlURL = htmlURL
        self.type = type
        self.description = description
        self.categories = categories
        self.folders = folders
    }

    private enum CodingKeys: String, CodingKey {
        case title, text, xmlURL, htmlURL, type, description, categories, folders
    }

    /// Every member may be absent (the JSON lines `feedstream opml --write` reads are often written by hand).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        xmlURL = try container.decodeIfPresent(String.self, forKey: .xmlURL)
        htmlURL = try container.decodeIfPresent(String.self, forKey: .htmlURL)
        type = try container.decodeIfPresent(String.self, forKey: .type)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        categories = try container.decodeIfPresent([String].self, forKey: .categories) ?? []
        folders = try container.decodeIfPresent([String].self, forKey: .folders) ?? []
    }

    /// `nil` members and empty categories are left out; `folders` is always written, empty or not.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(text, forKey: .text)
        try container.encodeIfPresent(xmlURL, forKey: .xmlURL)
        try container.encodeIfPresent(htmlURL, forKey: .htmlURL)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encodeIfPresent(description, forKey: .description)
        if !categories.isEmpty { try container.encode(categories, forKey: .categories) }
        try container.encode(folders, forKey: .folders)
    }
}
