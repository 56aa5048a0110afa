/// Decodes a Jive REST v3 inbox response (`GET /api/core/v3/inbox`) into ``JiveInboxEntry``s as they complete,
/// and the paging metadata into ``page``. The anti-hijacking prefix
/// `throw 'allowIllegalResourceCall is false.';` is skipped wherever the chunks split it.
public final class JiveInboxParser: StreamingParser {
    public typealias Item = JiveInboxEntry

    private let decoder: JiveInboxDecoder
    private let engine: JSONEngine
    private var core: PushParserCore<JiveInboxEntry>

    /// How the parser reads: the bounds of the input.
    public typealias Options = JSONParserOptions

    /// Creates a parser.
    public init(options: Options = Options()) {
        decoder = JiveInboxDecoder(limits: options.limits)
        engine = JSONEngine(handler: decoder, limits: options.limits, options: .jive)
        decoder.engine = engine
        core = PushParserCore(engine: engine, completed: decoder.takeCompleted)
    }

    /// Creates a parser bounded by `limits`.
    @available(*, deprecated, renamed: "init(options:)")
    public convenience init(limits: StreamLimits) {
        self.init(options: Options(limits: limits))
    }

    /// The page metadata read so far; complete after ``finish()``.
    public var page: JiveInboxPage { decoder.page }

    public func parse(_ chunk: UnsafeRawBufferPointer) throws -> [JiveInboxEntry] {
        try core.parse(chunk)
    }

    public func finish() throws -> [JiveInboxEntry] {
        try core.finish()
    }
}
