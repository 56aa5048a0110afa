import StreamCore
@_spi(XMLEngine) import XMLStream

/// Finds the feeds an HTML page links to, reading only its head: the first thing a feed reader does with a URL
/// a person pastes. The page's title, icons, preview image and WebSub hubs come with them (``page``).
///
/// ```swift
/// let parser = FeedLinkParser(baseURL: pageURL.absoluteString)
/// for try await chunk in body {
///     for feed in try parser.parse(chunk) { print(feed.url, feed.type, feed.title ?? "") }
///     if parser.isFinished { break }   // the head is over: stop the transfer
/// }
/// _ = try parser.finish()
/// print(parser.page.title ?? "", parser.page.icons.first?.url ?? "")
/// ```
///
/// Each `<link>` whose `rel` holds the token `alternate` (or `feed`), in any case, and whose `type` is RSS
/// (`application/rss+xml`), Atom (`application/atom+xml`), RDF (`application/rdf+xml`) or JSON Feed
/// (`application/feed+json`; `application/json` with `rel="feed"`) becomes a ``DiscoveredFeed``, in document
/// order, its `href` resolved against the page's first `<base href>` and ``baseURL``, duplicates dropped. A
/// `rel="alternate"` link of type `application/json` — JSON Feed 1.1's fallback type — is given at the end of the
/// head when the head links no `application/feed+json` (WordPress's REST API links, which every WordPress page has,
/// excepted). An alternate with no `type` is a feed too (`<link rel="alternate" href="/feed.xml">`), its type
/// empty (unknown until its first bytes are read, as ``FeedFinder`` does), unless `media` or `hreflang` mark it as a
/// mobile or language variant of the page, or its address is an app's (`android-app://…`); an explicit type that is
/// no feed's (`text/html`) is refused. Icon links written with `src` instead of `href` are read as if `href`.
///
/// The page's encoding is decided as HTML decides it, before parsing: a byte-order mark, else `defaultEncoding`
/// (the HTTP `charset`), else `<meta charset>` or `<meta http-equiv="Content-Type">` in the first 1,024 bytes, else
/// UTF-8 when those bytes are valid UTF-8, else windows-1252 — the same in every chunking.
///
/// Built on libxml2's HTML push parser, which reads real pages as browsers do (unquoted attributes, unclosed
/// elements, any case). Parsing stops at the end of the head — `</head>`, `<body>`, or the first element that
/// belongs in a body — when the head linked a feed, after which ``isFinished`` is `true` and `parse` returns nothing
/// more, so a caller stops reading: such a page of any size costs its head. A head that links no feed is not the
/// last word: some pages (a YouTube channel's) put `<link rel="alternate">` in the body, so the body is read on for
/// `<link>`s (feeds, with source `head` like any declared link, and icons) and `<meta>` images, for at most
/// ``maximumBodyScanBytes``. With `readsBody`, the body's `<a href>`s whose address looks like a feed's (`/feed`,
/// `/rss.xml`, `…/atom`, `.rss`, …) follow too, with ``DiscoveredFeed/source`` `body` (at most 100).
public final class FeedLinkParser: StreamingParser {
    public typealias Item = DiscoveredFeed

    /// The page's URL, against which links resolve (after any `<base href>`).
    public let baseURL: String?
    private let collector: FeedLinkCollector
    /// Made once the page's encoding is decided.
    private var engine: HTMLPushParser?
    private var sniffer: PageEncodingSniffer?
    /// libxml2 is never given a chunk that ends inside a start tag: the same page yields the same feeds however it
    /// is cut.
    private var tagBoundary = HTMLTagBoundary()
    private var intake = ChunkIntake()
    private var lifecycle = StreamLifecycle()
    /// Bytes handed on since the head ended without a feed link.
    private var bodyScanBytes = 0

    /// Bytes of a body read for `<link rel="alternate">` when the head links no feed: a YouTube channel page, whose
    /// feed link sits in its body, is about 1 MB.
    public static let maximumBodyScanBytes = 4 << 20

    /// Creates a parser for the page at `baseURL`.
    ///
    /// - Parameters:
    ///   - defaultEncoding: the HTTP `Content-Type` charset, which only a byte-order mark overrides.
    ///   - readsBody: whether to read on past the head for `<a href>`s that look like feeds.
    public init(baseURL: String? = nil, defaultEncoding: String? = nil, readsBody: Bool = false) {
        self.baseURL = baseURL
        collector = FeedLinkCollector(pageURL: baseURL, readsBody: readsBody)
        sniffer = PageEncodingSniffer(transportEncoding: defaultEncoding)
    }

    /// Whether the parser has all it reads: the head has ended (or, with `readsBody`, the body links' bound is
    /// reached), every feed has been returned, and further input is ignored.
    public var isFinished: Bool { collector.isSatisfied || lifecycle.isFinished }

    /// Whether the page's head has ended: every head link has been returned and ``page`` is complete.
    public var hasReadHead: Bool { collector.headEnded }

    /// What the page says about its site, its URLs resolved; complete once ``hasReadHead`` or after ``finish()``.
    public var page: PageMetadata { collector.page }

    /// The encoding the page is read in, once decided (`utf-8`, `windows-1252`, `shift_jis`, …).
    public private(set) var encoding: String?

    public func parse(_ chunk: UnsafeRawBufferPointer) throws -> [DiscoveredFeed] {
        if collector.isSatisfied { return lifecycle.isRunning ? collector.takeCompleted() : [] }
        if collector.scansBody {
            bodyScanBytes += chunk.count
            if bodyScanBytes > Self.maximumBodyScanBytes { collector.bodyScanEnded = true }
        }
        return try lifecycle.parse(
            { () throws(StreamError) in
                try intake.take(chunk) { (bytes) throws(StreamError) -> Int in try feed(bytes, atEnd: false) }
            }, completed: collector.takeCompleted)
    }

    public func finish() throws -> [DiscoveredFeed] {
        try lifecycle.finish(
            { () throws(StreamError) in
                try intake.flush { (bytes) throws(StreamError) -> Int in try feed(bytes, atEnd: false) }
                _ = try feed(UnsafeRawBufferPointer(start: nil, count: 0), atEnd: true)
                if let engine {
                    try tagBoundary.flush(to: engine)
                    try engine.terminate()
                }
                collector.endHead()
            }, completed: collector.takeCompleted)
    }

    /// Hands bytes on: to the encoding sniffer until it decides, then (with what it held) through the tag boundary
    /// to libxml2. Returns the backlog.
    private func feed(_ bytes: UnsafeRawBufferPointer, atEnd: Bool) throws(StreamError) -> Int {
        if var sniffer {
            guard let decided = sniffer.take(bytes, atEnd: atEnd) else {
                self.sniffer = sniffer
                return sniffer.held.count
            }
            self.sniffer = nil
            encoding = decided
            let encoding: HTMLPushParser.Encoding = decided == "utf-8" ? .utf8 : .named(EncodingLabel.decoderName(decided))
            let made = HTMLPushParser(encoding: encoding, handler: collector)
            engine = made
            let outcome = sniffer.held.withUnsafeBytes { held in
                Result { () throws(StreamError) -> Int in
                    try tagBoundary.feed(
                        UnsafeRawBufferPointer(rebasing: held[sniffer.byteOrderMarkLength...]), to: made)
                }
            }
            return try outcome.get()
        }
        guard let engine, !bytes.isEmpty else { return 0 }
        return try tagBoundary.feed(bytes, to: engine)
    }
}
