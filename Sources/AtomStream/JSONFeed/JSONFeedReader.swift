// Built with the JSONFeed trait only (on by default): without it AtomStream needs no yajl.
#if JSONFeed
internal import JSONStream
@_spi(StreamPlumbing) import StreamCore

/// The JSON side of ``FeedParser``: the yajl engine and the decoder it feeds, made when the first byte of the
/// document after a byte order mark and white space is `{` (or earlier, to see that white space).
///
/// Which decoder is known from the document's first member name (``JSONRootSniffer``): `rss` is RSS-in-JSON
/// (``RSSJSONDecoder``), anything else a JSON Feed (``JSONFeedDecoder``). Until then the few bytes seen are
/// held, then handed to the engine, so positions count every byte; choosing before the engine starts keeps the
/// engine's calls to its decoder direct, with nothing in between per event.
final class JSONFeedReader {
    private let limits: StreamLimits
    private let documentBase: String?
    private var sniffer = JSONRootSniffer()
    private var held: [UInt8] = []
    private var decoder: (any JSONFeedDocumentDecoding)?
    private var forwarder: JSONEventForwarder?
    private var engine: JSONEngine?

    init(limits: StreamLimits, documentBase: String?) {
        self.limits = limits
        self.documentBase = documentBase
    }

    func parse(_ bytes: UnsafeRawBufferPointer) throws(StreamError) {
        if let engine { return try engine.parse(bytes) }
        if let syntax = sniffer.take(bytes) { return try start(syntax, then: bytes) }
        held.append(contentsOf: bytes)
        if held.count > JSONRootSniffer.maximumHeldBytes {
            try start(.jsonFeed, then: UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }

    func finish() throws(StreamError) {
        if engine == nil { try start(.jsonFeed, then: UnsafeRawBufferPointer(start: nil, count: 0)) }
        try engine!.finish()
        try decoder!.validateDocument()
    }

    /// Makes the decoder for `syntax` and its engine, and gives it the held bytes and then all of `bytes`.
    private func start(_ syntax: JSONRootSniffer.Syntax, then bytes: UnsafeRawBufferPointer) throws(StreamError) {
        let made: any JSONFeedDocumentDecoding
        switch syntax {
        case .jsonFeed: made = JSONFeedDecoder(limits: limits, documentBase: documentBase)
        case .rssInJSON: made = RSSJSONDecoder(limits: limits, documentBase: documentBase)
        }
        let forwarder = JSONEventForwarder(made)
        let engine = JSONEngine(handler: forwarder, limits: limits, options: .strict)
        made.engine = engine
        (decoder, self.forwarder, self.engine) = (made, forwarder, engine)
        let pending = held
        held = []
        if !pending.isEmpty {
            try pending.withUnsafeBytes { bytes in Result { () throws(StreamError) in try engine.parse(bytes) } }.get()
        }
        if !bytes.isEmpty { try engine.parse(bytes) }
    }

    /// The feed's metadata as read so far; before the syntax is known, an empty JSON Feed's.
    var feed: AtomFeed { decoder?.feed ?? AtomFeed(format: "") }

    /// The entries completed since the last call.
    func takeCompleted() -> [AtomEntry] { decoder?.takeCompleted() ?? [] }

    /// Members skipped for having the wrong type, with their positions.
    var warnings: [StreamError] { decoder?.warnings ?? [] }
}
#endif
