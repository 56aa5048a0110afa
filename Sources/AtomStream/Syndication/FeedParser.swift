import StreamCore
@_spi(XMLEngine) import XMLStream

/// Decodes a feed of any syndication format — Atom 1.0, Atom 0.3, RSS 0.90, 0.91, 0.92, 0.93, 0.94, 1.0 (RDF)
/// and 2.0 — pushed in chunks of any size, returning each entry or item as an ``AtomEntry`` as soon as its
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
/// Dates are read by ``DateParser`` (RFC 822 in all its real variants, W3C-DTF, RFC 3339). RSS 0.91 documents
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

    private let engine: XMLPushParser
    private let decoder: FeedDocumentDecoder
    private var intake = ChunkIntake()
    private var lifecycle = StreamLifecycle()
    private let sanitizer: HTMLSanitizingSession?

    /// Creates a parser. html and xhtml text constructs are sanitized (``HTMLSanitizer``) unless
    /// ``AtomParser/Options/sanitizesHTML`` is `false`.
    public init(options: Options = Options()) {
        sanitizer = options.sanitizer(byDefault: true)
        let box = FeedDocumentDecoder.Box()
        engine = XMLPushParser(
            recover: options.recover, defaultEncoding: options.defaultEncoding, toleratesUndeclaredPrefixes: true,
            htmlEntities: true, skipsLeadingWhitespace: true, repairsMarkup: true
        ) { table in
            let made = FeedDocumentDecoder(
                table: table, limits: options.limits, documentBase: options.baseURL, recovers: options.recover)
            box.value = made
            return made
        }
        decoder = box.value!
    }

    /// The feed's (or channel's) metadata as read so far, with its ``AtomFeed/format``; complete after
    /// ``finish()``. Before the root element has arrived the format is empty.
    public var feed: AtomFeed {
        guard let sanitizer else { return decoder.feed }
        var feed = decoder.feed
        sanitizer.sanitize(&feed)
        return feed
    }

    /// In recover mode, every fault that was repaired instead of reported, with its position (the first 1,000).
    /// Empty in strict mode, where the first fault is thrown.
    public var warnings: [StreamError] { engine.warnings }

    public func parse(_ chunk: UnsafeRawBufferPointer) throws -> [AtomEntry] {
        try lifecycle.parse(
            { () throws(StreamError) in
                try intake.take(chunk) { (bytes) throws(StreamError) -> Int in try engine.feed(bytes) }
            }, completed: takeCompleted)
    }

    public func finish() throws -> [AtomEntry] {
        try lifecycle.finish(
            { () throws(StreamError) in
                try engine.finish(&intake)
            }, completed: takeCompleted)
    }

    /// The entries completed since the last call, sanitized unless the options say not to.
    private func takeCompleted() -> [AtomEntry] {
        guard let sanitizer else { return decoder.takeCompleted() }
        return sanitizer.sanitize(decoder.takeCompleted())
    }
}
