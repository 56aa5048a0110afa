// Built with the JSONFeed trait only (on by default): without it AtomStream needs no yajl.
#if JSONFeed
internal import JSONStream

/// The JSON side of ``FeedParser``: the yajl engine and the JSON Feed decoder it feeds, made when the first
/// byte of the document after a byte order mark and white space is `{` (or earlier, to see that white space).
final class JSONFeedReader {
    let decoder: JSONFeedDecoder
    private let forwarder: JSONEventForwarder
    private let engine: JSONEngine

    init(limits: StreamLimits, documentBase: String?) {
        decoder = JSONFeedDecoder(limits: limits, documentBase: documentBase)
        forwarder = JSONEventForwarder(decoder)
        engine = JSONEngine(handler: forwarder, limits: limits, options: .strict)
        decoder.engine = engine
    }

    func parse(_ bytes: UnsafeRawBufferPointer) throws(StreamError) {
        try engine.parse(bytes)
    }

    func finish() throws(StreamError) {
        try engine.finish()
        try decoder.validateDocument()
    }

    /// Members skipped for having the wrong type, with their positions.
    var warnings: [StreamError] { decoder.warnings }
}
#endif
