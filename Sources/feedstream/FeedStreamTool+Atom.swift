import AtomStream

extension FeedStreamTool {
    static var atomCommands: [(name: String, command: Subcommand)] { [
        (
            "atom",
            Subcommand(usage: "[--chunk-size N] [--metadata] [--count] [FILE|-]", accepts: [.metadata, .count]) {
                options in
                let parser = AtomParser()
                return StreamRunner(options: options).run(parser) { output in
                    try output.line(["feed": parser.feed])
                }
            }
        )
    ] }
}
