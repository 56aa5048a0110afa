/// Which generation of the search API a response came from.
public enum TwitterSearchFormat: String, Sendable, Hashable, Codable {
    /// `search.json` with `results` (2010 era).
    case v1 = "v1"
    /// `search/tweets.json` with `statuses` and `search_metadata`.
    case v1_1 = "v1.1"
    /// `/2/tweets/search` with `data`, `includes` and `meta`.
    case v2 = "v2"
}

/// What a search response says about itself: the format, paging cursors and counts.
public struct TwitterSearchPage: Sendable, Hashable, Codable {
    /// The API generation, once the response has shown it.
    public var format: TwitterSearchFormat?
    /// The highest tweet id of the page (v1, v1.1).
    public var maxID: Int64?
    /// The `since_id` the search was bounded by (v1, v1.1).
    public var sinceID: Int64?
    /// The query string to poll for newer results (v1, v1.1).
    public var refreshURL: String?
    /// The cursor to the next page: v1 `next_page`, v1.1 `search_metadata.next_results`, v2 `meta.next_token`.
    public var nextPage: String?
    /// The search query (v1, v1.1).
    public var query: String?
    /// The requested page size (v1 `results_per_page`, v1.1 `count`).
    public var count: Int?
    /// Seconds the service took (v1, v1.1).
    public var completedIn: Double?
    /// The newest tweet id of the page (v2).
    public var newestID: Int64?
    /// The oldest tweet id of the page (v2).
    public var oldestID: Int64?
    /// The number of tweets in the page (v2).
    public var resultCount: Int?

    /// Creates an empty page.
    public init() {}
}
