/// Decodes a Jive REST v3 inbox response (`GET /api/core/v3/inbox`) into ``JiveInboxEntry``s as they complete,
/// and the paging metadata into ``page``. The anti-hijacking prefix
/// `throw 'allowIllegalResourceCall is false.';` is skipped wherever the chunks split it.
public final class JiveInboxParser: PushDrivenParser {
    public typealias Item = JiveInboxEntry

    private let decoder: JiveInboxDecoder
    package var core: PushParserCore<JiveInboxEntry>

    /// How the parser reads: the bounds of the input.
    public typealias Options = JSONParserOptions

    /// Creates a parser.
    public init(options: Options = Options()) {
        decoder = JiveInboxDecoder(limits: options.limits)
        core = PushParserCore(handler: decoder, limits: options.limits, options: .jive)
    }

    /// Creates a parser bounded by `limits`.
    @available(*, deprecated, renamed: "init(options:)")
    public convenience init(limits: StreamLimits) {
        self.init(options: Options(limits: limits))
    }

    /// The page metadata read so far; complete after ``finish()``.
    public var page: JiveInboxPage { decoder.page }
}
