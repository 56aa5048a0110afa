/// Decodes Twitter search responses — v1 `search.json` (`results`), v1.1 (`statuses` + `search_metadata`) and
/// v2 (`data` + `includes` + `meta`) — into ``Tweet``s as they complete, and the page metadata into ``page``.
///
/// ```swift
/// let parser = TwitterSearchParser()
/// for chunk in chunks { for tweet in try parser.parse(chunk) { show(tweet) } }
/// _ = try parser.finish()
/// let next = parser.page.nextPage
/// ```
public final class TwitterSearchParser: PushDrivenParser {
    public typealias Item = Tweet

    private let decoder: TwitterSearchDecoder
    package var core: PushParserCore<Tweet>

    /// How the parser reads: the bounds of the input.
    public typealias Options = JSONParserOptions

    /// Creates a parser.
    public init(options: Options = Options()) {
        decoder = TwitterSearchDecoder(limits: options.limits)
        core = PushParserCore(handler: decoder, limits: options.limits, options: .strict)
    }

    /// Creates a parser bounded by `limits`.
    @available(*, deprecated, renamed: "init(options:)")
    public convenience init(limits: StreamLimits) {
        self.init(options: Options(limits: limits))
    }

    /// The page metadata read so far; complete after ``finish()``.
    public var page: TwitterSearchPage { decoder.page }
}
