import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Tweets 100, 99, … two per page, five in all, in each API generation's shape.
enum TwitterPages {
    static let perPage = 2
    static let total = 5

    static func ids(_ page: Int) -> [Int] {
        ((page - 1) * perPage..<min(page * perPage, total)).map { 100 - $0 }
    }

    static func body(_ format: TwitterSearchFormat, page: Int) -> String {
        let ids = ids(page)
        let more = page * perPage < total
        let lowest = ids.last ?? 100
        switch format {
        case .v1:
            let tweets = ids.map {
                #"{"id":\#($0),"id_str":"\#($0)","text":"t\#($0)","from_user":"swiftlang","#
                    + #""created_at":"Wed, 27 Aug 2008 13:08:45 +0000"}"#
            }
            let next = more ? #","next_page":"?page=\#(page + 1)&max_id=100&q=swift""# : ""
            return #"{"results":[\#(tweets.joined(separator: ","))],"max_id":100,"page":\#(page),"#
                + #""refresh_url":"?since_id=100&q=swift","results_per_page":2,"query":"swift"\#(next)}"#
        case .v1_1:
            let tweets = ids.map {
                #"{"id":\#($0),"id_str":"\#($0)","text":"t\#($0)","created_at":"Wed Aug 27 13:08:45 +0000 2008","#
                    + #""user":{"id":7,"id_str":"7","screen_name":"swiftlang","name":"Swift"}}"#
            }
            let next = more ? #""next_results":"?max_id=\#(lowest - 1)&q=swift&count=2&include_entities=1","# : ""
            return #"{"statuses":[\#(tweets.joined(separator: ","))],"search_metadata":{\#(next)"#
                + #""refresh_url":"?since_id=100&q=swift&include_entities=1","count":2,"max_id":100,"query":"swift"}}"#
        case .v2:
            let tweets = ids.map { #"{"id":"\#($0)","text":"t\#($0)","author_id":"7"}"# }
            let next = more ? #","next_token":"t\#(page + 1)""# : ""
            return #"{"data":[\#(tweets.joined(separator: ","))],"includes":{"users":[{"id":"7","name":"Swift","#
                + #""username":"swiftlang"}]},"meta":{"newest_id":"\#(ids.first ?? 0)","oldest_id":"\#(lowest)","#
                + #""result_count":\#(ids.count)\#(next)}}"#
        }
    }

    static func conversation(_ format: TwitterSearchFormat) -> Conversation<TwitterSearchPaging> {
        let first: String
        let targets: [String]
        switch format {
        case .v1:
            first = "/search.json?q=swift&rpp=2"
            targets = [first, "/search.json?page=2&max_id=100&q=swift", "/search.json?page=3&max_id=100&q=swift"]
        case .v1_1:
            first = "/1.1/search/tweets.json?q=swift&count=2"
            targets = [
                first, "/1.1/search/tweets.json?max_id=98&q=swift&count=2&include_entities=1",
                "/1.1/search/tweets.json?max_id=96&q=swift&count=2&include_entities=1",
            ]
        case .v2:
            first = "/2/tweets/search/recent?query=swift&max_results=10"
            targets = [first, first + "&next_token=t2", first + "&next_token=t3"]
        }
        return Conversation(
            strategy: TwitterSearchPaging(), pageCount: 3,
            firstRequest: { base in URLRequest(url: URL(string: first, relativeTo: base)!.absoluteURL) },
            pageOf: { request in targets.firstIndex(of: request.target).map { $0 + 1 } },
            route: { page, _ in .init(contentType: "application/json; charset=utf-8", text: body(format, page: page)) },
            key: { $0.idString },
            expectedKeys: { page in ids(page).map(String.init) },
            expectedTargets: targets,
            errorRoute: .init(
                status: 401, contentType: "application/json",
                text: #"{"errors":[{"code":32,"message":"Could not authenticate you."}]}"#),
            errorMessage: "Could not authenticate you.", errorServiceCode: "32",
            errorServiceMessage: "Could not authenticate you.")
    }
}

@Suite("Twitter search paging over loopback HTTP")
struct TwitterSearchPagingTests {
    static let formats: [TwitterSearchFormat] = [.v1, .v1_1, .v2]

    @Test(arguments: formats) func pagesInOrderWithExactRequests(_ format: TwitterSearchFormat) async throws {
        _ = try await ServiceScenarios.pagesInOrder(TwitterPages.conversation(format))
    }

    @Test(arguments: formats) func pageLimit(_ format: TwitterSearchFormat) async throws {
        try await ServiceScenarios.pageLimit(TwitterPages.conversation(format))
    }

    @Test func retries429Then503() async throws { try await ServiceScenarios.retries(TwitterPages.conversation(.v1_1)) }

    @Test func notModifiedFromCache() async throws {
        try await ServiceScenarios.conditionalGET(TwitterPages.conversation(.v2))
    }

    @Test func errorsDocumentOnPage2() async throws {
        try await ServiceScenarios.errorOnPage2(TwitterPages.conversation(.v1_1))
    }

    @Test func cancellationMidPage() async throws {
        try await ServiceScenarios.cancellationMidPage(TwitterPages.conversation(.v1))
    }

    @Test("A 429 with x-rate-limit-reset waits until the reset, capped at the policy's maximum")
    func rateLimitReset() async throws {
        let reset = Int(HarnessClock.now.timeIntervalSince1970) + 12
        let conversation = TwitterPages.conversation(.v2)
        let server = try conversation.server { number, _ in
            switch number {
            case 1: .init(status: 429, headers: [("x-rate-limit-reset", "\(reset)")], framing: .contentLength)
            case 2: .init(status: 429, headers: [("x-rate-limit-reset", "\(reset + 3600)")], framing: .contentLength)
            default: nil
            }
        }
        let sleeper = RecordingSleeper()
        let outcome = await drain(try conversation.pager(server, maximumPages: 1, retryPolicy: sleeper.policy()))
        #expect(outcome.error == nil)
        #expect(outcome.items.map(\.idString) == ["100", "99"])
        #expect(sleeper.delays == [12, 60])
    }

    @Test("Refresh: refresh_url resolved against the endpoint (v1, v1.1); since_id = newest_id (v2)")
    func refresh() throws {
        let paging = TwitterSearchPaging()
        let v11 = URLRequest(url: URL(string: "https://api.twitter.com/1.1/search/tweets.json?q=swift")!)
        var page = TwitterSearchPage()
        page.format = .v1_1
        page.refreshURL = "?since_id=100&q=swift&include_entities=1"
        #expect(paging.refreshRequest(after: page, previous: v11)?.url?.absoluteString ==
            "https://api.twitter.com/1.1/search/tweets.json?since_id=100&q=swift&include_entities=1")
        let v2 = URLRequest(
            url: URL(string: "https://api.twitter.com/2/tweets/search/recent?query=swift&next_token=t2")!)
        var newest = TwitterSearchPage()
        newest.format = .v2
        newest.newestID = 1_445_880_548_472_328_193
        #expect(paging.refreshRequest(after: newest, previous: v2)?.url?.absoluteString ==
            "https://api.twitter.com/2/tweets/search/recent?query=swift&since_id=1445880548472328193")
        #expect(paging.refreshRequest(after: TwitterSearchPage(), previous: v2) == nil)
    }

    @Test("v2 timelines take the cursor as pagination_token")
    func paginationToken() throws {
        var page = TwitterSearchPage()
        page.format = .v2
        page.nextPage = "abc"
        let previous = URLRequest(url: URL(string: "https://api.twitter.com/2/users/7/tweets?max_results=5")!)
        let next = TwitterSearchPaging(tokenParameter: "pagination_token").nextRequest(
            after: page, page: PageContext(number: 1, itemCount: 5, response: HTTPResponseInfo()), previous: previous)
        #expect(
            next?.url?.absoluteString == "https://api.twitter.com/2/users/7/tweets?max_results=5&pagination_token=abc")
    }
}
