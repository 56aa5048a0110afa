#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StreamCore
@_spi(XMLEngine) import XMLStream
import FeedDiscovery

/// Finds the article in a web page — what a reader app shows in place of a feed's summary — as the page streams in.
///
/// ```swift
/// let extractor = ArticleExtractor(options: .init(baseURL: pageURL))
/// for try await chunk in body { _ = try extractor.parse(chunk) }
/// let article = try extractor.finish().first    // one Article, at the end
/// print(article?.title ?? "", article?.text ?? "")
/// ```
///
/// The page is read by libxml2's HTML push parser, as browsers read real pages, and what a reader can see of its
/// body is kept as it streams in; the head's title, meta and JSON-LD are read as they pass. At the end, a
/// ``SiteRule`` for the page's host picks the article when one matches; otherwise Mozilla Readability's method
/// does — paragraphs scored by their commas and length, the score given to their containers, boilerplate removed
/// by class and id hints and link density — with Readability's fallbacks when it finds too little, and the
/// JSON-LD `articleBody` when the markup holds less than that. ``Article/content`` is sanitized
/// (``HTMLSanitizer``), its URLs resolved against the page's `<base href>` and ``Options/baseURL``, lazy images
/// given their real `src`.
///
/// Memory is bounded on a page of any size: at most ``Options/maximumNodes`` elements and text runs and
/// ``Options/maximumRetainedBytes`` bytes of text and attributes are kept (the article is found among them; the
/// rest of the page is read for its metadata only), elements nested deeper than ``StreamLimits/maximumDepth`` are
/// read as part of the deepest one kept, a page nested 16 times deeper than that is read no further (libxml2 keeps
/// every open element's name), and JSON-LD scripts are kept up to 1 MiB each. A page that is not HTML
/// gives an article with empty text, never an error: libxml2's HTML parser repairs whatever it is given. The
/// result is the same however the page is cut into chunks (the `article` fuzz target checks it); a `<meta charset>`
/// whose label names no encoding the WHATWG Encoding Standard knows (`utf08`) is passed over, as browsers pass over
/// it, rather than left to libxml2 to guess — its guess depended on the chunking.
public final class ArticleExtractor: PushDrivenParser {
    public typealias Item = Article

    /// How a page is read.
    public struct Options: Sendable {
        /// The page's URL: relative references resolve against it (after the page's `<base href>`), and its host
        /// picks the ``rules``.
        public var baseURL: URL?
        /// Site rules, tried before the general method for pages of their host.
        public var rules: [SiteRule]
        /// Nesting depth; elements below it are read as part of the deepest one kept.
        public var limits: StreamLimits
        /// Elements and text runs kept from the page's body.
        public var maximumNodes: Int
        /// Bytes of text and attribute values kept from the page's body.
        public var maximumRetainedBytes: Int
        /// The HTTP `Content-Type` charset, which only a byte-order mark overrides.
        public var defaultEncoding: String?

        /// Creates options; 250,000 nodes and 16 MiB kept by default, far above any real article page.
        public init(
            baseURL: URL? = nil, rules: [SiteRule] = [], limits: StreamLimits = .default,
            maximumNodes: Int = 250_000, maximumRetainedBytes: Int = 16 << 20, defaultEncoding: String? = nil
        ) {
            self.baseURL = baseURL
            self.rules = rules
            self.limits = limits
            self.maximumNodes = maximumNodes
            self.maximumRetainedBytes = maximumRetainedBytes
            self.defaultEncoding = defaultEncoding
        }
    }

    package var core: PushParserCore<Article>
    private let engine: ArticleEngine

    /// Creates an extractor for one page.
    public init(options: Options = Options()) {
        let engine = ArticleEngine(options: options)
        self.engine = engine
        core = PushParserCore(engine: engine, completed: engine.takeCompleted)
    }

    /// Whether the page was larger than the bounds of ``Options`` allow to keep: the article was found in its
    /// first part.
    public var wasTruncated: Bool { engine.builder.isTruncated }
}

/// The libxml2 run behind an ``ArticleExtractor``: the page's encoding decided first, as HTML decides it
/// (``PageEncodingSniffer``: a byte-order mark, the HTTP charset, `<meta charset>` in the first 1,024 bytes, else
/// UTF-8 when valid, else windows-1252 — the same in every chunking), then chunks through the intake, the UTF-8
/// repair (on a UTF-8 page) or the windows-1252 decoder, and the tag boundary to the HTML parser, whose events build
/// the page tree; the article is assembled at the end.
final class ArticleEngine: PushEngine {
    let builder: PageTreeBuilder
    private var parser: HTMLPushParser?
    private var sniffer: PageEncodingSniffer?
    private let options: ArticleExtractor.Options
    private var tagBoundary = HTMLTagBoundary()
    private var intake = ChunkIntake()
    private var completed: [Article] = []
    /// The bytes after the last `>` handed on: libxml2 decides whether white space is content (and opens an
    /// implied paragraph for it) by looking at what follows it, so text cut by a chunk boundary was read otherwise
    /// than whole (found by the drip-feed test on Readability's `ehow-1`). Text goes on with the tag after it, or
    /// at ``HTMLTagBoundary/maximumHeld`` bytes, or at the end.
    private var heldText: [UInt8] = []
    /// On a UTF-8 page, what is not UTF-8 becomes U+FFFD before libxml2 sees it (``UTF8Repair``).
    private var repair: UTF8Repair?
    /// Whether the page is windows-1252, decoded here into `decoded` for libxml2.
    private var decodesWindows1252 = false
    private var decoded: [UInt8] = []

    init(options: ArticleExtractor.Options) {
        self.options = options
        builder = PageTreeBuilder(options: options)
        sniffer = PageEncodingSniffer(transportEncoding: options.defaultEncoding)
    }

    func parse(_ chunk: UnsafeRawBufferPointer) throws(StreamError) {
        try intake.take(chunk) { (bytes) throws(StreamError) -> Int in try feed(bytes, atEnd: false) }
    }

    func finish() throws(StreamError) {
        try intake.flush { (bytes) throws(StreamError) -> Int in try feed(bytes, atEnd: false) }
        _ = try feed(UnsafeRawBufferPointer(start: nil, count: 0), atEnd: true)
        if let parser {
            _ = try flushText(to: parser)
            try tagBoundary.flush(to: parser)
            try parser.terminate()
        }
        let assembler = ArticleAssembler(
            tree: builder.tree, body: builder.bodyNode, facts: builder.facts, options: options)
        completed.append(assembler.assemble())
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
            // windows-1252 is decoded here (`Windows1252`), UTF-8 repaired (`UTF8Repair`); libxml2 reads the others.
            decodesWindows1252 = decided == "windows-1252"
            let readsUTF8 = decided == "utf-8" || decodesWindows1252
            let encoding: HTMLPushParser.Encoding = readsUTF8 ? .utf8 : .named(EncodingLabel.decoderName(decided))
            let made = HTMLPushParser(encoding: encoding, handler: builder)
            parser = made
            if decided == "utf-8" { repair = UTF8Repair() }
            let outcome = sniffer.held.withUnsafeBytes { held in
                Result { () throws(StreamError) -> Int in
                    try send(UnsafeRawBufferPointer(rebasing: held[sniffer.byteOrderMarkLength...]), atEnd, to: made)
                }
            }
            return try outcome.get()
        }
        guard let parser else { return 0 }
        return try send(bytes, atEnd, to: parser)
    }

    /// Hands decided bytes on, through ``UTF8Repair`` on a UTF-8 page.
    private func send(_ bytes: UnsafeRawBufferPointer, _ atEnd: Bool, to parser: HTMLPushParser) throws(StreamError)
        -> Int
    {
        if decodesWindows1252 {
            guard !bytes.isEmpty else { return 0 }
            decoded.removeAll(keepingCapacity: true)
            Windows1252.decode(bytes, into: &decoded)
            let outcome = decoded.withUnsafeBytes { utf8 in
                Result { () throws(StreamError) -> Int in try feedWholeText(utf8, to: parser) }
            }
            return try outcome.get()
        }
        guard repair != nil else { return bytes.isEmpty ? 0 : try feedWholeText(bytes, to: parser) }
        let backlog = try repair!.take(bytes, atEnd: atEnd) { (repaired) throws(StreamError) -> Int in
            repaired.isEmpty ? 0 : try feedWholeText(repaired, to: parser)
        }
        return backlog + repair!.heldCount
    }

    /// Hands on everything up to the last `>` (with the text held before), and holds what follows.
    private func feedWholeText(_ bytes: UnsafeRawBufferPointer, to parser: HTMLPushParser) throws(StreamError) -> Int {
        guard let last = bytes.lastIndex(of: UInt8(ascii: ">")) else {
            heldText.append(contentsOf: bytes)
            guard heldText.count > HTMLTagBoundary.maximumHeld else { return heldText.count + tagBoundary.heldCount }
            return try flushText(to: parser)
        }
        let backlog: Int
        if heldText.isEmpty {
            // Nothing held: the bytes go on as they are, without a copy.
            backlog = try tagBoundary.feed(UnsafeRawBufferPointer(rebasing: bytes[...last]), to: parser)
        } else {
            heldText.append(contentsOf: bytes[...last])
            backlog = try flushText(to: parser)
        }
        heldText.append(contentsOf: bytes[(last + 1)...])
        return backlog + heldText.count
    }

    private func flushText(to parser: HTMLPushParser) throws(StreamError) -> Int {
        guard !heldText.isEmpty else { return tagBoundary.heldCount }
        let outcome = heldText.withUnsafeBytes { held in
            Result { () throws(StreamError) -> Int in try tagBoundary.feed(held, to: parser) }
        }
        heldText.removeAll(keepingCapacity: true)
        return try outcome.get()
    }

    func takeCompleted() -> [Article] {
        defer { completed = [] }
        return completed
    }
}
