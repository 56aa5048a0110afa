/// Decodes a Jive REST v3 inbox response (`GET /api/core/v3/inbox`) into ``JiveInboxEntry``s as they complete,
/// and the paging metadata into ``page``. The anti-hijacking prefix
/// `throw 'allowIllegalResourceCall is false.';` is skipped wherever the chunks split it.
public final class JiveInboxParser: StreamingParser {
    public typealias Item = JiveInboxEntry

    private let decoder: JiveInboxDecoder
    private let engine: JSONEngine
    private var lifecycle = StreamLifecycle()

    /// Creates a parser bounded by `limits`.
    public init(limits: StreamLimits = .default) {
        decoder = JiveInboxDecoder(limits: limits)
        engine = JSONEngine(handler: decoder, limits: limits, options: .jive)
        decoder.engine = engine
    }

    /// The page metadata read so far; complete after ``finish()``.
    public var page: JiveInboxPage { decoder.page }

    public func parse(_ chunk: UnsafeRawBufferPointer) throws -> [JiveInboxEntry] {
        try lifecycle.parse({ () throws(StreamError) in try engine.parse(chunk) }, completed: decoder.takeCompleted)
    }

    public func finish() throws -> [JiveInboxEntry] {
        try lifecycle.finish({ () throws(StreamError) in try engine.finish() }, completed: decoder.takeCompleted)
    }
}
