import FeedStreamServices
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Fellowship One paging (results attributes)")
struct FellowshipOnePagingTests {
    @Test func readsTheResultsAttributes() {
        let page = FellowshipOnePage(attributes: [
            "count": "20", "pageNumber": "2", "totalRecords": "57", "additionalPages": "1", "json:Array": "true",
        ])
        #expect(page == FellowshipOnePage(count: 20, pageNumber: 2, totalRecords: 57, additionalPages: 1))
        #expect(page.nextPageNumber == 3)
        #expect(FellowshipOnePage(attributes: ["pageNumber": "3", "additionalPages": "0"]).nextPageNumber == nil)
        #expect(FellowshipOnePage(attributes: ["pageNumber": "x"]).pageNumber == nil)
        #expect(FellowshipOnePage(attributes: [:]).nextPageNumber == nil)
    }

    @Test("page = pageNumber + 1 until additionalPages is 0; other parameters kept")
    func walksThePages() throws {
        var url = URL(string: "https://demo.fellowshiponeapi.com/v1/People/Search?searchFor=Smith&recordsPerPage=20")!
        var visited: [String] = []
        // 57 records in pages of 20: the service reports pages 1, 2 and 3 with 2, 1 and 0 pages left.
        for (number, left) in [(1, 2), (2, 1), (3, 0)] {
            let page = FellowshipOnePage(count: 20, pageNumber: number, totalRecords: 57, additionalPages: left)
            guard let next = FellowshipOnePaging<JSONItemParser<JSONValue>>.nextURL(after: page, previous: url) else {
                break
            }
            visited.append(next.query ?? "")
            url = next
        }
        #expect(visited == ["searchFor=Smith&recordsPerPage=20&page=2", "searchFor=Smith&recordsPerPage=20&page=3"])
    }

    @Test("The strategy reads the attributes from its parser and keeps the request's method and headers")
    func strategyOverAnyParser() throws {
        let paging = FellowshipOnePaging(
            makeParser: { _ in JSONItemParser<JSONValue>(path: .literal("results[*]")) },
            resultsAttributes: { _ in ["pageNumber": "1", "additionalPages": "4"] })
        let parser = paging.makeParser(for: HTTPResponseInfo())
        let summary = paging.summary(of: parser)
        var previous = URLRequest(url: URL(string: "https://f1.example.com/v1/People/Search?page=1")!)
        previous.setValue("application/xml", forHTTPHeaderField: "Accept")
        let next = try #require(paging.nextRequest(
            after: summary, page: PageContext(number: 1, itemCount: 20, response: HTTPResponseInfo()),
            previous: previous))
        #expect(next.url?.absoluteString == "https://f1.example.com/v1/People/Search?page=2")
        #expect(next.value(forHTTPHeaderField: "Accept") == "application/xml")
    }
}
