import Foundation
import StreamCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a service's paging needs: how to decode a page, what to read from the parser once the page has ended,
/// and how to ask for the next page from that — never by reading the body a second time.
///
/// One strategy per service lives in FeedStreamServices (`ConnectionsPaging`, `JiveInboxPaging`,
/// `TwitterSearchPaging`, `FellowshipOnePaging`, `WebSpherePaging`); ``Pager`` drives any of them.
///
/// ```swift
/// struct FeedPaging: PagingStrategy {
///     var requirements: ResponseRequirements { .xml }
///     func makeParser(for response: HTTPResponseInfo) -> AtomParser {
///         AtomParser(options: .init(baseURL: response.url?.absoluteString, defaultEncoding: response.charset))
///     }
///     func summary(of parser: AtomParser) -> AtomFeed { parser.feed }
///     func nextRequest(after feed: AtomFeed, page: PageContext, previous: URLRequest) -> URLRequest? {
///         feed.nextURL.flatMap { URL(string: $0) }.map { URLRequest(url: $0) }
///     }
/// }
/// ```
public protocol PagingStrategy: Sendable {
    /// The decoder of one page; a fresh one is made for each page.
    associatedtype Parser: NetworkStreamingParser
    /// What the page's end tells about paging (`AtomFeed`, `TwitterSearchPage`, `JiveInboxPage`, …).
    associatedtype Summary: Sendable

    /// What a response must be for its body to be decoded. Default: any 2xx.
    var requirements: ResponseRequirements { get }

    /// Creates the parser for a page from its response head (its URL and `charset`). Called on the session's
    /// delegate queue, and for a refused response's body, so that the service's error document is recognised.
    func makeParser(for response: HTTPResponseInfo) -> Parser

    /// Reads the page's summary from the parser after its body ended and validated.
    func summary(of parser: Parser) -> Summary

    /// The request for the page after this one, or `nil` when this was the last.
    ///
    /// - Parameters:
    ///   - summary: what ``summary(of:)`` read from this page (or what the cache kept for it).
    ///   - page: this page's number, item count and response head.
    ///   - previous: the request this page answered, as built before authorisation (no credentials in it);
    ///     the engine authorises the returned request itself, right before sending it.
    func nextRequest(after summary: Summary, page: PageContext, previous: URLRequest) -> URLRequest?
}

extension PagingStrategy {
    public var requirements: ResponseRequirements { .anySuccess }
}

/// What the engine knows about a page that has just ended, for ``PagingStrategy/nextRequest(after:page:previous:)``.
public struct PageContext: Sendable, Hashable {
    /// The page's number in this run, from 1.
    public var number: Int
    /// How many items the page held.
    public var itemCount: Int
    /// The response head (for a page served from the cache, the head of the 304).
    public var response: HTTPResponseInfo

    /// Creates a context.
    public init(number: Int, itemCount: Int, response: HTTPResponseInfo) {
        self.number = number
        self.itemCount = itemCount
        self.response = response
    }
}
