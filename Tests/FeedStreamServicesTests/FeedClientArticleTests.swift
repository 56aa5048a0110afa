import ArticleExtraction
import FeedStreamNetworking
import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

/// ``FeedClient/article(at:rules:)`` against a loopback site: the page fetched with the client's transport,
/// followed through a redirect, its article resolved against the final URL and read in the HTTP charset.
@Suite("FeedClient.article", .serialized)
struct FeedClientArticleTests {
    static let paragraph = """
        The council met on Tuesday evening to discuss the new library, which has been delayed twice, and \
        residents asked why the budget had grown by a third since the plans were first shown in spring.
        """

    static let page = """
        <html><head><title>Library delayed again as costs grow</title></head><body>
        <div class="menu"><a href="/">Home</a></div>
        <article><p>\(paragraph)</p><p>Caf\u{E9} owners nearby said \(paragraph)</p><p>\(paragraph)</p>
        <img src="pictures/site.jpg" alt="The site"></article></body></html>
        """

    @Test("A redirected page: the article, URLs against the final page, Latin-1 by the HTTP charset",
        arguments: TransportKind.allCases)
    func redirectedPage(transport: TransportKind) async throws {
        let latin1 = Array(Self.page.data(using: .isoLatin1)!)
        let server = try LoopbackHTTPServer(maximumRequests: 4, lifetime: 600) { request in
            switch request.path {
            case "/story": .init(status: 301, headers: [("Location", "/2024/story.html")], text: "")
            case "/2024/story.html": .init(contentType: "text/html; charset=iso-8859-1", body: latin1)
            default: .init(status: 404, contentType: "text/html", text: "no")
            }
        }
        let article = try await FeedClient(transport: transport.make()).article(at: server.url("/story"))
        #expect(article.title == "Library delayed again as costs grow")
        #expect(article.text.contains("Caf\u{E9} owners nearby"))
        #expect(!article.text.contains("Home"))
        #expect(article.leadImage == server.url("/2024/pictures/site.jpg"))
    }

    @Test("A 404 is an HTTPResponseError, not an empty article", arguments: [TransportKind.allCases[0]])
    func notFound(transport: TransportKind) async throws {
        let server = try LoopbackHTTPServer(maximumRequests: 2, lifetime: 600) { _ in
            .init(status: 404, contentType: "text/html", text: "<p>gone</p>")
        }
        await #expect(throws: HTTPResponseError.self) {
            _ = try await FeedClient(transport: transport.make()).article(at: server.url("/missing"))
        }
    }
}
