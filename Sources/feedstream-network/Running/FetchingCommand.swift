import ArgumentParser
import FeedStreamCommandLine
import FeedStreamNetworking
import Foundation
import StreamCore

/// A decoding subcommand given a URL: its pages are fetched with the service's paging strategy and printed as
/// the same command prints a file's items.
protocol FetchingCommand: DecodingCommand, NetworkCommand {
    associatedtype Strategy: PagingStrategy
    where Strategy.Parser.Item == Parser.Item, Strategy.Parser.Item: Codable, Strategy.Summary: Codable
    /// How each page is decoded and the next asked for.
    func paging() throws -> Paging<Strategy>
}

/// A command's paging strategy and the `--metadata` line it makes of the last page's summary.
struct Paging<Strategy: PagingStrategy> {
    var strategy: Strategy
    /// The `--metadata` line for a URL (`{"feed": …}`, `{"page": …}`); `nil` for subcommands without one.
    var metadata: ((Strategy.Summary) -> any Encodable)?

    init(_ strategy: Strategy, metadata: ((Strategy.Summary) -> any Encodable)? = nil) {
        self.strategy = strategy
        self.metadata = metadata
    }
}

extension FetchingCommand {
    func runOverNetwork() async throws {
        guard let url = input.remoteURL else { return try runLocally() }
        let status = await runner.fetch(url, try paging(), remote: remote, printItem: try decoding().printItem)
        if status != 0 { throw ExitCode(status) }
    }
}
