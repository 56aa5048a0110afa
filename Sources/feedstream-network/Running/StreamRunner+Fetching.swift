import FeedStreamCommandLine
import FeedStreamNetworking
import Foundation
import StreamCore

extension StreamRunner {
    /// Fetches `url` and the pages after it (`--pages`), printing items as they complete, and returns the exit
    /// status: 0, or 1 after printing the error.
    func fetch<Strategy: PagingStrategy>(
        _ url: URL, _ paging: Paging<Strategy>, remote: RemoteOptions,
        printItem: @escaping (Strategy.Parser.Item, OutputWriter) throws -> Void
    ) async -> Int32 where Strategy.Parser.Item: Codable, Strategy.Summary: Codable {
        let tally = tally(printing: printItem)
        let summary: Strategy.Summary?
        do {
            let cache = try remote.cacheDirectory.map { try ConditionalGETCache(directory: URL(fileURLWithPath: $0)) }
            let pager = Pager(
                request: remote.request(for: url), strategy: paging.strategy, maximumPages: remote.maximumPages,
                authorizer: try remote.authorizer(), retryPolicy: RetryPolicy(maximumRetries: remote.retries),
                transport: remote.transport(), limits: remote.limits, originPolicy: remote.originPolicy
            ).caching(in: cache)
            // Items are printed on the task that decodes them: no hand-off from task to task per chunk, which
            // costs the network path about a fifth of its speed against a file's.
            let sink = PageEventSink<Strategy.Parser.Item, Strategy.Summary>(tally)
            try await pager.forEachEvent { event in try sink.handle(event) }
            summary = sink.summary
        } catch {
            return failed(error, tally, warnings: [])
        }
        return finished(tally, metadata: summary.flatMap { paging.metadata?($0) }, warnings: [])
    }
}

/// What ``StreamRunner`` does with each event of a URL's run.
///
/// `@unchecked Sendable`: `Pager.forEachEvent` calls ``handle(_:)`` from one task, one event at a time, while the
/// runner awaits the run; the runner reads ``summary`` only after the run ended.
private final class PageEventSink<Item: Sendable, Summary: Sendable>: @unchecked Sendable {
    private let tally: StreamRunner.Tally<Item>
    private(set) var summary: Summary?

    init(_ tally: StreamRunner.Tally<Item>) {
        self.tally = tally
    }

    func handle(_ event: PagingEvent<Item, Summary>) throws {
        switch event {
        case .items(let items, _):
            try tally.emit(items)
        case .pageEnded(let page):
            summary = page.summary
            tally.byteCount += Int(page.bodyBytes)
        case .retrying(let delay, let error, let page):
            let status = error.statusCode.map { "HTTP \($0)" } ?? "refused"
            OutputWriter.standardError(
                "feedstream: warning: page \(page): \(status), retrying in \(Int(delay.rounded(.up))) s")
        case .response:
            break
        }
    }
}
