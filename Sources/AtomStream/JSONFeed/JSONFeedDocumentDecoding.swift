// Built with the JSONFeed trait only (on by default): without it AtomStream needs no yajl.
#if JSONFeed
internal import JSONStream

/// A decoder of one JSON syntax of feeds (JSON Feed, RSS-in-JSON) as ``JSONFeedReader`` drives it: the engine's
/// events in, entries and the feed's metadata out. Asked for entries once per chunk, never per event.
protocol JSONFeedDocumentDecoding: JSONEventReceiver {
    /// The engine feeding this decoder, for positions; set by the reader before the first event.
    var engine: JSONEngine! { get set }
    /// The feed's metadata as read so far, with its format named.
    var feed: AtomFeed { get }
    /// Members skipped for having the wrong type, with their positions.
    var warnings: [StreamError] { get }
    /// The entries completed since the last call.
    func takeCompleted() -> [AtomEntry]
    /// Checks, at the end of the document, that it was this syntax after all.
    func validateDocument() throws(StreamError)
}

extension JSONFeedDecoder: JSONFeedDocumentDecoding {}
#endif
