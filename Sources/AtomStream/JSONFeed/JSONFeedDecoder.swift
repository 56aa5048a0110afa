// Built with the JSONFeed trait only (on by default): without it AtomStream needs no yajl.
#if JSONFeed
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore
internal import JSONStream

/// Reads a JSON Feed (jsonfeed.org 1.0 and 1.1) off the yajl engine's events: each element of `items` becomes an
/// ``AtomEntry`` as its object closes, so one item is in memory at a time; the top level fills ``AtomFeed``,
/// complete at the end of the document because its members may follow `items`.
///
/// Real feeds' deviations are read as gofeed and feed-rs read them: a numeric `id` becomes its text, a 1.0
/// `author` counts in a 1.1 document (and `authors` in a 1.0 one) when the other is missing, an unparsable date is
/// left out, and members nobody defined (`_extension` objects and the rest) are skipped whatever they hold.
final class JSONFeedDecoder: JSONEventReceiver {
    private enum Context {
        case root, items, item, tags, attachments, attachment
        case people(FeedScope), person(FeedScope)

        /// Whose people an `author` / `authors` member here names.
        var scope: FeedScope {
            if case .item = self { return .item }
            return .feed
        }
    }

    private let limits: StreamLimits
    private let documentBase: String?
    // Kept by measurement: removing the unchecked exclusivity and unowned(unsafe) here costs a 4 MB JSON
    // Feed through --child rss-raw +8.7 % (callgrind net of start-up; BENCHMARKS.md, "What unchecked
    // exclusivity buys").
    @exclusivity(unchecked) unowned(unsafe) var engine: JSONEngine!

    // Touched only from the engine's callbacks, one event at a time.
    @exclusivity(unchecked) private var cursor = JSONMemberCursor<Context, JSONFeedKey>()
    /// Which member the open `author`/`authors` value is, so the two can be told apart when the item closes.
    @exclusivity(unchecked) private var peopleKey: JSONFeedKey = .authors
    @exclusivity(unchecked) private var entry = AtomEntry()
    @exclusivity(unchecked) private var item = ItemState()
    @exclusivity(unchecked) private var person = AtomPerson()
    @exclusivity(unchecked) private var attachment = AttachmentState()
    @exclusivity(unchecked) private var entryStart = 0
    @exclusivity(unchecked) private var entryCount = 0
    /// The ids the document's items used so far, for ``AtomEntry/identity``.
    @exclusivity(unchecked) private var documentIDs = DocumentEntryIDs()
    @exclusivity(unchecked) private var completed = CompletedItems<AtomEntry>()
    @exclusivity(unchecked) private var feedState = FeedState()
    @exclusivity(unchecked) private var metadata = AtomFeed(format: "json1.1")
    /// The day and month order of numeric dates (`01/10/2020`), settled by the feed's `language` and its dates.
    @exclusivity(unchecked) private var dayMonthOrder = DayMonthOrder()
    /// Members skipped for having the wrong type, each with its position (the first 1,000).
    private(set) var warnings: [StreamError] = []
    static let maximumWarnings = 1000

    /// What an item holds until it closes: both contents and both author forms, since either may come first.
    private struct ItemState {
        var contentHTML: String?
        var contentText: String?
        var authors: [AtomPerson] = []
        var author: AtomPerson?
        var duration: Double?
        var media: [MediaContent] = []
    }

    private struct AttachmentState {
        var url: String?
        var type: String?
        var title: String?
        var length: Int64?
        var duration: Double?
    }

    private struct FeedState {
        var version: String?
        var authors: [AtomPerson] = []
        var author: AtomPerson?
        /// Whether a member only JSON Feed 1.1 defines (`authors`) was seen: the format of an unversioned feed.
        var usesVersion11 = false
        /// Whether the top level had an `items` array: with a jsonfeed.org `version`, what makes a JSON Feed.
        var hasItems = false
    }

    init(limits: StreamLimits, documentBase: String?) {
        self.limits = limits
        self.documentBase = documentBase
    }

    func takeCompleted() -> [AtomEntry] {
        completed.take()
    }

    /// The feed's metadata as read so far, with its format named; complete after the document ends.
    var feed: AtomFeed {
        var feed = metadata
        feed.format = Self.format(version: feedState.version, usesVersion11: feedState.usesVersion11)
        feed.authors = feedState.authors.isEmpty ? feedState.author.map { [$0] } ?? [] : feedState.authors
        return feed
    }

    /// `json1.0` or `json1.1` from the `version` URL; a missing or unknown version is 1.1 when the feed uses a
    /// member only 1.1 defines, 1.0 otherwise.
    static func format(version: String?, usesVersion11: Bool) -> String {
        if let version {
            var trimmed = PodcastValueText.trimmed(version)
            while trimmed.hasSuffix("/") { trimmed.removeLast() }
            if trimmed.hasSuffix("version/1.1") { return "json1.1" }
            if trimmed.hasSuffix("version/1") || trimmed.hasSuffix("version/1.0") { return "json1.0" }
        }
        return usesVersion11 ? "json1.1" : "json1.0"
    }

    // MARK: - Events

    func key(_ name: UnsafeRawBufferPointer) throws(StreamError) {
        cursor.key(name, in: JSONFeedKey.table)
    }

    func startObject() throws(StreamError) { try start(array: false) }
    func startArray() throws(StreamError) { try start(array: true) }
    func endObject() throws(StreamError) { try end() }
    func endArray() throws(StreamError) { try end() }

    private func start(array: Bool) throws(StreamError) {
        guard case let (context, key)? = try cursor.open(array: array, root: .root, document: "a JSON Feed")
        else { return }
        if isInItem { try checkItemSize() }
        switch (context, key, array) {
        case (.root, .items?, true):
            feedState.hasItems = true
            cursor.enter(.items)
        case (.root, .items?, false): throw notAFeed("its `items` is an object, not an array")
        case (.root, .authors?, true), (.item, .authors?, true):
            feedState.usesVersion11 = true
            peopleKey = .authors
            cursor.enter(.people(context.scope))
        case (.root, .author?, false), (.item, .author?, false):
            peopleKey = .author
            person = AtomPerson()
            cursor.enter(.person(context.scope))
        case (.people(let scope), _, false):
            person = AtomPerson()
            cursor.enter(.person(scope))
        case (.items, _, false): beginItem()
        case (.items, _, true):
            warn("an item should be an object, found an array; skipped")
            cursor.skip()
        case (.item, .tags?, true): cursor.enter(.tags)
        case (.item, .attachments?, true): cursor.enter(.attachments)
        case (.attachments, _, false):
            attachment = AttachmentState()
            cursor.enter(.attachment)
        case (.root, let key?, _), (.item, let key?, _), (.person, let key?, _), (.attachment, let key?, _):
            guard !key.holdsContainer else { fallthrough }
            warn("`\(key.name)` should be a string or number, found \(array ? "an array" : "an object"); skipped")
            cursor.skip()
        default: cursor.skip()
        }
    }

    private func end() throws(StreamError) {
        guard let closed = cursor.close() else { return }
        switch closed {
        case .item: try completeItem()
        case .person(let scope): finishPerson(scope)
        case .attachment: try finishAttachment()
        case .root, .items, .tags, .attachments, .people: break
        }
    }

    func scalar(_ value: JSONScalar) throws(StreamError) {
        guard case let (context, key)? = try cursor.scalar(document: "a JSON Feed") else { return }
        // What an item keeps is bounded by its size in the input, checked as each value arrives.
        if isInItem { try checkItemSize() }
        // JSON Feed asks readers to be liberal: a member of the wrong type is skipped with a warning, and the item
        // (and every later one) is kept.
        do throws(StreamError) {
            switch context {
            case .root: try rootScalar(key, value)
            case .item: try itemScalar(key, value)
            case .person: try personScalar(key, value)
            case .attachment: try attachmentScalar(key, value)
            case .tags:
                guard let term = try text(value), !term.isEmpty else { return }
                entry.categories.append(AtomCategory(term: term))
            case .items:
                if case .null = value { return }
                throw mismatch("should be an object, found \(ScalarReading<String>.describe(value))")
            case .attachments, .people: break
            }
        } catch let error where error.kind == .typeMismatch {
            let subject: String
            switch context {
            case .items: subject = "an item"
            case .tags: subject = "a tag"
            default: subject = key.map { "`\($0.name)`" } ?? "a value"
            }
            warn("\(subject) \(error.message); skipped")
        }
    }

    // MARK: - Members

    private func rootScalar(_ key: JSONFeedKey?, _ value: JSONScalar) throws(StreamError) {
        switch key {
        case .version?: feedState.version = try text(value)
        case .title?: metadata.title = try text(value).map { AtomText(type: .text, value: $0) }
        case .description?: metadata.subtitle = try text(value).map { AtomText(type: .text, value: $0) }
        case .homePageURL?: try addFeedLink(value, rel: "alternate")
        case .feedURL?: try addFeedLink(value, rel: "self")
        case .nextURL?: metadata.nextURL = try url(value)
        case .icon?: metadata.logo = try url(value)
        case .favicon?: metadata.icon = try url(value)
        case .language?: if let tag = try text(value) { dayMonthOrder.noteLanguage(tag) }
        case .items?: throw notAFeed("its `items` is \(ScalarReading<String>.describe(value)), not an array")
        default: break
        }
    }

    private func itemScalar(_ key: JSONFeedKey?, _ value: JSONScalar) throws(StreamError) {
        switch key {
        case .id?:
            // JSON Feed asks readers to take an id written as a number as its text.
            switch value {
            case .string(let bytes), .number(let bytes): entry.id = String(decoding: bytes, as: UTF8.self)
            case .null: break
            case .bool: throw mismatch("should be a string or number, found a boolean")
            }
        case .url?: if let href = try url(value) { try addLink(AtomLink(href: href)) }
        case .externalURL?: if let href = try url(value) { try addLink(AtomLink(href: href, rel: "related")) }
        case .title?: entry.title = try text(value).map { AtomText(type: .text, value: $0) }
        case .contentHTML?: item.contentHTML = try text(value)
        case .contentText?: item.contentText = try text(value)
        case .summary?: entry.summary = try text(value).map { AtomText(type: .text, value: $0) }
        case .datePublished?: entry.published = try date(value)
        case .dateModified?: entry.updated = try date(value)
        case .image?, .bannerImage?:
            if let href = try url(value) { item.media.append(MediaContent(url: href, medium: "image")) }
        case .tags?, .attachments?:
            throw mismatch("should be an array, found \(ScalarReading<String>.describe(value))")
        default: break
        }
    }

    private func personScalar(_ key: JSONFeedKey?, _ value: JSONScalar) throws(StreamError) {
        switch key {
        case .name?: person.name = try text(value)
        case .url?: person.uri = try url(value)
        default: break
        }
    }

    private func attachmentScalar(_ key: JSONFeedKey?, _ value: JSONScalar) throws(StreamError) {
        switch key {
        case .url?: attachment.url = try url(value)
        case .mimeType?: attachment.type = try text(value)
        case .title?: attachment.title = try text(value)
        case .sizeInBytes?: attachment.length = try number(value).flatMap { Int64(exactly: $0.rounded(.down)) }
        case .durationInSeconds?: attachment.duration = try number(value)
        default: break
        }
    }

    // MARK: - Items

    private var isInItem: Bool {
        cursor.contexts.count > 2
    }

    private func beginItem() {
        entry = AtomEntry()
        item = ItemState()
        entryCount += 1
        entryStart = engine.currentByteOffset() - 1
        cursor.enter(.item)
    }

    private func completeItem() throws(StreamError) {
        try checkItemSize()
        if let html = item.contentHTML {
            entry.content = AtomContent(type: "html", value: html)
        } else if let text = item.contentText {
            entry.content = AtomContent(type: "text", value: text)
        }
        entry.authors = item.authors.isEmpty ? item.author.map { [$0] } ?? [] : item.authors
        if !item.media.isEmpty { entry.media = item.media }
        if let duration = item.duration { entry.podcast = PodcastEpisodeInfo(duration: duration) }
        var finished = AtomEntry()
        swap(&finished, &entry)
        documentIDs.note(&finished, position: entryCount)
        completed.append(finished)
    }

    private func finishPerson(_ scope: FeedScope) {
        guard person != AtomPerson() else { return }
        switch (scope, peopleKey) {
        case (.item, .author): item.author = person
        case (.item, _): item.authors.append(person)
        case (.feed, .author): feedState.author = person
        case (.feed, _): feedState.authors.append(person)
        }
    }

    private func finishAttachment() throws(StreamError) {
        guard let href = attachment.url else { return }
        try addLink(
            AtomLink(
                href: href, rel: "enclosure", type: attachment.type, title: attachment.title,
                length: attachment.length))
        if item.duration == nil, let duration = attachment.duration { item.duration = duration }
    }

    private func addLink(_ link: AtomLink) throws(StreamError) {
        entry.links.append(link)
    }

    private func addFeedLink(_ value: JSONScalar, rel: String) throws(StreamError) {
        guard let href = try url(value) else { return }
        metadata.links.append(AtomLink(href: href, rel: rel))
    }

    // MARK: - Scalars

    private func text(_ value: JSONScalar) throws(StreamError) -> String? {
        switch value {
        case .string(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .null: return nil
        default: throw mismatch("should be a string, found \(ScalarReading<String>.describe(value))")
        }
    }

    /// A URL member, resolved against the document's URL; an empty one is absent.
    private func url(_ value: JSONScalar) throws(StreamError) -> String? {
        guard let text = try text(value), !text.isEmpty else { return nil }
        return URLResolution.resolve(text, against: documentBase)
    }

    /// A date in any form ``DateParser`` reads; one it cannot read is left out, as feed readers leave it.
    private func date(_ value: JSONScalar) throws(StreamError) -> Date? {
        switch value {
        case .string(let bytes): return DateParser.parseFeedDate(bytes, order: &dayMonthOrder)
        case .null: return nil
        default: throw mismatch("should be a date string, found \(ScalarReading<Date>.describe(value))")
        }
    }

    /// A number, also written as a string (`"1234"`), as real feeds send sizes and durations.
    private func number(_ value: JSONScalar) throws(StreamError) -> Double? {
        switch value {
        case .number(let bytes): return PodcastValueText.number(String(decoding: bytes, as: UTF8.self))
        case .string(let bytes): return PodcastValueText.number(String(decoding: bytes, as: UTF8.self))
        case .null: return nil
        case .bool: throw mismatch("should be a number, found a boolean")
        }
    }

    /// Keeps a warning placed at the value just read, with its path (`items[1].tags`).
    private func warn(_ message: String) {
        guard warnings.count < Self.maximumWarnings else { return }
        let position = engine.currentPosition()
        warnings.append(StreamError(kind: .typeMismatch, message: message, at: position, path: engine.currentPath()))
    }

    /// The error for a JSON document that is not a JSON Feed.
    private func notAFeed(_ reason: String) -> StreamError {
        StreamError(kind: .unexpectedDocument, message: "this JSON document is not a JSON Feed: \(reason)")
    }

    /// Checks, at the end of the document, that it was a JSON Feed: a jsonfeed.org `version` or an `items` array.
    /// An API's error object or RSS written as JSON has neither, and is not an empty feed.
    func validateDocument() throws(StreamError) {
        let namesJSONFeed = feedState.version.map { $0.lowercased().contains("jsonfeed.org/version") } ?? false
        guard namesJSONFeed || feedState.hasItems else {
            throw engine.errorAtEnd(
                .unexpectedDocument,
                "this JSON document is not a JSON Feed: it has no jsonfeed.org `version` and no `items` array")
        }
    }

    private func mismatch(_ message: String) -> StreamError {
        StreamError(kind: .typeMismatch, message: message)
    }

    private func checkItemSize() throws(StreamError) {
        if engine.bytes(since: entryStart, exceed: limits.maximumItemBytes) {
            throw StreamError(kind: .limitExceeded, message: "an item is larger than \(limits.maximumItemBytes) bytes")
        }
    }
}
#endif
