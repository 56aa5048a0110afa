import AtomStream
import XMLStream
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Paging through a Fellowship One search (`/v1/People/Search?searchFor=…&recordsPerPage=20`): the request is
/// sent again with `page` = `pageNumber + 1` until `additionalPages` is 0. Every other parameter, the
/// `recordsPerPage` included, is kept.
///
/// The strategy is written over any parser that can report the `results` element's attributes: give it the
/// parser to make for each page and how to read those attributes from it once the page has ended.
///
/// ```swift
/// let paging = FellowshipOnePaging(
///     makeParser: { _ in MyPeopleParser() }, resultsAttributes: { parser in parser.resultsAttributes })
/// let pager = Pager(request: searchRequest, strategy: paging, maximumPages: nil, authorizer: oauthSigner)
/// ```
///
/// For records decoded by `XMLItemParser`, ``init(recordPath:options:)`` does both:
///
/// ```swift
/// let paging = FellowshipOnePaging<XMLItemParser<Person>>(recordPath: try XMLRecordPath("results/person"))
/// for try await person in Pager(request: search, strategy: paging, authorizer: signer).items() { show(person) }
/// ```
public struct FellowshipOnePaging<Parser: NetworkStreamingParser>: PagingStrategy {
    private let parserFactory: @Sendable (HTTPResponseInfo) -> Parser
    private let attributes: @Sendable (Parser) -> [String: String]

    /// Creates the strategy from a parser factory and the reader of the `results` element's attributes.
    public init(
        makeParser: @escaping @Sendable (HTTPResponseInfo) -> Parser,
        resultsAttributes: @escaping @Sendable (Parser) -> [String: String]
    ) {
        parserFactory = makeParser
        attributes = resultsAttributes
    }

    public var requirements: ResponseRequirements { .xml }

    public func makeParser(for response: HTTPResponseInfo) -> Parser { parserFactory(response) }

    public func summary(of parser: Parser) -> FellowshipOnePage {
        FellowshipOnePage(attributes: attributes(parser))
    }

    public func nextRequest(after page: FellowshipOnePage, page context: PageContext, previous: URLRequest)
        -> URLRequest?
    {
        guard let url = previous.url, let next = Self.nextURL(after: page, previous: url) else { return nil }
        return previous.redirected(to: next)
    }

    /// `previous` with `page` set to the next page number, or `nil` when `page` says it was the last.
    public static func nextURL(after page: FellowshipOnePage, previous: URL) -> URL? {
        page.nextPageNumber.map { previous.settingQueryParameters(["page": String($0)]) }
    }
}

extension FellowshipOnePaging {
    /// Records at `recordPath` (`results/person`) decoded into `Record` by `XMLItemParser`, in the charset the
    /// response names when the document names none; the `results` element's attributes (the parser's
    /// `container`) say whether another page follows.
    public init<Record>(recordPath: XMLRecordPath, options: XMLItemParser<Record>.Options = .init())
    where Parser == XMLItemParser<Record> {
        self.init(
            makeParser: { response in
                var options = options
                options.defaultEncoding = response.charset ?? options.defaultEncoding
                return XMLItemParser<Record>(path: recordPath, options: options)
            },
            resultsAttributes: { parser in
                Dictionary(parser.container.attributes.map { ($0.name, $0.value) }) { first, _ in first }
            })
    }
}
