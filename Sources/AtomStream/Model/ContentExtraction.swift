/// That an entry's content was filled in from the web page it links to, because its feed sent only a summary
/// (FeedStreamServices' `FeedRefresher` with its full-text option): from which page, and, when the page could not
/// give the article, why not.
///
/// When ``failure`` is `nil` the entry's ``AtomEntry/content`` is the page's article, as sanitized HTML, and
/// ``feedContent`` keeps what the feed itself sent. When ``failure`` is set the entry's content is exactly what the
/// feed sent and ``feedContent`` is `nil`. Either way the entry's ``AtomEntry/digest`` and ``AtomEntry/identity``
/// are of what the feed sent, so a refresh that meets the entry again finds it `unchanged`.
public struct ContentExtraction: Sendable, Hashable, Codable {
    /// The page the article was fetched from: the entry's link, before any redirect.
    public var url: String
    /// Why the page gave no article (an HTTP status, a transfer fault, no article found, the run's cap reached),
    /// in one line; `nil` when the entry's content is the article.
    public var failure: String?
    /// The content the feed sent, replaced by the article; `nil` when the feed sent none, or when ``failure`` is set
    /// (the entry's content is then the feed's own).
    public var feedContent: AtomContent?

    /// Creates a record of an extraction.
    public init(url: String, failure: String? = nil, feedContent: AtomContent? = nil) {
        self.url = url
        self.failure = failure
        self.feedContent = feedContent
    }

    /// Whether the entry's content is the page's article.
    public var isExtracted: Bool { failure == nil }
}

/// An entry's extraction record, out of line and immutable, as ``PodcastEpisodeStorage`` is: almost every entry
/// has none, and the entry stays one reference wider rather than three fields.
final class ContentExtractionStorage: OutOfLineStorage, Sendable {
    let value: ContentExtraction

    init(_ value: ContentExtraction) {
        self.value = value
    }
}
