import Foundation
import StreamCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``PagingStrategy`` made of closures: for a parser no service strategy covers (your own `Decodable`
/// records, a feed of any format), or for one response with the engine's retries and conditional GET.
///
/// ```swift
/// // Any feed whose summary has a next link:
/// let paging = ClosurePaging(
///     requirements: .xml, makeParser: { _ in MyFeedParser() }, summary: { $0.feed },
///     nextRequest: { feed, _, previous in feed.nextURL.flatMap { URL(string: $0) }.map { URLRequest(url: $0) } })
/// // One response, no paging, but retried on 429/503 and revalidated from a cache:
/// let single = ClosurePaging.singlePage(requirements: .json) { _ in JSONItemParser<JSONValue>(path: "$[*]") }
/// ```
public struct ClosurePaging<Parser: NetworkStreamingParser, Summary: Sendable>: PagingStrategy {
    /// What a response must be for its body to be decoded.
    public var requirements: ResponseRequirements
    private let parserFactory: @Sendable (HTTPResponseInfo) -> Parser
    private let summarize: @Sendable (Parser) -> Summary
    private let next: @Sendable (Summary, PageContext, URLRequest) -> URLRequest?

    /// Creates a strategy from its three parts; without `nextRequest`, every run is one page.
    public init(
        requirements: ResponseRequirements = .anySuccess,
        makeParser: @escaping @Sendable (HTTPResponseInfo) -> Parser,
        summary: @escaping @Sendable (Parser) -> Summary,
        nextRequest: @escaping @Sendable (Summary, PageContext, URLRequest) -> URLRequest? = { _, _, _ in nil }
    ) {
        self.requirements = requirements
        parserFactory = makeParser
        summarize = summary
        next = nextRequest
    }

    public func makeParser(for response: HTTPResponseInfo) -> Parser { parserFactory(response) }

    public func summary(of parser: Parser) -> Summary { summarize(parser) }

    public func nextRequest(after summary: Summary, page: PageContext, previous: URLRequest) -> URLRequest? {
        next(summary, page, previous)
    }
}

/// The summary of a response that says nothing about paging (`Codable`, so such pages can be cached).
public struct NoPageSummary: Sendable, Hashable, Codable {
    /// Creates the empty summary.
    public init() {}
}

extension ClosurePaging where Summary == NoPageSummary {
    /// A strategy for one response, decoded by the parser `makeParser` creates.
    public static func singlePage(
        requirements: ResponseRequirements = .anySuccess,
        makeParser: @escaping @Sendable (HTTPResponseInfo) -> Parser
    ) -> ClosurePaging {
        ClosurePaging(requirements: requirements, makeParser: makeParser, summary: { _ in NoPageSummary() })
    }
}
