import AtomStream
import FeedStreamCommandLine
import FeedStreamNetworking
import FeedStreamServices
import JSONStream
import XMLStream

// Each decoding subcommand's paging for a URL: the strategy decodes pages with the parser the command uses for a
// file, made from each page's response head (its charset and URL).

extension AtomCommand: FetchingCommand {
    func paging() -> Paging<ConnectionsPaging> {
        Paging(ConnectionsPaging(options: options), metadata: { ["feed": $0] })
    }
}

extension FeedCommand: FetchingCommand {
    func paging() -> Paging<FeedPaging> {
        Paging(FeedPaging(options: options), metadata: { ["feed": $0] })
    }
}

extension TwitterCommand: FetchingCommand {
    func paging() -> Paging<TwitterSearchPaging> {
        Paging(TwitterSearchPaging(), metadata: { ["page": $0] })
    }
}

extension TwitterStreamCommand: FetchingCommand {
    func paging() -> Paging<ClosurePaging<TwitterStreamParser, NoPageSummary>> {
        Paging(ClosurePaging.singlePage(requirements: .json) { _ in TwitterStreamParser() })
    }
}

extension JiveInboxCommand: FetchingCommand {
    func paging() -> Paging<JiveInboxPaging> {
        Paging(JiveInboxPaging(), metadata: { ["page": $0] })
    }
}

extension ItemsCommand: FetchingCommand {
    func paging() throws -> Paging<ClosurePaging<JSONItemParser<JSONValue>, NoPageSummary>> {
        let selection = try JSONPath(path)
        return Paging(ClosurePaging.singlePage { _ in ItemsCommand.parser(selecting: selection) })
    }
}

extension JSONCommand: FetchingCommand {
    func paging() -> Paging<ClosurePaging<JSONItemParser<JSONValue>, NoPageSummary>> {
        Paging(ClosurePaging.singlePage { _ in JSONItemParser<JSONValue>(path: .root) })
    }
}

extension XMLItemsCommand: FetchingCommand {
    func paging() throws -> Paging<FellowshipOnePaging<XMLItemParser<XMLRecordValue>>> {
        // Fellowship One's paging (results@additionalPages): other XML services end after one page.
        Paging(FellowshipOnePaging(recordPath: try XMLRecordPath(path), options: options))
    }
}

extension OPMLCommand: FetchingCommand {
    /// One page, summarized by its head: the `--metadata` line of a URL as of a file.
    func paging() -> Paging<ClosurePaging<OPMLParser, OPMLHead>> {
        let options = options
        return Paging(
            ClosurePaging(
                makeParser: { response in
                    var options = options
                    options.baseURL = response.url?.absoluteString
                    options.defaultEncoding = response.charset
                    return OPMLParser(options: options)
                }, summary: { $0.head }),
            metadata: { ["head": $0] })
    }
}
