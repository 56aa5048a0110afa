import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Paging through a WebSphere JSON-over-HTTP service: the criteria object is POSTed as JSON with `pageIndex`
/// set for each page, and the records at ``recordsPath`` stream out decoded into `Record`.
///
/// ```swift
/// let paging = WebSpherePaging<EmployeeSearch, Employee>(
///     url: URL(string: "https://bpm.example.com/rest/EmployeeService/search")!,
///     criteria: EmployeeSearch(department: "D42"), recordsPath: "employees[*]")
/// let pager = Pager(request: try paging.firstRequest(), strategy: paging, maximumPages: nil)
/// for try await employee in pager.items() { show(employee) }
/// ```
///
/// The next page is `pageIndex + 1` while a page comes back full (``WebSpherePagedCriteria/rowsPerPage``
/// records); with ``totalPath``, while the total says records remain. A fault document (see ``WebSphereFault``)
/// ends the run in a `StreamError` of kind `.serviceError` — inside ``HTTPResponseError/serviceError`` when it
/// came with a 4xx/5xx — after the records of the earlier pages.
public struct WebSpherePaging<Criteria: WebSpherePagedCriteria, Record: Decodable & Sendable>: PagingStrategy {
    /// The service operation's URL.
    public var url: URL
    /// The first page's criteria; later pages differ only in `pageIndex`.
    public var criteria: Criteria
    /// Where the records are: `employees[*]`, `$[*]`.
    public var recordsPath: String
    /// Where the size of the whole result set is, when the service reports it: `totalRows`.
    public var totalPath: String?
    /// The `pageIndex` of the result set's first page (0 or 1, as the service counts), for the total rule.
    public var firstPageIndex: Int
    /// Limits for each page's parser.
    public var limits: StreamLimits

    /// Creates the strategy.
    public init(
        url: URL, criteria: Criteria, recordsPath: String, totalPath: String? = nil, firstPageIndex: Int = 0,
        limits: StreamLimits = .default
    ) {
        self.url = url
        self.criteria = criteria
        self.recordsPath = recordsPath
        self.totalPath = totalPath
        self.firstPageIndex = firstPageIndex
        self.limits = limits
    }

    /// The POST for the first page: ``criteria`` as the JSON body.
    public func firstRequest() throws -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json; charset=UTF-8", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpBody = try JSONEncoder().encode(criteria)
        return request
    }

    public var requirements: ResponseRequirements { .json }

    public func makeParser(for response: HTTPResponseInfo) -> ErrorDocumentParser<WebSphereRecordParser<Record>> {
        ErrorDocumentParser(
            WebSphereRecordParser(recordsPath: recordsPath, totalPath: totalPath, limits: limits),
            recognize: WebSphereFault.serviceError(in:))
    }

    public func summary(of parser: ErrorDocumentParser<WebSphereRecordParser<Record>>) -> WebSpherePage {
        WebSpherePage(total: parser.base.total)
    }

    /// The same request with the next `pageIndex` in its body. Page `n` of the run asks for
    /// `criteria.pageIndex + n - 1`.
    public func nextRequest(after page: WebSpherePage, page context: PageContext, previous: URLRequest)
        -> URLRequest?
    {
        let rows = criteria.rowsPerPage
        let index = criteria.pageIndex + context.number
        if let total = page.total {
            guard rows > 0, (index - firstPageIndex) * rows < total else { return nil }
        } else {
            guard rows > 0, context.itemCount >= rows else { return nil }
        }
        var next = criteria
        next.pageIndex = index
        // The criteria encoded for the first page; failing now would need an encoder that is not deterministic.
        guard let body = try? JSONEncoder().encode(next) else { return nil }
        var request = previous
        request.httpBody = body
        return request
    }
}
