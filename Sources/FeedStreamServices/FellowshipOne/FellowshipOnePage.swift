import Foundation

/// What a Fellowship One search response says about paging, from the attributes of its `results` element:
/// `<results count="20" pageNumber="1" totalRecords="57" additionalPages="2">`.
public struct FellowshipOnePage: Sendable, Hashable, Codable {
    /// `count`: records in this page.
    public var count: Int?
    /// `pageNumber`: this page's number, from 1.
    public var pageNumber: Int?
    /// `totalRecords`: records in the whole result set.
    public var totalRecords: Int?
    /// `additionalPages`: pages after this one; 0 on the last.
    public var additionalPages: Int?

    /// Creates a page summary.
    public init(count: Int? = nil, pageNumber: Int? = nil, totalRecords: Int? = nil, additionalPages: Int? = nil) {
        self.count = count
        self.pageNumber = pageNumber
        self.totalRecords = totalRecords
        self.additionalPages = additionalPages
    }

    /// Reads the `results` element's attributes (names as written; prefixed or unknown attributes ignored,
    /// values that are not whole numbers read as absent).
    public init(attributes: [String: String]) {
        func number(_ name: String) -> Int? {
            attributes[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        self.init(
            count: number("count"), pageNumber: number("pageNumber"), totalRecords: number("totalRecords"),
            additionalPages: number("additionalPages"))
    }

    /// The number of the page after this one, or `nil` on the last page (`additionalPages` 0 or absent).
    public var nextPageNumber: Int? {
        guard let additionalPages, additionalPages > 0 else { return nil }
        return (pageNumber ?? 1) + 1
    }
}
