// Built with the JSONFeed trait only (on by default): without it AtomStream needs no yajl.
#if JSONFeed
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore
internal import JSONStream

/// Reads RSS-in-JSON — Dave Winer's RSS 2.0 written as JSON, `{"rss": {"version": "2.0", "channel": {…, "item":
/// […]}}}`, as Scripting News publishes it — off the yajl engine's events, into the models RSS fills: each
/// `item` becomes an ``AtomEntry`` as its object closes, so one item is in memory at a time; the channel fills
/// ``AtomFeed`` (`format` `rss-in-json`), complete at the end of the document.
///
/// Elements are members; an element with attributes is an object whose text is `#value` (`"guid":
/// {"isPermaLink": "false", "#value": "…"}`); a repeated element is an array (`"category": ["a", "b"]`), a
/// single one may stand alone (`"item": {…}`). Fields map as RSS's do (``FeedParser``'s table): `guid` → `id`
/// (and the alternate link when it is a permalink and there is no `link`), `description` → `summary` (`html`),
/// `content:encoded` → `content`, `pubDate` → `published`, `dc:date` → `updated`, `author` / `dc:creator` →
/// `authors`, `category` → `categories`, `enclosure` → an `enclosure` link. Numbers stand for text where RSS has
/// text (`"length": 277413`). Members of the wrong shape are skipped, as in a JSON Feed; members RSS does not
/// define (`source:outline`, `cloud`) are skipped whole.
final class RSSJSONDecoder: JSONEventReceiver, JSONFeedDocumentDecoding {
    private enum Context {
        case root, rss, channel, image, items, item
        /// An element written as an object: its attributes and `#value`.
        case element(RSSJSONKey, FeedScope)
        /// A repeated element's array.
        case elements(RSSJSONKey, FeedScope)
    }

    private let limits: StreamLimits
    private let documentBase: String?
    // As in JSONFeedDecoder: the engine owns this decoder through its forwarder.
    @exclusivity(unchecked) unowned(unsafe) var engine: JSONEngine!

    @exclusivity(unchecked) private var cursor = JSONMemberCursor<Context, RSSJSONKey>()
    @exclusivity(unchecked) private var entry = AtomEntry()
    @exclusivity(unchecked) private var entryStart = 0
    @exclusivity(unchecked) private var completed = CompletedItems<AtomEntry>()
    @exclusivity(unchecked) private var metadata = AtomFeed(format: RSSJSONDecoder.format)
    @exclusivity(unchecked) private var dayMonthOrder = DayMonthOrder()
    /// The attributes and text of the element object being read (`guid`, `enclosure`, `category`).
    @exclusivity(unchecked) private var element = ElementState()
    /// The item's `guid` and whether it is a permalink, kept until the item closes.
    @exclusivity(unchecked) private var guid: (value: String, isPermaLink: Bool)?
    /// Whether the feed's `updated` came from `lastBuildDate`, which `pubDate` must not replace.
    private var updatedIsModification = false
    private var hasChannel = false
    private(set) var warnings: [StreamError] = []

    /// What `format` names for this syntax.
    static let format = "rss-in-json"

    private struct ElementState {
        var value: String?
        var url: String?
        var type: String?
        var length: Int64?
        var domain: String?
        var isPermaLink = true
    }

    init(limits: StreamLimits, documentBase: String?) {
        self.limits = limits
        self.documentBase = documentBase
    }

    func takeCompleted() -> [AtomEntry] {
        completed.take()
    }

    var feed: AtomFeed { metadata }

    // MARK: - Events

    func key(_ name: UnsafeRawBufferPointer) throws(StreamError) {
        cursor.key(name, in: RSSJSONKey.table)
    }

    func startObject() throws(StreamError) { try start(array: false) }
    func startArray() throws(StreamError) { try start(array: true) }
    func endObject() throws(StreamError) { try end() }
    func endArray() throws(StreamError) { try end() }

    private func start(array: Bool) throws(StreamError) {
        guard case let (context, key)? = try cursor.open(array: array, root: .root, document: "RSS-in-JSON")
        else { return }
        if case .item = context { try checkItemSize() }
        switch (context, key, array) {
        case (.root, .rss?, false): cursor.enter(.rss)
        case (.root, .rss?, true): throw notRSS("its `rss` is an array, not an object")
        case (.rss, .channel?, false):
            hasChannel = true
            cursor.enter(.channel)
        case (.channel, .item?, true): cursor.enter(.items)
        case (.channel, .item?, false), (.items, nil, false): beginItem()
        case (.channel, .image?, false): cursor.enter(.image)
        case (.channel, let key?, true) where key == .category:
            cursor.enter(.elements(key, .feed))
        case (.item, let key?, true) where key == .category || key == .enclosure:
            cursor.enter(.elements(key, .item))
        case (.channel, let key?, false) where key == .category:
            element = ElementState()
            cursor.enter(.element(key, .feed))
        case (.item, let key?, false) where key == .category || key == .enclosure || key == .guid:
            element = ElementState()
            cursor.enter(.element(key, .item))
        case (.elements(let key, let scope), nil, false):
            element = ElementState()
            cursor.enter(.element(key, scope))
        default: cursor.skip()
        }
    }

    private func end() throws(StreamError) {
        guard let closed = cursor.close() else { return }
        switch closed {
        case .item: try completeItem()
        case .element(let key, let scope): try finishElement(key, scope)
        case .root, .rss, .channel, .image, .items, .elements: break
        }
    }

    func scalar(_ value: JSONScalar) throws(StreamError) {
        guard case let (context, key)? = try cursor.scalar(document: "RSS-in-JSON") else { return }
        guard let key else {
            // A repeated element's values: `"category": ["a", "b"]`.
            if case .elements(let key, let scope) = context, let text = text(value) {
                element = ElementState()
                element.value = text
                try finishElement(key, scope)
            }
            return
        }
        if case .item = context { try checkItemSize() }
        switch context {
        case .rss: break  // `version` is 2.0 in every RSS-in-JSON document; the format names the syntax.
        case .channel: try channelScalar(key, value)
        case .image: if key == .url { metadata.logo = url(value) }
        case .item: try itemScalar(key, value)
        case .element: elementScalar(key, value)
        case .root:
            if key == .rss { throw notRSS("its `rss` is \(ScalarReading<String>.describe(value)), not an object") }
        case .items, .elements: break
        }
    }

    // MARK: - Members

    private func channelScalar(_ key: RSSJSONKey, _ value: JSONScalar) throws(StreamError) {
        switch key {
        case .title: metadata.title = text(value).map { AtomText(type: .text, value: $0) }
        case .description: metadata.subtitle = text(value).map { AtomText(type: .html, value: $0) }
        case .link:
            guard let href = url(value), !metadata.links.contains(where: { $0.rel == "alternate" }) else { return }
            metadata.links.append(AtomLink(href: href))
        case .language: if let tag = text(value) { dayMonthOrder.noteLanguage(tag) }
        case .copyright: metadata.rights = text(value).map { AtomText(type: .text, value: $0) }
        case .managingEditor, .dcCreator: if let person = person(value) { metadata.authors.append(person) }
        case .generator: metadata.generator = text(value).map { AtomGenerator(name: $0) }
        case .pubDate:
            if !updatedIsModification { metadata.updated = date(value) ?? metadata.updated }
        case .lastBuildDate, .dcDate:
            guard let date = date(value) else { return }
            metadata.updated = date
            updatedIsModification = true
        case .category:
            if let term = text(value), !term.isEmpty { metadata.categories.append(AtomCategory(term: term)) }
        case .item: throw notRSS("its `item` is \(ScalarReading<String>.describe(value)), not an array")
        default: break
        }
    }

    private func itemScalar(_ key: RSSJSONKey, _ value: JSONScalar) throws(StreamError) {
        switch key {
        case .title: entry.title = text(value).map { AtomText(type: .text, value: $0) }
        case .link: if let href = url(value) { entry.links.append(AtomLink(href: href)) }
        case .description: entry.summary = text(value).map { AtomText(type: .html, value: $0) }
        case .contentEncoded: entry.content = text(value).map { AtomContent(type: "html", value: $0) }
        case .pubDate: entry.published = date(value) ?? entry.published
        case .dcDate: entry.updated = date(value) ?? entry.updated
        case .author, .dcCreator: if let person = person(value) { entry.authors.append(person) }
        case .guid:
            guard let id = text(value), !id.isEmpty else { return }
            entry.id = id
            guid = (id, true)
        case .category:
            if let term = text(value), !term.isEmpty { entry.categories.append(AtomCategory(term: term)) }
        case .enclosure: if let href = url(value) { entry.links.append(AtomLink(href: href, rel: "enclosure")) }
        default: break
        }
    }

    /// An attribute of `guid`, `enclosure` or `category`, or its text (`#value`).
    private func elementScalar(_ key: RSSJSONKey, _ value: JSONScalar) {
        switch key {
        case .value: element.value = text(value)
        case .url: element.url = url(value)
        case .type: element.type = text(value)
        case .length: element.length = text(value).flatMap { Int64($0.trimmingWhitespaceAndNewlines()) }
        case .domain: element.domain = text(value)
        case .isPermaLink:
            if case .bool(let flag) = value {
                element.isPermaLink = flag
            } else if let flag = text(value) {
                element.isPermaLink = flag.trimmingWhitespaceAndNewlines().lowercased() != "false"
            }
        default: break
        }
    }

    private func finishElement(_ key: RSSJSONKey, _ scope: FeedScope) throws(StreamError) {
        switch (key, scope) {
        case (.category, _):
            guard let term = element.value, !term.isEmpty else { return }
            let category = AtomCategory(term: term, scheme: element.domain)
            if scope == .item { entry.categories.append(category) } else { metadata.categories.append(category) }
        case (.enclosure, .item):
            guard let href = element.url else { return }
            entry.links.append(AtomLink(href: href, rel: "enclosure", type: element.type, length: element.length))
        case (.guid, .item):
            guard let id = element.value, !id.isEmpty else { return }
            entry.id = id
            guid = (id, element.isPermaLink)
        default: break
        }
    }

    // MARK: - Items

    private func beginItem() {
        entry = AtomEntry()
        guid = nil
        entryStart = engine.currentByteOffset() - 1
        cursor.enter(.item)
    }

    /// Completes the item: a permalink `guid` stands in for a missing `link`, as in RSS.
    private func completeItem() throws(StreamError) {
        try checkItemSize()
        if let guid, guid.isPermaLink, !entry.links.contains(where: { $0.rel == "alternate" }) {
            entry.links.append(AtomLink(href: URLResolution.resolve(guid.value, against: documentBase)))
        }
        var finished = AtomEntry()
        swap(&finished, &entry)
        completed.append(finished)
    }

    private func checkItemSize() throws(StreamError) {
        if engine.bytes(since: entryStart, exceed: limits.maximumItemBytes) {
            throw StreamError(kind: .limitExceeded, message: "an item is larger than \(limits.maximumItemBytes) bytes")
        }
    }

    // MARK: - Scalars

    /// A string, or a number's text (RSS has no numbers, so a number stands for its digits); `nil` for `null`
    /// and for a boolean, which is skipped with a warning.
    private func text(_ value: JSONScalar) -> String? {
        switch value {
        case .string(let bytes), .number(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .null: return nil
        case .bool:
            warn("a boolean where RSS has text; skipped")
            return nil
        }
    }

    /// A URL member, resolved against the document's URL; an empty one is absent.
    private func url(_ value: JSONScalar) -> String? {
        guard let text = text(value)?.trimmingWhitespaceAndNewlines(), !text.isEmpty else { return nil }
        return URLResolution.resolve(text, against: documentBase)
    }

    /// A date in any form ``DateParser`` reads feed dates in; one it cannot read is left out, as in RSS.
    private func date(_ value: JSONScalar) -> Date? {
        guard case .string(let bytes) = value else { return nil }
        return DateParser.parseFeedDate(bytes, order: &dayMonthOrder)
    }

    /// A person written as RSS writes one (`me@example.org (Jane Doe)`).
    private func person(_ value: JSONScalar) -> AtomPerson? {
        guard case .string(let bytes) = value else { return nil }
        return AtomPerson(rssText: bytes)
    }

    /// Keeps a warning placed at the value just read, with its path (the first 1,000).
    private func warn(_ message: String) {
        guard warnings.count < JSONFeedDecoder.maximumWarnings else { return }
        warnings.append(
            StreamError(
                kind: .typeMismatch, message: message, at: engine.currentPosition(), path: engine.currentPath()))
    }

    // MARK: - The document

    private func notRSS(_ reason: String) -> StreamError {
        StreamError(kind: .unexpectedDocument, message: "this JSON document is not RSS-in-JSON: \(reason)")
    }

    /// Checks, at the end of the document, that `rss` held a `channel` object.
    func validateDocument() throws(StreamError) {
        guard hasChannel else {
            throw engine.errorAtEnd(
                .unexpectedDocument, "this JSON document is not RSS-in-JSON: its `rss` has no `channel` object")
        }
    }
}
#endif
