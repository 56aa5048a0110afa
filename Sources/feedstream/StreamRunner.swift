import StreamCore

/// Runs one subcommand: reads the input in chunks, feeds the parser, prints items as they complete, and turns
/// the outcome into the exit status of the command-line contract.
struct StreamRunner {
    let options: CommandLineOptions

    /// Decodes the input with `parser`, printing each item with `print`; `metadata` gives the trailing
    /// `--metadata` line.
    func run<Parser: StreamingParser>(
        _ parser: Parser,
        print: (Parser.Item, OutputWriter) throws -> Void,
        metadata: ((OutputWriter) throws -> Void)? = nil
    ) -> Int32 {
        let output = OutputWriter()
        var itemCount = 0
        var byteCount = 0
        func emit(_ items: [Parser.Item]) throws {
            itemCount += items.count
            if !options.count {
                for item in items { try print(item, output) }
            }
            output.flush()
        }
        do {
            let reader = try InputReader(path: options.file, chunkSize: options.chunkSize)
            try reader.forEachChunk { chunk in
                byteCount += chunk.count
                try emit(try parser.parse(chunk))
            }
            try parser.finish { item in try emit([item]) }
            output.flush()
        } catch let error as StreamError {
            output.flush()
            OutputWriter.standardError("feedstream: error: \(error)")
            return 1
        } catch let error as InputReader.OpenError {
            OutputWriter.standardError("feedstream: error: \(error.message)")
            return 1
        } catch {
            output.flush()
            OutputWriter.standardError("feedstream: error: \(error)")
            return 1
        }
        if options.count {
            output.line(raw: "{\"items\":\(itemCount),\"bytes\":\(byteCount)}")
        } else if options.metadata, let metadata {
            do {
                try metadata(output)
            } catch {
                OutputWriter.standardError("feedstream: error: \(error)")
                return 1
            }
        }
        output.flush()
        return 0
    }

    /// The common case: items printed with their `Codable` encoding.
    func run<Parser: StreamingParser>(
        _ parser: Parser, metadata: ((OutputWriter) throws -> Void)? = nil
    ) -> Int32 where Parser.Item: Encodable {
        run(parser, print: { item, output in try output.line(item) }, metadata: metadata)
    }
}
