import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The common query parameters of the IBM Connections Atom APIs (activity stream, blogs, communities, profiles,
/// wikis), checked before anything is sent.
///
/// ```swift
/// var query = ConnectionsQuery(url: URL(string: "https://connections.example.com/news/atom/stories/public")!)
/// query.pageSize = 30
/// query.since = lastVisit
/// let request = try query.request()   // …/stories/public?ps=30&since=2008-02-07T21:07:56Z
/// ```
///
/// Parameters already in ``url``'s query that the query sets are replaced; others are kept.
public struct ConnectionsQuery: Sendable, Hashable {
    /// `sortOrder`.
    public enum SortOrder: String, Sendable, Hashable, Codable {
        /// `asc`.
        case ascending = "asc"
        /// `desc`.
        case descending = "desc"
    }

    /// The feed's URL, with any parameters of its own.
    public var url: URL
    /// `ps`: entries per page, 1…100.
    public var pageSize: Int?
    /// `page`: the page to start at, from 1.
    public var page: Int?
    /// `since`: only entries updated after this instant.
    public var since: Date?
    /// `before`: only entries updated before this instant.
    public var before: Date?
    /// `sortBy`: the field to sort on (`modified`, `title`, `created`, … as the API names them).
    public var sortBy: String?
    /// `sortOrder`.
    public var sortOrder: SortOrder?
    /// `lang`: the language of the text the server writes into the feed.
    public var language: String?
    /// `userid`: whose entries (the `snx:userid` of a person).
    public var userID: String?
    /// `email`: whose entries, by e-mail address.
    public var email: String?
    /// `source`: which application's entries (`activities`, `blogs`, `communities`, …).
    public var source: String?
    /// Further parameters, appended as given.
    public var additionalParameters: [URLQueryItem]

    /// Creates a query for the feed at `url`.
    public init(
        url: URL, pageSize: Int? = nil, page: Int? = nil, since: Date? = nil, before: Date? = nil,
        sortBy: String? = nil, sortOrder: SortOrder? = nil, language: String? = nil, userID: String? = nil,
        email: String? = nil, source: String? = nil, additionalParameters: [URLQueryItem] = []
    ) {
        self.url = url
        self.pageSize = pageSize
        self.page = page
        self.since = since
        self.before = before
        self.sortBy = sortBy
        self.sortOrder = sortOrder
        self.language = language
        self.userID = userID
        self.email = email
        self.source = source
        self.additionalParameters = additionalParameters
    }

    /// The names of the parameters this query sets.
    static let parameterNames: Set<String> = [
        "ps", "page", "since", "before", "sortBy", "sortOrder", "lang", "userid", "email", "source",
    ]

    /// The URL with the query's parameters.
    ///
    /// - Throws: `StreamError` of kind `.misuse` when ``pageSize`` is outside 1…100, ``page`` below 1, or
    ///   ``since`` is not before ``before``.
    public func makeURL() throws -> URL {
        if let pageSize, !(1...100).contains(pageSize) {
            throw StreamError(kind: .misuse, message: "IBM Connections page size (ps) must be 1…100, not \(pageSize)")
        }
        if let page, page < 1 {
            throw StreamError(kind: .misuse, message: "IBM Connections page numbers start at 1, not \(page)")
        }
        if let since, let before, since >= before {
            throw StreamError(kind: .misuse, message: "IBM Connections query: since must be earlier than before")
        }
        var items: [URLQueryItem] = []
        func add(_ name: String, _ value: String?) {
            if let value { items.append(URLQueryItem(name: name, value: value)) }
        }
        add("ps", pageSize.map(String.init))
        add("page", page.map(String.init))
        add("since", since.map(Self.dateString))
        add("before", before.map(Self.dateString))
        add("sortBy", sortBy)
        add("sortOrder", sortOrder?.rawValue)
        add("lang", language)
        add("userid", userID)
        add("email", email)
        add("source", source)
        return url.replacingQueryParameters(
            named: Self.parameterNames.union(additionalParameters.map(\.name)), with: items + additionalParameters)
    }

    /// A GET request for ``makeURL()`` asking for Atom.
    public func request() throws -> URLRequest {
        var request = URLRequest(url: try makeURL())
        request.setValue("application/atom+xml", forHTTPHeaderField: "Accept")
        return request
    }

    /// The date form the Connections APIs take: `2008-02-07T21:07:56Z` (UTC, whole seconds).
    public static func dateString(_ date: Date) -> String {
        DateParser.rfc3339String(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }
}
