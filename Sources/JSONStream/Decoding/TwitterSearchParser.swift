/// Decodes Twitter search responses — v1 `search.json` (`results`), v1.1 (`statuses` + `search_metadata`) and
/// v2 (`data` + `includes` + `meta`) — into ``Tweet``s as they complete, and the page metadata into ``page``.
///
/// ```swift
/// let parser = TwitterSearchParser()
/// for chunk in chunks { for tweet in try parser.parse(chunk) { show(tweet) } }
/// _ = try parser.finish()
/// let next = parser.page.nextPage
/// ```
public final class TwitterSearchParser: StreamingParser {
    public typealias Item = Tweet

    private let decoder: TwitterSearchDecoder
    private let engine: JSONEngine
    private var lifecycle = StreamLifecycle()

    /// Creates a parser bounded by `limits`.
    public init(limits: StreamLimits = .default) {
        decoder = TwitterSearchDecoder(limits: limits)
        engine = JSONEngine(handler: decoder, limits: limits, options: .strict)
        decoder.engine = engine
    }

    /// The page metadata read so far; complete after ``finish()``.
    public var page: TwitterSearchPage { decoder.page }

    public func parse(_ chunk: UnsafeRawBufferPointer) throws -> [Tweet] {
        try lifecycle.parse({ () throws(StreamError) in try engine.parse(chunk) }, completed: decoder.takeCompleted)
    }

    public func finish() throws -> [Tweet] {
        try lifecycle.finish({ () throws(StreamError) in try engine.finish() }, completed: decoder.takeCompleted)
    }
}
