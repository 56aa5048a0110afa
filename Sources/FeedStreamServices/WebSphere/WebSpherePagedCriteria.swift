/// The search criteria of a paged WebSphere JSON-over-HTTP service: the request business object, sent as the
/// JSON body of a POST, with the page it asks for.
///
/// ```swift
/// struct EmployeeSearch: WebSpherePagedCriteria {
///     var department: String
///     var pageIndex = 0
///     var rowsPerPage = 50
/// }
/// ```
public protocol WebSpherePagedCriteria: Encodable, Sendable {
    /// The page asked for; ``WebSpherePaging`` sets it for each page.
    var pageIndex: Int { get set }
    /// Records per page: a page that comes back with fewer is the last.
    var rowsPerPage: Int { get }
}

/// What a WebSphere response says about paging.
public struct WebSpherePage: Sendable, Hashable, Codable {
    /// The size of the whole result set, when the service reports one and ``WebSpherePaging/totalPath`` names it.
    public var total: Int?

    /// Creates a page summary.
    public init(total: Int? = nil) {
        self.total = total
    }
}
