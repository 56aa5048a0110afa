import AtomStream
import Foundation
import StreamCore

/// Our decoded feed seen through feedparser's result dictionary, for the keys this model has.
///
/// Whether a key is known depends only on the key, never on the data: a missing entry, person or value reads
/// as Python's `KeyError` / `IndexError` would (the comparison fails), while a key the model has no field for
/// (`source`, `enclosures`, `version`, `namespaces`, …) makes the case not applicable.
struct FeedparserResult {
    typealias NotApplicable = FeedparserExpectation.NotApplicable

    enum Value: Equatable {
        case string(String)
        case int(Int)
        /// A `time.struct_time` (or the tuple it is compared with).
        case tuple([Int])
        /// Python's `True` / `False` (feedparser's `itunes_block` is `1` / `0`, which `==` equates with them).
        case bool(Bool)
        /// Python's `None`: a field this model leaves `nil` where feedparser stores `None`.
        case none
        /// A `text/html` or `application/xhtml+xml` value: equal to a string that is the same HTML by the HTML
        /// specification (``FeedparserHTMLEquivalence``), not only to the same bytes.
        case html(String)
        /// A typed duration in seconds, which feedparser keeps as written (`'3:00'`).
        case seconds(Double)
        /// The key or index is absent.
        case missing
    }

    let feed: AtomFeed
    let entries: [AtomEntry]
    let error: StreamError?
    /// feedparser's `summary` (and `description`) of an entry that has content but no summary is the content;
    /// the sanitizer suite's documents rely on it.
    var contentAsSummary = false
    /// Whether feedparser's podcast keys (`itunes_*`, `image`, `publisher_detail`, `media_*`) are answered from the
    /// typed fields; only the podcast suite asks, so the other suites' applicable cases stay as they were.
    var readsPodcastKeys = false

    /// Whether every clause holds; throws when any clause is not applicable, so applicability never depends on
    /// what the decoder produced.
    func holds(_ expectation: FeedparserExpectation) throws(NotApplicable) -> Bool {
        var holds = true
        for clause in expectation.clauses {
            switch clause {
            case .notBozo:
                holds = holds && error == nil
            case .equal(let lhs, let rhs):
                let (left, right) = (try value(lhs), try value(rhs))
                holds = holds && Self.equal(left, right)
            case .identical(let lhs, let rhs):
                let (left, right) = (try value(lhs), try value(rhs))
                holds = holds && left != .missing && left == right
            }
        }
        return holds
    }

    static func equal(_ left: Value, _ right: Value) -> Bool {
        switch (left, right) {
        case (.missing, _), (_, .missing): false
        // feedparser's `*_parsed` is a 9-tuple; its first six fields are the UTC date and time.
        case (.tuple(let a), .tuple(let b)): a.count >= 6 && b.count >= 6 && a.prefix(6) == b.prefix(6)
        case (.bool(let flag), .int(let number)), (.int(let number), .bool(let flag)): (flag ? 1 : 0) == number
        case (.seconds(let seconds), .string(let text)), (.string(let text), .seconds(let seconds)):
            Self.seconds(text) == seconds
        case (.html(let html), .string(let text)), (.string(let text), .html(let html)),
            (.html(let html), .html(let text)):
            html == text || FeedparserHTMLEquivalence.same(html, text)
        default: left == right
        }
    }

    /// feedparser's `itunes_duration` as written (`3:00`, `1:02:03`, `3723`) in seconds, read independently of
    /// the decoder's own reading: colon-separated numbers, each part worth 60 of the next.
    static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.reduce(0) { $0 * 60 + $1! }
    }

    func value(_ operand: FeedparserExpectation.Operand) throws(NotApplicable) -> Value {
        switch operand {
        case .bool(let flag): return .bool(flag)
        case .none: return .none
        case .string(let value): return .string(value)
        case .int(let value): return .int(value)
        case .tuple(let values): return .tuple(values)
        case .path(let root, let keys):
            var walk = Walk(contentAsSummary: contentAsSummary, readsPodcastKeys: readsPodcastKeys)
            var node: Node
            switch root {
            case "version" where keys.isEmpty: return .string(Self.version(feed.format))
            case "feed": node = .feed(feed)
            case "entries": node = .entries(entries)
            default: throw NotApplicable(description: "`\(root)`")
            }
            for key in keys {
                node = try walk.step(node, key)
            }
            guard case .leaf(let value) = node else { throw NotApplicable(description: "comparison of a container") }
            return walk.missing ? .missing : value
        }
    }

    /// feedparser's `version` for this model's `format`. feedparser tells Netscape's RSS 0.91 (`rss091n`) from
    /// UserLand's (`rss091u`) by the DOCTYPE; this model names both `rss0.91`.
    static func version(_ format: String) -> String {
        switch format {
        case "atom1.0": "atom10"
        case "atom0.3": "atom03"
        case "rss0.91": "rss091u"
        case "rss1.0": "rss10"
        case "rss2.0": "rss20"
        default: format.replacingOccurrences(of: ".", with: "")
        }
    }

    /// A position in feedparser's dictionary.
    enum Node {
        case feed(AtomFeed)
        case entries([AtomEntry])
        case entry(AtomEntry)
        case detail(AtomText)
        case people([AtomPerson])
        case person(AtomPerson)
        case links([AtomLink])
        case link(AtomLink)
        case tags([AtomCategory])
        case tag(AtomCategory)
        case contents([AtomContent])
        case content(AtomContent)
        case generator(AtomGenerator)
        /// A dictionary whose only key this model has is the URL (`image`'s `href`, `media_player`'s `url`).
        case reference(String?)
        case thumbnails([MediaThumbnail])
        case thumbnail(MediaThumbnail)
        case leaf(Value)
    }

    /// Walks one path; an absent value is replaced by an empty one and remembered, so the rest of the path is
    /// still checked for applicability.
    struct Walk {
        var missing = false
        var contentAsSummary = false
        var readsPodcastKeys = false

        mutating func step(_ node: Node, _ key: FeedparserExpectation.Key) throws(NotApplicable) -> Node {
            switch (node, key) {
            case (.entries(let list), .int(let index)): return .entry(element(list, index) ?? AtomEntry())
            case (.people(let list), .int(let index)): return .person(element(list, index) ?? AtomPerson())
            case (.links(let list), .int(let index)): return .link(element(list, index) ?? AtomLink(href: ""))
            case (.tags(let list), .int(let index)): return .tag(element(list, index) ?? AtomCategory(term: ""))
            case (.contents(let list), .int(let index)): return .content(element(list, index) ?? AtomContent())
            case (.thumbnails(let list), .int(let index)):
                return .thumbnail(element(list, index) ?? MediaThumbnail(url: ""))
            case (.reference(let url), .string("href")), (.reference(let url), .string("url")): return leaf(url)
            case (.thumbnail(let thumbnail), .string("url")): return leaf(thumbnail.url)
            case (.feed(let feed), .string(let name)): return try feedKey(feed, name)
            case (.entry(let entry), .string(let name)): return try entryKey(entry, name)
            case (.detail(let text), .string("value")): return .leaf(Self.value(text))
            case (.detail(let text), .string("type")): return .leaf(.string(Self.mediaType(text.type)))
            case (.person(let person), .string("name")): return leaf(person.name)
            case (.person(let person), .string("email")): return leaf(person.email)
            // feedparser maps `url` to `href`.
            case (.person(let person), .string("href")), (.person(let person), .string("url")): return leaf(person.uri)
            case (.link(let link), .string(let name)): return try linkKey(link, name)
            case (.tag(let tag), .string("term")): return leaf(tag.term)
            case (.tag(let tag), .string("scheme")): return leaf(tag.scheme)
            case (.tag(let tag), .string("label")): return leaf(tag.label)
            case (.content(let content), .string("value")):
                guard let value = present(content.value) else { return .leaf(.missing) }
                return .leaf(["html", "xhtml"].contains(content.type.lowercased()) ? .html(value) : .string(value))
            case (.content(let content), .string("type")): return leaf(Self.mediaType(content.type))
            case (.content(let content), .string("src")): return leaf(content.src)
            case (.generator(let generator), .string("name")): return leaf(generator.name)
            case (.generator(let generator), .string("href")): return leaf(generator.uri)
            case (.generator(let generator), .string("version")): return leaf(generator.version)
            default: throw NotApplicable(description: "key \(key) of \(Self.kind(node))")
            }
        }

        /// What feedparser keeps under the same keys for the feed and for an entry; `summary` is the feed's
        /// `subtitle` or the entry's `summary`, named `summaryKey`.
        private struct SharedFields {
            var summaryKey: String
            var title: AtomText?
            var summary: AtomText?
            var rights: AtomText?
            var id: String?
            var links: [AtomLink]
            var authors: [AtomPerson]
            var categories: [AtomCategory]
            var podcastBlock: Bool?
            var podcastExplicit: Bool?
        }

        /// The node for a key the feed and an entry answer alike, or nil for a key of one of them only.
        private mutating func sharedKey(_ fields: SharedFields, _ name: String) -> Node? {
            // Text constructs, as a value or (`…_detail`) with their type. feedparser's aliases: RSS `description`
            // is `subtitle` / `summary`, `copyright` is `rights`.
            let detail = name.hasSuffix("_detail")
            switch detail ? String(name.dropLast("_detail".count)) : name {
            case "title": return textNode(fields.title, detail: detail)
            case fields.summaryKey, "description": return textNode(fields.summary, detail: detail)
            case "rights", "copyright": return textNode(fields.rights, detail: detail)
            default: break
            }
            switch name {
            // `category` is the first tag's term.
            case "category": return leaf(element(fields.categories, 0)?.term)
            // feedparser maps `guid` to `id`.
            case "id", "guid": return leaf(fields.id)
            case "link": return leaf(fields.links.first { $0.rel == "alternate" }?.href)
            case "links": return .links(fields.links)
            case "author": return leaf(Self.authorString(fields.authors.first))
            case "author_detail": return .person(present(fields.authors.first) ?? AtomPerson())
            case "authors": return .people(fields.authors)
            case "tags": return .tags(fields.categories)
            case "itunes_block" where readsPodcastKeys: return flagLeaf(fields.podcastBlock)
            case "itunes_explicit" where readsPodcastKeys: return .leaf(fields.podcastExplicit.map(Value.bool) ?? .none)
            default: return nil
            }
        }

        private mutating func feedKey(_ feed: AtomFeed, _ name: String) throws(NotApplicable) -> Node {
            let shared = SharedFields(
                summaryKey: "subtitle", title: feed.title, summary: feed.subtitle, rights: feed.rights, id: feed.id,
                links: feed.links, authors: feed.authors, categories: feed.categories,
                podcastBlock: feed.podcast?.block, podcastExplicit: feed.podcast?.explicit)
            if let node = sharedKey(shared, name) { return node }
            switch name {
            // feedparser's aliases: Atom 0.3 `tagline` is `subtitle`, `modified` is `updated`.
            case "tagline", "tagline_detail": return textNode(feed.subtitle, detail: name.hasSuffix("_detail"))
            case "modified_parsed": return dateLeaf(feed.updated)
            case "generator": return leaf(feed.generator?.name)
            case "generator_detail": return .generator(present(feed.generator) ?? AtomGenerator(name: ""))
            case "icon": return leaf(feed.icon)
            case "logo": return leaf(feed.logo)
            case "updated_parsed": return dateLeaf(feed.updated)
            // Typed podcast fields (PodcastFeedInfo). feedparser's `image` is the iTunes image, else RSS's.
            case "image" where readsPodcastKeys: return .reference(present(feed.podcast?.image ?? feed.logo))
            case "publisher_detail" where readsPodcastKeys:
                let owner = present(feed.podcast?.owner)
                return .person(AtomPerson(name: owner?.name, email: owner?.email))
            default: throw NotApplicable(description: "feed['\(name)']")
            }
        }

        private mutating func entryKey(_ entry: AtomEntry, _ name: String) throws(NotApplicable) -> Node {
            var entry = entry
            if contentAsSummary, entry.summary == nil, let content = entry.content, let value = content.value {
                entry.summary = AtomText(type: content.type == "text" ? .text : .html, value: value)
            }
            let shared = SharedFields(
                summaryKey: "summary", title: entry.title, summary: entry.summary, rights: entry.rights, id: entry.id,
                links: entry.links, authors: entry.authors, categories: entry.categories,
                podcastBlock: entry.podcast?.block, podcastExplicit: entry.podcast?.explicit)
            if let node = sharedKey(shared, name) { return node }
            switch name {
            case "enclosures": return .links(entry.links.filter { $0.rel == "enclosure" })
            case "comments":
                return leaf(entry.extensions.first { $0.namespace.isEmpty && $0.name == "comments" }?.value)
            case "content": return .contents(entry.content.map { [$0] } ?? [])
            case "contributors": return .people(entry.contributors)
            case "published_parsed", "issued_parsed", "created_parsed": return dateLeaf(entry.published)
            // feedparser answers `updated` with `published` when an entry has no update date.
            case "updated_parsed", "modified_parsed": return dateLeaf(entry.updated ?? entry.published)
            // Typed podcast and media fields (PodcastEpisodeInfo, MediaContent).
            case "itunes_duration" where readsPodcastKeys:
                return .leaf(present(entry.podcast?.duration).map(Value.seconds) ?? .missing)
            case "image" where readsPodcastKeys: return .reference(present(entry.podcast?.image))
            case "media_thumbnail" where readsPodcastKeys:
                return .thumbnails((entry.media ?? []).flatMap(\.thumbnails))
            case "media_player" where readsPodcastKeys:
                return .reference(present(entry.media?.lazy.compactMap(\.player).first))
            default: throw NotApplicable(description: "entries[i]['\(name)']")
            }
        }

        private mutating func linkKey(_ link: AtomLink, _ name: String) throws(NotApplicable) -> Node {
            switch name {
            case "href", "url": return leaf(link.href)
            case "rel": return leaf(link.rel)
            case "type": return leaf(link.type)
            case "hreflang": return leaf(link.hreflang)
            case "title": return leaf(link.title)
            case "length": return leaf(link.length.map(String.init))
            default: throw NotApplicable(description: "links[i]['\(name)']")
            }
        }

        private mutating func textNode(_ text: AtomText?, detail: Bool) -> Node {
            guard let text = present(text) else { return detail ? .detail(AtomText(value: "")) : .leaf(.missing) }
            return detail ? .detail(text) : .leaf(Self.value(text))
        }

        /// A text construct's value, compared as HTML when it is markup.
        static func value(_ text: AtomText) -> Value {
            text.type == .text ? .string(text.value) : .html(text.value)
        }

        private mutating func dateLeaf(_ date: Date?) -> Node {
            guard let date = present(date) else { return .leaf(.missing) }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            return .leaf(.tuple([c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!]))
        }

        private mutating func flagLeaf(_ value: Bool?) -> Node {
            guard let value = present(value) else { return .leaf(.missing) }
            return .leaf(.bool(value))
        }

        private mutating func leaf(_ value: String?) -> Node {
            guard let value = present(value) else { return .leaf(.missing) }
            return .leaf(.string(value))
        }

        private mutating func present<T>(_ value: T?) -> T? {
            if value == nil { missing = true }
            return value
        }

        private mutating func element<T>(_ list: [T], _ index: Int) -> T? {
            let resolved = index < 0 ? list.count + index : index
            return present(list.indices.contains(resolved) ? list[resolved] : nil)
        }

        /// feedparser's `author`: `name (email)`, or whichever of the two there is.
        static func authorString(_ person: AtomPerson?) -> String? {
            switch (person?.name, person?.email) {
            case (let name?, let email?): "\(name) (\(email))"
            case (let name?, nil): name
            case (nil, let email?): email
            case (nil, nil): nil
            }
        }

        static func mediaType(_ kind: AtomText.Kind) -> String {
            switch kind {
            case .text: "text/plain"
            case .html: "text/html"
            case .xhtml: "application/xhtml+xml"
            }
        }

        static func mediaType(_ type: String) -> String {
            switch type.lowercased() {
            case "text": "text/plain"
            case "html": "text/html"
            case "xhtml": "application/xhtml+xml"
            default: type.lowercased()
            }
        }

        static func kind(_ node: Node) -> String {
            switch node {
            case .feed: "feed"
            case .entries: "entries"
            case .entry: "an entry"
            case .detail: "a text detail"
            case .people: "a person list"
            case .person: "a person"
            case .links: "links"
            case .link: "a link"
            case .tags: "tags"
            case .tag: "a tag"
            case .contents: "content"
            case .content: "a content item"
            case .generator: "generator_detail"
            case .reference: "a URL holder"
            case .thumbnails: "media_thumbnail"
            case .thumbnail: "a thumbnail"
            case .leaf: "a value"
            }
        }
    }
}
