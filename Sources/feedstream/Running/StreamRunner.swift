import FeedStreamNetworking
import Foundation
import StreamCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs one decoding subcommand: reads the input in chunks (a file, standard input, or a URL's pages as they
/// stream in), prints items as they complete, and turns the outcome into the exit status of the command-line
/// contract.
struct StreamRunner {
    // Values read from the parsed options: a ParsableArguments value made outside parsing cannot be read.
    var input: InputOptions
    var remote: RemoteOptions
    /// `--count`: decode everything, print only the counts.
    var countRequested: Bool
    /// `--metadata`: the feed's or page's metadata after the items.
    var metadataRequested: Bool

    /// Decodes the input and returns the exit status: 0, or 1 after printing the error.
    func run<Parser, Strategy>(_ decoding: Decoding<Parser, Strategy>) async -> Int32 {
        let writer = OutputWriter()
        var itemCount = 0
        var byteCount = 0
        var warnings: [StreamError] = []
        var metadata: (any Encodable)?
        let emit = { (items: [Parser.Item]) throws in
            itemCount += items.count
            if !countRequested {
                for item in items { try decoding.printItem(item, writer) }
            }
            writer.flush()
        }
        do {
            if let url = input.remoteURL {
                let summary = try await fetch(url, decoding.strategy, emit: emit) { byteCount += $0 }
                metadata = summary.flatMap { summary in decoding.pageMetadata?(summary) }
            } else {
                let parser = decoding.makeParser()
                defer { warnings = decoding.warnings(parser) }
                let reader = try InputReader(path: input.input, chunkSize: input.chunkSize)
                try reader.forEachChunk { chunk in
                    byteCount += chunk.count
                    try emit(try parser.parse(chunk))
                }
                try parser.finish { item in try emit([item]) }
                metadata = decoding.metadata?(parser)
            }
        } catch {
            writer.flush()
            report(warnings)
            OutputWriter.standardError("feedstream: error: \(Self.message(for: error))")
            return 1
        }
        report(warnings)
        if countRequested {
            writer.line(raw: "{\"items\":\(itemCount),\"bytes\":\(byteCount)}")
        } else if metadataRequested, let metadata {
            do {
                try writer.line(metadata)
            } catch {
                OutputWriter.standardError("feedstream: error: \(error)")
                return 1
            }
        }
        writer.flush()
        return 0
    }

    /// Fetches `url` and the pages after it (`--pages`), printing items as they complete; returns the last
    /// page's summary.
    private func fetch<Strategy: PagingStrategy>(
        _ url: URL, _ strategy: Strategy, emit: @escaping ([Strategy.Parser.Item]) throws -> Void,
        received: @escaping (Int) -> Void
    ) async throws -> Strategy.Summary? where Strategy.Parser.Item: Codable, Strategy.Summary: Codable {
        let cache = try remote.cacheDirectory.map { try ConditionalGETCache(directory: URL(fileURLWithPath: $0)) }
        let pager = Pager(
            request: remote.request(for: url), strategy: strategy, maximumPages: remote.maximumPages,
            authorizer: try remote.authorizer(), retryPolicy: RetryPolicy(maximumRetries: remote.retries),
            transport: remote.transport(), limits: remote.limits, originPolicy: remote.originPolicy
        ).caching(in: cache)
        // Items are printed on the task that decodes them: no hand-off from task to task per chunk, which
        // costs the network path about a fifth of its speed against a file's.
        let sink = PageEventSink<Strategy.Parser.Item, Strategy.Summary>(emit: emit, received: received)
        try await pager.forEachEvent { event in try sink.handle(event) }
        return sink.summary
    }

    /// The error line's text: a positioned `StreamError` as the contract prints it, a service's own error
    /// document (sent without a position, e.g. with a 200) as its message.
    static func message(for error: any Error) -> String {
        if let error = error as? InputReader.OpenError { return error.message }
        if let error = error as? StreamError, error.line == 0, error.kind == .serviceError { return error.message }
        return String(describing: error)
    }

    private func report(_ warnings: [StreamError]) {
        for warning in warnings { OutputWriter.standardError("feedstream: warning: \(warning)") }
    }
}

/// What ``StreamRunner`` does with each event of a URL's run.
///
/// `@unchecked Sendable`: `Pager.forEachEvent` calls ``handle(_:)`` from one task, one event at a time, while the
/// runner awaits the run; the runner reads ``summary`` only after the run ended.
private final class PageEventSink<Item: Sendable, Summary: Sendable>: @unchecked Sendable {
    private let emit: ([Item]) throws -> Void
    private let received: (Int) -> Void
    private(set) var summary: Summary?

    init(emit: @escaping ([Item]) throws -> Void, received: @escaping (Int) -> Void) {
        self.emit = emit
        self.received = received
    }

    func handle(_ event: PagingEvent<Item, Summary>) throws {
        switch event {
        case .items(let items, _):
            try emit(items)
        case .pageEnded(let page):
            summary = page.summary
            received(Int(page.bodyBytes))
        case .retrying(let delay, let error, let page):
            let status = error.statusCode.map { "HTTP \($0)" } ?? "refused"
            OutputWriter.standardError(
                "feedstream: warning: page \(page): \(status), retrying in \(Int(delay.rounded(.up))) s")
        case .response:
            break
        }
    }
}
