import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct EmployeeSearch: WebSpherePagedCriteria, Codable, Hashable {
    var department: String
    var pageIndex: Int
    var rowsPerPage: Int
}

struct Employee: Codable, Sendable, Hashable {
    var id: Int
    var firstName: String
    var email: String?
}

/// Seven employees, three per page: pages of 3, 3 and 1; `pageIndex` counts from 0.
enum WebSpherePages {
    static let total = 7
    static let rows = 3

    static func ids(_ page: Int) -> [Int] { Array((page - 1) * rows..<min(page * rows, total)) }

    static func body(page: Int, withTotal: Bool = false) -> String {
        let records = ids(page).map { #"{"id":\#($0),"firstName":"E\#($0)","email":"e\#($0)@example.com"}"# }
        let total = withTotal ? #""totalRows":\#(total),"# : ""
        return #"{"departmentName":"D42",\#(total)"employees":[\#(records.joined(separator: ","))]}"#
    }

    /// The page a request's JSON body asks for (pageIndex + 1).
    static func pageOf(_ request: LoopbackRequest) -> Int? {
        guard request.method == "POST", request.path == "/rest/EmployeeService/search",
            let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
            let index = object["pageIndex"] as? Int
        else { return nil }
        return index + 1
    }

    static func conversation(withTotal: Bool = false) -> Conversation<WebSpherePaging<EmployeeSearch, Employee>> {
        let criteria = EmployeeSearch(department: "D42", pageIndex: 0, rowsPerPage: rows)
        let path = "/rest/EmployeeService/search"
        return Conversation(
            strategy: WebSpherePaging(
                url: URL(string: "http://placeholder\(path)")!, criteria: criteria, recordsPath: "employees[*]",
                totalPath: withTotal ? "totalRows" : nil),
            pageCount: 3,
            firstRequest: { base in
                var paging = WebSpherePaging<EmployeeSearch, Employee>(
                    url: base.appendingPathComponent(path), criteria: criteria, recordsPath: "employees[*]")
                paging.totalPath = withTotal ? "totalRows" : nil
                return try paging.firstRequest()
            },
            pageOf: pageOf,
            route: { page, _ in .init(contentType: "application/json", text: body(page: page, withTotal: withTotal)) },
            key: { String($0.id) },
            expectedKeys: { page in ids(page).map(String.init) },
            expectedTargets: Array(repeating: path, count: 3),
            errorRoute: .init(
                status: 500, contentType: "application/json; charset=UTF-8",
                text: #"{"faultCode":"EMP-0042","faultString":"Department D42 is being reorganised"}"#),
            errorMessage: "WebSphere fault EMP-0042: Department D42 is being reorganised",
            errorServiceCode: "EMP-0042", errorServiceMessage: "Department D42 is being reorganised")
    }
}

@Suite("WebSphere JSON-over-HTTP paging over loopback HTTP")
struct WebSpherePagingTests {
    @Test("POSTs the criteria with pageIndex 0, 1, 2 until a page comes back short")
    func pagesInOrderWithExactRequests() async throws {
        let received = try await ServiceScenarios.pagesInOrder(WebSpherePages.conversation())
        let bodies = try received.map { try JSONDecoder().decode(EmployeeSearch.self, from: Data($0.body)) }
        #expect(bodies == (0..<3).map { EmployeeSearch(department: "D42", pageIndex: $0, rowsPerPage: 3) })
        #expect(received.allSatisfy { $0.header("Content-Type") == "application/json; charset=UTF-8" })
    }

    @Test("With a total, paging stops when it is reached even if the last page is full")
    func totalEndsPaging() async throws {
        var conversation = WebSpherePages.conversation(withTotal: true)
        conversation.pageCount = 2
        conversation.route = { page, _ in
            // Six rows in all: the second page is full, and the total says it is the last.
            let records = WebSpherePages.ids(page).map { #"{"id":\#($0),"firstName":"E\#($0)"}"# }
            return .init(contentType: "application/json",
                text: #"{"totalRows":6,"employees":[\#(records.joined(separator: ","))]}"#)
        }
        conversation.expectedTargets = Array(conversation.expectedTargets.prefix(2))
        _ = try await ServiceScenarios.pagesInOrder(conversation)
    }

    @Test func pageLimit() async throws { try await ServiceScenarios.pageLimit(WebSpherePages.conversation()) }
    @Test func retries429Then503() async throws { try await ServiceScenarios.retries(WebSpherePages.conversation()) }
    @Test func faultOnPage2() async throws { try await ServiceScenarios.errorOnPage2(WebSpherePages.conversation()) }
    @Test func cancellationMidPage() async throws {
        try await ServiceScenarios.cancellationMidPage(WebSpherePages.conversation())
    }

    @Test("A POST is never made conditional, even with a cache")
    func postsAreNotCached() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ws-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let conversation = WebSpherePages.conversation()
        let server = try conversation.server { _, request in
            guard let page = WebSpherePages.pageOf(request) else { return nil }
            return .init(contentType: "application/json", headers: [("ETag", "\"p\(page)\"")],
                text: WebSpherePages.body(page: page))
        }
        let cache = try ConditionalGETCache(directory: directory)
        for _ in 0..<2 {
            let outcome = await drain(try conversation.pager(server).caching(in: cache))
            #expect(outcome.items.map(\.id) == Array(0..<7))
        }
        #expect(server.snapshot.received.count == 6)
        #expect(server.snapshot.received.allSatisfy { $0.header("If-None-Match") == nil })
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test(arguments: [
        (#"{"faultCode":"X1","faultString":"broken"}"#, "WebSphere fault X1: broken", "X1", "broken"),
        (#"{"faultcode":"soapenv:Server","faultstring":"NPE"}"#, "WebSphere fault soapenv:Server: NPE",
            "soapenv:Server", "NPE"),
        (#"{"fault":{"faultCode":"F","faultString":"nested"}}"#, "WebSphere fault F: nested", "F", "nested"),
        (#"{"error":"no such department"}"#, "WebSphere fault: no such department", nil, "no such department"),
        (#"{"error":{"code":404,"message":"gone"}}"#, "WebSphere fault 404: gone", "404", "gone"),
        (#"{"exception":{"class":"java.lang.IllegalStateException","message":"closed"}}"#,
            "WebSphere fault java.lang.IllegalStateException: closed", "java.lang.IllegalStateException", "closed"),
        (#"{"faultCode":"X2"}"#, "WebSphere fault X2: no message", "X2", nil),
    ] as [(String, String, String?, String?)])
    func faultsServedWith200(_ body: String, _ message: String, _ code: String?, _ serviceMessage: String?)
        async throws
    {
        let server = try LoopbackHTTPServer { _ in .init(contentType: "application/json", text: body) }
        let outcome = await drain(try WebSpherePages.conversation().pager(server))
        #expect(outcome.items.isEmpty)
        let error = try #require(outcome.error as? StreamError)
        #expect(error.kind == .serviceError)
        #expect(error.message == message)
        #expect(error.serviceCode == code)
        #expect(error.serviceMessage == serviceMessage)
    }

    @Test("A document without records and without a fault is an empty result, not an error")
    func emptyResultIsNoFault() async throws {
        let server = try LoopbackHTTPServer { _ in
            .init(contentType: "application/json", text: #"{"employees":[],"error":null}"#)
        }
        let outcome = await drain(try WebSpherePages.conversation().pager(server))
        #expect(outcome.error == nil)
        #expect(outcome.items.isEmpty)
        #expect(server.snapshot.received.count == 1)
    }
}
