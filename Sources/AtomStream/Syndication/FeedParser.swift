import StreamCore
@_spi(XMLEngine) import XMLStream

/// Decodes a feed of any syndication format — Atom 1.0, Atom 0.3, RSS 0.90, 0.91, 0.92, 0.93, 0.94, 1.0 (RDF)
/// and 2.0, JSON Feed 1.0 and 1.1, RSS-in-JSON — pushed in chunks of any size, returning each entry or item as an ``AtomEntry`` as soon as its
/// closing tag has been parsed.
///
/// ```swift
/// let parser = FeedParser()
/// for chunk in chunks {
///     for entry in try parser.parse(chunk) { show(entry) }
/// }
/// _ = try parser.finish()
/// print(parser.feed.format, parser.feed.nextURL ?? "last page")
/// ```
///
/// The format is sniffed from the root element (`feed`, `rss`, `rdf:RDF`) and named in ``AtomFeed/format``
/// (`atom1.0`, `atom0.3`, `rss0.90` … `rss0.94`, `rss1.0`, `rss2.0`; `rss` when an `rss` root names no version
/// it knows). Atom documents are decoded exactly as ``AtomParser`` decodes them. RSS maps onto the same model:
///
/// | RSS | ``AtomEntry`` |
/// |---|---|
/// | `guid`, `atom:id`, RSS 1.0 `rdf:about` | `id` |
/// | `title`, `dc:title` | `title` (`text`) |
/// | `link`; else a `guid` not marked `isPermaLink="false"` | a link, `rel` `alternate` |
/// | `description`, `dc:description` | `summary` (`html`; naked markup inside is re-serialized) |
/// | `itunes:summary`, `itunes:subtitle`, when there is no description | `summary` (`text`) |
/// | `content:encoded` | `content` (`html`) |
/// | `pubDate`, `dcterms:issued`, `dcterms:created`, `atom:published` | `published` |
/// | `dc:date`, `dcterms:modified`, `atom:updated` | `updated` |
/// | `author`, `dc:creator` (`me@x.org (Name)`, `Name <me@x.org>` split) | `authors` |
/// | `dc:contributor` | `contributors` |
/// | `category` (`domain` → `scheme`), `dc:subject` | `categories` |
/// | `itunes:category` (`text`; nested ones too) | `categories`, scheme `http://www.itunes.com/` |
/// | `enclosure`, `media:content` | a link, `rel` `enclosure`, with `type` and `length` (`fileSize`) |
/// | `atom:link` | a link as in Atom |
/// | `dc:rights` | `rights` |
/// | `media:thumbnail`, `itunes:image` | an extension whose value is the URL |
/// | other text-only children: `comments`, `itunes:duration`, `slash:comments`, `wfw:commentRss`, … | `extensions` |
///
/// The channel fills ``AtomFeed``: `title`, `link` → an alternate link, `description` → `subtitle` (`html`),
/// `copyright` / `dc:rights` → `rights`, `managingEditor` / `dc:creator` → `authors`, `lastBuildDate` /
/// `dc:date` (else `pubDate`) → `updated`, `generator`, `category`, `image`'s `url` (else `itunes:image`) →
/// `logo`, `itunes:category` → categories with scheme `http://www.itunes.com/`, `itunes:summary` / `subtitle` →
/// `subtitle` when there is no `description`, `atom:link` → `links` and
/// `rel="next"` / `previous` / `first` / `last` → `nextURL` … `lastURL`.
///
/// With the package's `JSONFeed` trait (on by default), a document whose first byte after a byte order mark and
/// white space is `{` is a JSON Feed (jsonfeed.org 1.0 or 1.1, `json1.0` / `json1.1`), decoded on the yajl engine
/// item by item: `url` → an alternate link, `external_url` → `related`, `content_html` / `content_text` →
/// `content`, `summary`, `date_published` / `date_modified`, `authors` (or `author`), `tags` → categories,
/// `attachments` → `enclosure` links, `image` / `banner_image` → ``AtomEntry/media``; the top level fills
/// ``AtomFeed`` (`next_url` → `nextURL`, `icon` → `logo`, `favicon` → `icon`). A member of the wrong type
/// (`"tags": "news"`) is skipped with a positioned warning in ``warnings`` and its item kept, as JSON Feed asks of
/// readers; JSON with neither a jsonfeed.org `version` nor an `items` array (an API's error object) is refused with
/// a `StreamError` of kind `unexpectedDocument`. A JSON document whose first member is `rss` is RSS-in-JSON (Dave
/// Winer's RSS 2.0 as JSON, `{"rss": {"channel": {…, "item": […]}}}`, format `rss-in-json`), read on the same
/// engine item by item into the fields RSS fills (see `RSSJSONDecoder`). Built without the trait (an app that
/// depends on FeedStream with `traits: []` and has no yajl), any JSON document is refused that way, at its first
/// byte.
///
/// In every format the iTunes, Podcasting 2.0 and Media RSS elements are also typed: ``AtomFeed/podcast``,
/// ``AtomEntry/podcast`` and ``AtomEntry/media`` (`nil` when there are none).
///
/// Dates are read by ``DateParser`` (RFC 822 in all its real variants, W3C-DTF, RFC 3339, and numeric dates such
/// as `01/10/2020`, whose day and month order the feed's `language` and its other dates settle: ``DayMonthOrder``). RSS 0.91 documents
/// written against Netscape's DTD use HTML's named entities (`&eacute;`, `&nbsp;`): `FeedParser` replaces all of
/// HTML 4's without reading any DTD. Two faults of feeds in the wild are read as feed readers read them, where
/// ``AtomParser`` refuses them: whitespace before the XML declaration (blank lines a web application printed first)
/// is dropped, error positions still counting it; and the usual module prefixes used without a declaration
/// (`dc`, `dcterms`, `content`, `media`, `itunes`, `atom`, `slash`, `wfw`, `rdf`) are read in their conventional
/// namespaces (other undeclared prefixes give elements without a namespace). Secure by default, like ``AtomParser``:
/// no network, no external entity, and entity declarations are refused.
public final class FeedParser: StreamingParser {
    public typealias Item = AtomEntry
    /// How the parser reads: the same options as ``AtomParser``'s.
    public typealias Options = AtomParser.Options

    /// Which syntax the document is in, known at its first byte after a byte order mark and white space.
    private enum Syntax {
        case undecided, xml, json
    }

    private let options: Options
    private let engine: XMLPushParser
    private let decoder: FeedDocumentDecoder
    private var lifecycle = StreamLifecycle()
    private var syntax = Syntax.undecided
    /// Bytes of a UTF-8 byte order mark seen at the very start.
    private var byteOrderMarkBytes = 0
    #if JSONFeed
        private var json: JSONFeedReader?
    #endif
    private let sanitizer: HTMLSanitizingSession?

    /// Creates a parser. html and xhtml text constructs are sanitized (HTMLSanitizing's `HTMLSanitizer`) unless
    /// ``AtomParser/Options/sanitizesHTML`` is `false`.
    public init(options: Options = Options()) {
        self.options = options
        let sanitizer = options.sanitizer(byDefault: true)
        self.sanitizer = sanitizer
        let box = FeedDocumentDecoder.Box()
        engine = XMLPushParser(
            settings: .init(recover: options.recover, defaultEncoding: options.defaultEncoding, leniency: .feeds)
        ) { table in
            let made = FeedDocumentDecoder(
                table: table, limits: options.limits, documentBase: options.baseURL, recovers: options.recover)
            made.recordsMarkupBases = sanitizer != nil
            box.value = made
            return made
        }
        decoder = box.value!
    }

    /// The feed's (or channel's) metadata as read so far, with its ``AtomFeed/format``; complete after
    /// ``finish()``. Before the root element has arrived the format is empty.
    public var feed: AtomFeed {
        #if JSONFeed
            if case .json = syntax, let json {
                var feed = json.feed
                sanitizer?.sanitize(&feed)
                return feed
            }
        #endif
        var feed = decoder.feed
        sanitizer?.sanitize(&feed, bases: decoder.feedMarkupBases)
        return feed
    }

    /// In recover mode, every fault that was repaired instead of reported, with its position (the first 1,000).
    /// Empty in strict mode, where the first fault is thrown. For a JSON Feed, in either mode: each member of the
    /// wrong type (`"tags": "news"`), skipped while its item was kept, saying what was expected and what came.
    public var warnings: [StreamError] {
        #if JSONFeed
            if case .json = syntax, let json { return json.warnings }
        #endif
        return engine.warnings
    }

    public func parse(_ chunk: UnsafeRawBufferPointer) throws -> [AtomEntry] {
        try lifecycle.parse({ () throws(StreamError) in try take(chunk) }, completed: takeCompleted)
    }

    public func finish() throws -> [AtomEntry] {
        try lifecycle.finish(
            { () throws(StreamError) in
                #if JSONFeed
                    if case .json = syntax, let json { return try json.finish() }
                #endif
                try engine.finish()
            }, completed: takeCompleted)
    }

    private func take(_ chunk: UnsafeRawBufferPointer) throws(StreamError) {
        switch syntax {
        case .xml: try feedXML(chunk)
        case .json:
            #if JSONFeed
                try json!.parse(chunk)
            #endif
        case .undecided: try sniff(chunk)
        }
    }

    private func feedXML(_ bytes: UnsafeRawBufferPointer) throws(StreamError) {
        try engine.parse(bytes)
    }

    /// Looks for the first byte after a byte order mark and white space: `{` starts a JSON Feed (and `[` is JSON
    /// too, refused as no feed), anything else markup. What precedes it goes to both readers (each skips it, counting it for positions), so nothing is
    /// held however long it is.
    private func sniff(_ chunk: UnsafeRawBufferPointer) throws(StreamError) {
        var index = 0
        while index < chunk.count {
            let byte = chunk[index]
            if byteOrderMarkBytes < 3, isAtStart, byte == Self.byteOrderMark[byteOrderMarkBytes] {
                byteOrderMarkBytes += 1
                leadingBytes += 1
                index += 1
                continue
            }
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { break }
            if byte == 0x0A { leadingLineStart = leadingBytes + 1; leadingLineBreaks += 1 }
            leadingBytes += 1
            index += 1
        }
        let prefix = UnsafeRawBufferPointer(rebasing: chunk[..<index])
        if !prefix.isEmpty {
            try feedXML(prefix)
            #if JSONFeed
                try jsonReader().parse(prefix)
            #endif
        }
        guard index < chunk.count else { return }
        let rest = UnsafeRawBufferPointer(rebasing: chunk[index...])
        if chunk[index] == UInt8(ascii: "{") || chunk[index] == UInt8(ascii: "[") {
            syntax = .json
            #if JSONFeed
                try jsonReader().parse(rest)
            #else
                throw StreamError(
                    kind: .unexpectedDocument,
                    message: "a JSON document: this build reads JSON Feed only with AtomStream's JSONFeed trait",
                    at: StreamPosition(
                        line: leadingLineBreaks + 1, column: leadingBytes - leadingLineStart + 1,
                        byteOffset: leadingBytes))
            #endif
        } else {
            syntax = .xml
            #if JSONFeed
                json = nil
            #endif
            try feedXML(rest)
        }
    }

    /// Bytes seen before the first significant one.
    private var leadingBytes = 0
    /// Line breaks among those bytes, and where the last line began: the position of a refused JSON document.
    private var leadingLineBreaks = 0
    private var leadingLineStart = 0
    /// Whether every byte so far belongs to a byte order mark, which only the first bytes can be.
    private var isAtStart: Bool { leadingBytes == byteOrderMarkBytes }
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    #if JSONFeed
        private func jsonReader() -> JSONFeedReader {
            if let json { return json }
            let made = JSONFeedReader(limits: options.limits, documentBase: options.baseURL)
            json = made
            return made
        }
    #endif

    /// The entries completed since the last call, sanitized unless the options say not to.
    private func takeCompleted() -> [AtomEntry] {
        #if JSONFeed
            if case .json = syntax, let json {
                let entries = json.takeCompleted()
                guard let sanitizer else { return entries }
                return sanitizer.sanitize(entries)
            }
        #endif
        let entries = decoder.takeCompleted()
        guard let sanitizer else { return entries }
        return sanitizer.sanitize(entries, bases: decoder.takeCompletedMarkupBases())
    }
}
