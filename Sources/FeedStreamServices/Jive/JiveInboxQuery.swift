import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A query of the Jive REST v3 inbox (`GET {instance}/api/core/v3/inbox`), checked before anything is sent.
///
/// ```swift
/// var query = JiveInboxQuery(instanceURL: URL(string: "https://community.example.com")!)
/// query.count = 50
/// query.unreadOnly = true
/// let request = try query.request()   // …/api/core/v3/inbox?count=50&filter=unread
/// ```
public struct JiveInboxQuery: Sendable, Hashable {
    /// The Jive instance: the URL the API paths hang from (`https://community.example.com`, or one with a
    /// context path).
    public var instanceURL: URL
    /// `count`: entries per page, 1…100 (Jive's default is 25).
    public var count: Int?
    /// `filter=unread`: unread entries only.
    public var unreadOnly: Bool
    /// `filter=type(…)`: only entries about these object types (`document`, `discussion`, `post`, …).
    public var types: [String]
    /// Further `filter` values, as Jive writes them (`archived`, `tag(mobile)`, …).
    public var filters: [String]
    /// `fields`: the fields Jive should return (`@summary`, or names); empty for Jive's default.
    public var fields: [String]
    /// `before`: entries updated before this instant (paging back to older entries).
    public var before: Date?
    /// `after`: entries updated after this instant (polling for newer entries).
    public var after: Date?

    /// Creates a query for `instanceURL`'s inbox.
    public init(
        instanceURL: URL, count: Int? = nil, unreadOnly: Bool = false, types: [String] = [], filters: [String] = [],
        fields: [String] = [], before: Date? = nil, after: Date? = nil
    ) {
        self.instanceURL = instanceURL
        self.count = count
        self.unreadOnly = unreadOnly
        self.types = types
        self.filters = filters
        self.fields = fields
        self.before = before
        self.after = after
    }

    /// The URL of the inbox with the query's parameters.
    ///
    /// - Throws: `StreamError` of kind `.misuse` when ``count`` is outside 1…100 or both ``before`` and
    ///   ``after`` are set (Jive takes one or the other).
    public func makeURL() throws -> URL {
        if let count, !(1...100).contains(count) {
            throw StreamError(kind: .misuse, message: "Jive inbox count must be 1…100, not \(count)")
        }
        if before != nil && after != nil {
            throw StreamError(kind: .misuse, message: "Jive inbox query: give before or after, not both")
        }
        var items: [URLQueryItem] = []
        if let count { items.append(URLQueryItem(name: "count", value: String(count))) }
        if unreadOnly { items.append(URLQueryItem(name: "filter", value: "unread")) }
        if !types.isEmpty { items.append(URLQueryItem(name: "filter", value: "type(\(types.joined(separator: ",")))")) }
        items += filters.map { URLQueryItem(name: "filter", value: $0) }
        if !fields.isEmpty { items.append(URLQueryItem(name: "fields", value: fields.joined(separator: ","))) }
        if let before { items.append(URLQueryItem(name: "before", value: Self.dateString(before))) }
        if let after { items.append(URLQueryItem(name: "after", value: Self.dateString(after))) }
        let inbox = instanceURL.appendingPathComponent("api/core/v3/inbox")
        return inbox.replacingQueryParameters(named: ["count", "filter", "fields", "before", "after"], with: items)
    }

    /// A GET request for ``makeURL()`` asking for JSON.
    public func request() throws -> URLRequest {
        var request = URLRequest(url: try makeURL())
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    /// Jive's date form: `2013-09-10T15:04:49.736+0000` (UTC, always milliseconds, numeric zone).
    public static func dateString(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000
        var text = DateParser.rfc3339String(Date(timeIntervalSince1970: milliseconds))
        text.removeLast()  // the "Z"
        if !text.contains(".") { text += ".000" }
        return text + "+0000"
    }
}
