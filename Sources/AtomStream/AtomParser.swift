#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StreamCore
@_spi(XMLEngine) import XMLStream

/// Decodes an Atom feed (or an Atom Entry Document) pushed in chunks of any size, returning each entry as soon
/// as its closing tag has been parsed.
///
/// ```swift
/// let parser = AtomParser()
/// for chunk in chunks {
///     for entry in try parser.parse(chunk) { show(entry) }
/// }
/// _ = try parser.finish()
/// print(parser.feed.totalResults ?? 0, parser.feed.nextURL ?? "last page")
/// ```
///
/// Built on libxml2's SAX2 push parser: no DOM, memory bounded by one entry. Secure by default: no network
/// access, no external entity or DTD is loaded, and entity declarations are refused rather than expanded.
public final class AtomParser: StreamingParser {
    public typealias Item = AtomEntry

    /// How the parser reads.
    public struct Options: Sendable, Hashable {
        /// Bounds on nesting, text and entry sizes.
        public var limits: StreamLimits
        /// The document's URL, against which relative references resolve when no `xml:base` applies.
        public var baseURL: String?
        /// Repair ill-formed feeds (an unescaped `&`, a stray control character, a missing end tag) with
        /// libxml2's recover mode instead of stopping at the first fault; what was repaired is listed in
        /// ``AtomParser/warnings``. Off by default: a strict parser is the one that reports the truth. Repairs
        /// follow libxml2's heuristics, which for some broken input depend on where chunks end; strict mode gives
        /// the same result for every chunking.
        public var recover: Bool
        /// The encoding to read the document in when it names none itself (no byte-order mark, no `encoding` in
        /// its XML declaration): an IANA charset name, typically the `charset` of the HTTP `Content-Type`. A
        /// document that declares its encoding always wins, as XML requires of the declaration over a default.
        /// Names libxml2 does not know are ignored.
        public var defaultEncoding: String?
        /// Whether html and xhtml text constructs (titles, summaries, content, rights) pass through
        /// `HTMLSanitizer` (relative URLs resolved against the `xml:base` in scope where the construct stands —
        /// on the feed, the entry or item, or the element itself — else against ``baseURL``); `false` keeps them as
        /// the feed wrote them. `nil` is the parser's default: on for ``FeedParser`` (feed readers show what it returns), off for
        /// ``AtomParser`` (service APIs hand back what the service stored).
        public var sanitizesHTML: Bool?

        /// Creates options.
        public init(
            limits: StreamLimits = .default, baseURL: String? = nil, recover: Bool = false,
            defaultEncoding: String? = nil, sanitizesHTML: Bool? = nil
        ) {
            self.limits = limits
            self.baseURL = baseURL
            self.recover = recover
            self.defaultEncoding = defaultEncoding
            self.sanitizesHTML = sanitizesHTML
        }

        /// The sanitizer a parser applies, given whether it sanitizes by default.
        func sanitizer(byDefault: Bool) -> HTMLSanitizingSession? {
            guard sanitizesHTML ?? byDefault else { return nil }
            return HTMLSanitizingSession(baseURL: baseURL.flatMap { URL(string: $0) })
        }
    }

    private let engine: XMLPushParser
    private let decoder: AtomDocumentDecoder
    private var core: PushParserCore<AtomEntry>
    private let sanitizer: HTMLSanitizingSession?

    /// Creates a parser.
    public init(options: Options = Options()) {
        let sanitizer = options.sanitizer(byDefault: false)
        self.sanitizer = sanitizer
        let decoder = AtomDocumentDecoder.Box()
        engine = XMLPushParser(settings: .init(recover: options.recover, defaultEncoding: options.defaultEncoding)) {
            names in
            let made = AtomDocumentDecoder(
                names: AtomNames(names), podcastNames: PodcastNames(names), limits: options.limits,
                documentBase: options.baseURL, recovers: options.recover)
            // The sanitizer resolves each construct's references against the `xml:base` it was read in.
            made.markupBases.isRecording = sanitizer != nil
            decoder.value = made
            return made
        }
        self.decoder = decoder.value!
        let made = decoder.value!
        // The entries completed since the last call, sanitized when the options say so.
        core = PushParserCore(engine: engine, completed: sanitizer.map { sanitizer in
            { sanitizer.sanitize(made.takeCompleted(), bases: made.markupBases.takeCompleted()) }
        } ?? made.takeCompleted)
    }

    /// The feed's metadata as read so far; complete after ``finish()``.
    public var feed: AtomFeed {
        guard let sanitizer else { return decoder.feedSoFar }
        var feed = decoder.feedSoFar
        sanitizer.sanitize(&feed, bases: decoder.markupBases.feed)
        return feed
    }

    /// In recover mode, every fault that was repaired instead of reported, with its position (the first 1,000):
    /// the counterpart of feedparser's `bozo`. Empty in strict mode, where the first fault is thrown.
    public var warnings: [StreamError] { engine.warnings }

    /// How much work the input cost the C parser, for tests that prove linear time without a clock.
    package var intakeStatistics: IntakeStatistics { engine.intake.statistics }

    public func parse(_ chunk: UnsafeRawBufferPointer) throws -> [AtomEntry] {
        try core.parse(chunk)
    }

    public func finish() throws -> [AtomEntry] {
        try core.finish()
    }
}
