import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Paging through a Jive REST v3 inbox: each page's `links.next`, until a page has none.
///
/// ```swift
/// let pager = Pager(request: try query.request(), strategy: JiveInboxPaging(), maximumPages: 4, authorizer: basic)
/// var newest: JiveInboxPage?
/// for try await page in pager.pages() { show(page.items); newest = newest ?? page.summary }
/// // later: poll for what arrived since
/// let refresh = JiveInboxPaging.refreshRequest(after: newest!, previous: try query.request())
/// ```
///
/// Jive's `error` documents (`{"error":{"status":403,"message":"…"}}`, with or without the
/// `throw 'allowIllegalResourceCall is false.';` prefix) end the run in a `StreamError` of kind `.serviceError`
/// whose message is Jive's: inside ``HTTPResponseError/serviceError`` for a refused response, thrown as it is
/// when a 200 carries one.
public struct JiveInboxPaging: PagingStrategy {
    /// Limits for each page's parser.
    public var limits: StreamLimits

    /// Creates the strategy.
    public init(limits: StreamLimits = .default) {
        self.limits = limits
    }

    public var requirements: ResponseRequirements { .json }

    public func makeParser(for response: HTTPResponseInfo) -> ErrorDocumentParser<JiveInboxParser> {
        ErrorDocumentParser(
            JiveInboxParser(options: .init(limits: limits)), recognize: JiveErrorDocument.serviceError(in:))
    }

    public func summary(of parser: ErrorDocumentParser<JiveInboxParser>) -> JiveInboxPage { parser.base.page }

    public func nextRequest(after page: JiveInboxPage, page context: PageContext, previous: URLRequest)
        -> URLRequest?
    {
        guard let next = page.next, let url = URL(string: next, relativeTo: previous.url) else { return nil }
        return previous.redirected(to: url.absoluteURL)
    }

    /// The request for entries newer than `page` held: its `links.previous` when Jive gave one, else `previous`
    /// (a request of the same query) with `after` set to the page's newest `updated` and `before` removed;
    /// `nil` when the page had neither (an empty inbox: ask the same query again).
    public static func refreshRequest(after page: JiveInboxPage, previous: URLRequest) -> URLRequest? {
        if let link = page.previous, let url = URL(string: link, relativeTo: previous.url) {
            return previous.redirected(to: url.absoluteURL)
        }
        guard let latest = page.latest, let url = previous.url else { return nil }
        return previous.redirected(
            to: url.settingQueryParameters(["before": nil, "after": JiveInboxQuery.dateString(latest)]))
    }
}

/// Reads Jive's error document: `{"error":{"status":403,"message":"…","code":"…"}}`.
enum JiveErrorDocument {
    static func serviceError(in body: [UInt8]) -> StreamError? {
        guard let document = try? JSONItemParser<JSONValue>(path: .root, options: .init(reading: .jive)).parseAll(body).first,
            let error = document["error"]
        else { return nil }
        let message = error["message"]?.stringValue ?? error.stringValue ?? error["code"]?.stringValue
        return StreamError(service: "Jive error", code: error["status"]?.int64Value.map(String.init), message: message)
    }
}
