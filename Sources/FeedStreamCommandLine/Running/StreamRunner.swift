import StreamCore

/// Runs one decoding subcommand: reads the input in chunks, prints items as they complete, and turns the outcome
/// into the exit status of the command-line contract.
///
/// A file or standard input is read here (``run(_:)``); `feedstream-network` reads a URL's pages as they stream
/// in and ends its run with the same ``Tally``, ``failed(_:_:warnings:)`` and ``finished(_:metadata:warnings:)``.
package struct StreamRunner {
    // Values read from the parsed options: a ParsableArguments value made outside parsing cannot be read.
    package var input: InputOptions
    /// `--count`: decode everything, print only the counts.
    package var countRequested: Bool
    /// `--metadata`: the feed's or page's metadata after the items.
    package var metadataRequested: Bool

    package init(input: InputOptions, countRequested: Bool, metadataRequested: Bool) {
        self.input = input
        self.countRequested = countRequested
        self.metadataRequested = metadataRequested
    }

    /// The items and bytes of one run, and the writer its items go to.
    package final class Tally<Item> {
        package let writer = OutputWriter()
        package private(set) var itemCount = 0
        package var byteCount = 0
        private let printItem: (Item, OutputWriter) throws -> Void
        private let printsItems: Bool

        init(printItem: @escaping (Item, OutputWriter) throws -> Void, printsItems: Bool) {
            self.printItem = printItem
            self.printsItems = printsItems
        }

        /// Counts `items` and prints them (unless `--count`), flushed so they appear before the next chunk.
        package func emit(_ items: [Item]) throws {
            itemCount += items.count
            if printsItems {
                for item in items { try printItem(item, writer) }
            }
            writer.flush()
        }
    }

    /// A tally for this run's options.
    package func tally<Item>(printing printItem: @escaping (Item, OutputWriter) throws -> Void) -> Tally<Item> {
        Tally(printItem: printItem, printsItems: !countRequested)
    }

    /// Decodes the file or standard input and returns the exit status: 0, or 1 after printing the error.
    package func run<Parser>(_ decoding: Decoding<Parser>) -> Int32 {
        let tally = tally(printing: decoding.printItem)
        let parser = decoding.makeParser()
        do {
            let reader = try InputReader(path: input.input, chunkSize: input.chunkSize)
            try reader.forEachChunk { chunk in
                tally.byteCount += chunk.count
                try tally.emit(try parser.parse(chunk))
            }
            try parser.finish { item in try tally.emit([item]) }
        } catch {
            return failed(error, tally, warnings: decoding.warnings(parser))
        }
        return finished(tally, metadata: decoding.metadata?(parser), warnings: decoding.warnings(parser))
    }

    /// Ends a run that failed: what was printed stays, the warnings and the error follow on standard error.
    package func failed<Item>(_ error: any Error, _ tally: Tally<Item>, warnings: [StreamError]) -> Int32 {
        tally.writer.flush()
        report(warnings)
        OutputWriter.standardError("feedstream: error: \(Self.message(for: error))")
        return 1
    }

    /// Ends a run that succeeded: the warnings, then the counts (`--count`) or the metadata line (`--metadata`).
    package func finished<Item>(_ tally: Tally<Item>, metadata: (any Encodable)?, warnings: [StreamError]) -> Int32 {
        report(warnings)
        let writer = tally.writer
        if countRequested {
            writer.line(raw: "{\"items\":\(tally.itemCount),\"bytes\":\(tally.byteCount)}")
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

    /// The error line's text: a positioned `StreamError` as the contract prints it, a service's own error
    /// document (sent without a position, e.g. with a 200) as its message.
    package static func message(for error: any Error) -> String {
        if let error = error as? InputReader.OpenError { return error.message }
        if let error = error as? StreamError, error.line == 0, error.kind == .serviceError { return error.message }
        return String(describing: error)
    }

    private func report(_ warnings: [StreamError]) {
        for warning in warnings { OutputWriter.standardError("feedstream: warning: \(warning)") }
    }
}
