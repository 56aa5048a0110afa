#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

/// Reads an OPML subscription list (OPML 1.0, 1.1 and 2.0) pushed in chunks of any size, returning each outline
/// that names a feed as soon as its start tag has been parsed, and each outline that names no feed and holds no
/// outline (an empty folder, a note) at its end tag.
///
/// ```swift
/// let parser = OPMLParser()
/// for chunk in chunks {
///     for outline in try parser.parse(chunk) {
///         subscribe(outline.xmlURL!, title: outline.displayName, in: outline.folders)
///     }
/// }
/// _ = try parser.finish()
/// print(parser.head.title ?? "untitled", parser.head.ownerName ?? "")
/// ```
///
/// An outline with an `xmlUrl` (or a feed `type` and a `url`) is a subscription; one without is a folder, whose
/// title (`title`, else `text`) its descendants carry in ``OPMLOutline/folders``. A folder that holds nothing is
/// still returned, with a `nil` ``OPMLOutline/xmlURL`` and its own `folders`, so that an app importing the list
/// keeps it; a folder with outlines inside is known only through them, unless ``Options/allOutlines`` asks for
/// every outline (then each is returned at its start tag, before what it holds). Attribute and element names are
/// matched in any case (`xmlUrl`, `xmlurl`, `xmlURL`), as real exports vary; the five XML entities, character
/// references and HTML 4's named entities (`&eacute;`) are replaced; white space before the XML declaration is
/// dropped. Memory is bounded by the nesting of the outlines, never by their number.
///
/// Secure as ``FeedParser`` is: no network, no DTD, entity declarations refused. A document whose root is not
/// `opml` is refused with a ``StreamError`` of kind `unexpectedDocument`.
public final class OPMLParser: PushDrivenParser {
    public typealias Item = OPMLOutline

    /// How the parser reads.
    public struct Options: Sendable, Hashable {
        /// Bounds on nesting (outlines in outlines), head text, and an outline with its folders.
        public var limits: StreamLimits
        /// The document's URL, against which relative `xmlUrl` and `htmlUrl` resolve.
        public var baseURL: String?
        /// Repair ill-formed files (a bare `&` in a URL is the usual fault of hand-edited lists) with libxml2's
        /// recover mode; repairs are listed in ``OPMLParser/warnings``.
        public var recover: Bool
        /// The encoding to read a document in when it names none itself (the HTTP `charset`).
        public var defaultEncoding: String?
        /// Return every outline, folders with outlines inside included, each at its start tag and before what it
        /// holds: for an app that keeps the list's tree as it was written (NetNewsWire keeps folders and notes).
        /// Off, a folder with outlines inside lives on only in their ``OPMLOutline/folders``.
        public var allOutlines: Bool

        /// Creates options.
        public init(
            limits: StreamLimits = .default, baseURL: String? = nil, recover: Bool = false,
            defaultEncoding: String? = nil, allOutlines: Bool = false
        ) {
            self.limits = limits
            self.baseURL = baseURL
            self.recover = recover
            self.defaultEncoding = defaultEncoding
            self.allOutlines = allOutlines
        }
    }

    private let engine: XMLPushParser
    private let decoder: OPMLDocumentDecoder
    package var core: PushParserCore<OPMLOutline>

    /// Creates a parser.
    public init(options: Options = Options()) {
        let decoder = OPMLDocumentDecoder(
            limits: options.limits, documentBase: options.baseURL, allOutlines: options.allOutlines)
        self.decoder = decoder
        // Read as leniently as feeds: OPML files are exported by the same hand-made tools.
        engine = XMLPushParser(
            settings: .init(recover: options.recover, defaultEncoding: options.defaultEncoding, leniency: .feeds)
        ) { _ in decoder }
        core = PushParserCore(engine: engine, completed: decoder.takeCompleted)
    }

    /// The document's head as read so far: complete once the `body` has started, which it does before any outline
    /// in every OPML file written to the specification.
    public var head: OPMLHead { decoder.head }

    /// How many `outline` elements have been read so far, folders included.
    public var outlineCount: Int { decoder.outlineCount }

    /// In recover mode, every fault that was repaired instead of reported, with its position (the first 1,000).
    public var warnings: [StreamError] { engine.warnings }

    /// Bytes the decoder holds between chunks (the open outlines' titles and a head field's text): what tests
    /// watch to show memory does not grow with the number of outlines.
    package var heldByteCount: Int { decoder.heldByteCount }

    /// How much work the input cost the C parser, for tests that prove linear time without a clock.
    package var intakeStatistics: IntakeStatistics { engine.intake.statistics }
}
