import StreamCore
@_spi(XMLEngine) import XMLStream

/// Finds the feeds an HTML page links to, reading only its head: the first thing a feed reader does with a URL
/// a person pastes.
///
/// ```swift
/// let parser = FeedLinkParser(baseURL: pageURL.absoluteString)
/// for try await chunk in body {
///     for feed in try parser.parse(chunk) { print(feed.url, feed.type, feed.title ?? "") }
///     if parser.isFinished { break }   // the head is over: stop the transfer
/// }
/// _ = try parser.finish()
/// ```
///
/// Each `<link>` whose `rel` holds the token `alternate` (or `feed`), in any case, and whose `type` is RSS
/// (`application/rss+xml`), Atom (`application/atom+xml`), RDF (`application/rdf+xml`) or JSON Feed
/// (`application/feed+json`; `application/json` with `rel="feed"`) becomes a ``DiscoveredFeed``, in document
/// order, its `href` resolved against the page's first `<base href>` and ``baseURL``, duplicates dropped.
///
/// Built on libxml2's HTML push parser, which reads real pages as browsers do (unquoted attributes, unclosed
/// elements, any case). Parsing stops at the end of the head — `</head>`, `<body>`, or the first element that
/// belongs in a body — after which ``isFinished`` is `true` and `parse` returns nothing more, so a caller stops
/// reading: a page of any size costs its head.
public final class FeedLinkParser: StreamingParser {
    public typealias Item = DiscoveredFeed

    /// The page's URL, against which links resolve (after any `<base href>`).
    public let baseURL: String?
    private let collector: FeedLinkCollector
    private let engine: HTMLPushParser
    /// libxml2 is never given a chunk that ends inside a start tag: the same page yields the same feeds however it
    /// is cut.
    private var tagBoundary = HTMLTagBoundary()
    private var intake = ChunkIntake()
    private var lifecycle = StreamLifecycle()

    /// Creates a parser for the page at `baseURL`.
    public init(baseURL: String? = nil) {
        self.baseURL = baseURL
        collector = FeedLinkCollector(pageURL: baseURL)
        engine = HTMLPushParser(encoding: .detect, handler: collector)
    }

    /// Whether the head has ended: every feed the page links to has been returned, and further input is ignored.
    public var isFinished: Bool { collector.headEnded || lifecycle.isFinished }

    public func parse(_ chunk: UnsafeRawBufferPointer) throws -> [DiscoveredFeed] {
        if collector.headEnded { return lifecycle.isRunning ? collector.takeCompleted() : [] }
        return try lifecycle.parse(
            { () throws(StreamError) in
                try intake.take(chunk) { (bytes) throws(StreamError) -> Int in
                    try tagBoundary.feed(bytes, to: engine)
                }
            }, completed: collector.takeCompleted)
    }

    public func finish() throws -> [DiscoveredFeed] {
        try lifecycle.finish(
            { () throws(StreamError) in
                try intake.flush { (bytes) throws(StreamError) -> Int in try tagBoundary.feed(bytes, to: engine) }
                try tagBoundary.flush(to: engine)
                try engine.terminate()
                collector.endHead()
            }, completed: collector.takeCompleted)
    }
}
