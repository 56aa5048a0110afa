import AtomStream

extension FeedStreamTool {
    static var atomCommands: [(name: String, command: Subcommand)] {
        [
            (
                "atom",
                Subcommand(
                    usage: "[--chunk-size N] [--metadata] [--count] [--recover] [FILE|-]",
                    accepts: [.metadata, .count, .recover]
                ) { options in
                    let parser = AtomParser(options: .init(recover: options.recover))
                    let status = StreamRunner(options: options).run(parser) { output in
                        try output.line(["feed": parser.feed])
                    }
                    for warning in parser.warnings {
                        OutputWriter.standardError("feedstream: warning: \(warning)")
                    }
                    return status
                }
            )
        ]
    }
}
