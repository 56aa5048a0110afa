import FeedStreamNetworking
import Foundation
import StreamCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs one decoding subcommand: reads the input in chunks (a file, standard input, or a URL as it streams in),
/// feeds the parser, prints items as they complete, and turns the outcome into the exit status of the
/// command-line contract.
struct StreamRunner {
    var input: InputOptions
    var output: OutputOptions
    var metadataRequested = false
    var remote = RemoteOptions()

    /// Decodes the input and returns the exit status: 0, or 1 after printing the error.
    func run<Parser>(_ decoding: Decoding<Parser>) async -> Int32 {
        let writer = OutputWriter()
        var tally = Tally()
        var warnings: [StreamError] = []
        var metadata: (any Encodable & Sendable)?
        let emit = { (items: [Parser.Item]) throws in
            tally.items += items.count
            if !output.count {
                for item in items { try decoding.printItem(item, writer) }
            }
            writer.flush()
        }
        do {
            if let url = input.remoteURL {
                let outcome = try await fetch(url, decoding, emit: emit)
                (metadata, warnings, tally.bytes) = (outcome.metadata, outcome.warnings, outcome.bytes)
            } else {
                let parser = decoding.makeParser(nil)
                defer { warnings = decoding.warnings(parser) }
                let reader = try InputReader(path: input.input, chunkSize: input.chunkSize)
                try reader.forEachChunk { chunk in
                    tally.bytes += chunk.count
                    try emit(try parser.parse(chunk))
                }
                try parser.finish { item in try emit([item]) }
                metadata = decoding.metadata?(parser)
            }
        } catch {
            writer.flush()
            report(warnings)
            let message = (error as? InputReader.OpenError)?.message ?? String(describing: error)
            OutputWriter.standardError("feedstream: error: \(message)")
            return 1
        }
        report(warnings)
        if output.count {
            writer.line(raw: "{\"items\":\(tally.items),\"bytes\":\(tally.bytes)}")
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

    private struct Tally {
        var items = 0
        var bytes = 0
    }

    /// What a fetch leaves besides its items.
    private struct FetchOutcome: Sendable {
        var metadata: (any Encodable & Sendable)?
        var warnings: [StreamError]
        /// Body bytes received.
        var bytes = 0
    }

    /// Fetches `url` and decodes the body as it streams in, printing items as they complete.
    private func fetch<Parser>(
        _ url: URL, _ decoding: Decoding<Parser>, emit: ([Parser.Item]) throws -> Void
    ) async throws -> FetchOutcome {
        let request = try remote.request(for: url).authorized(by: remote.authorizer)
        let makeParser = decoding.makeParser
        let readMetadata = decoding.metadata
        let readWarnings = decoding.warnings
        let events = URLSession.parsedEvents(
            for: request, requirements: decoding.requirements, parser: { head in makeParser(head) },
            summary: { parser in FetchOutcome(metadata: readMetadata?(parser), warnings: readWarnings(parser)) })
        var outcome = FetchOutcome(warnings: [])
        var bytes = 0
        for try await event in events {
            switch event {
            case .items(let items): try emit(items)
            case .progress(let progress): bytes = Int(progress.receivedBytes)
            case .finished(let summary): outcome = summary
            case .response, .failed: break
            }
        }
        outcome.bytes = bytes
        return outcome
    }

    private func report(_ warnings: [StreamError]) {
        for warning in warnings { OutputWriter.standardError("feedstream: warning: \(warning)") }
    }
}
