import JSONStream

extension FeedStreamTool {
    static var jsonCommands: [(name: String, command: Subcommand)] {
        [
            (
                "twitter",
                Subcommand(usage: "[--chunk-size N] [--metadata] [--count] [FILE|-]", accepts: [.metadata, .count]) {
                    options in
                    let parser = TwitterSearchParser()
                    return StreamRunner(options: options).run(parser) { output in
                        try output.line(["page": parser.page])
                    }
                }
            ),
            (
                "twitter-stream",
                Subcommand(usage: "[--chunk-size N] [--count] [FILE|-]", accepts: [.count]) { options in
                    StreamRunner(options: options).run(TwitterStreamParser())
                }
            ),
            (
                "jive-inbox",
                Subcommand(usage: "[--chunk-size N] [--metadata] [--count] [FILE|-]", accepts: [.metadata, .count]) {
                    options in
                    let parser = JiveInboxParser()
                    return StreamRunner(options: options).run(parser) { output in
                        try output.line(["page": parser.page])
                    }
                }
            ),
            (
                "items",
                Subcommand(usage: "--path P [--chunk-size N] [--count] [FILE|-]", accepts: [.path, .count]) { options in
                    // Values print in document order, as read; Jive responses may keep their prefix.
                    let parser = JSONItemParser<JSONValue>(path: options.path ?? "$", options: .jive)
                    return StreamRunner(options: options).run(
                        parser,
                        print: { value, output in
                            output.line(raw: value.jsonText)
                        })
                }
            ),
            (
                "json",
                Subcommand(usage: "[--chunk-size N] [FILE|-]", accepts: []) { options in
                    StreamRunner(options: options).run(
                        JSONItemParser<JSONValue>(path: "$"),
                        print: { value, output in
                            output.line(raw: value.jsonText)
                        })
                }
            ),
        ]
    }
}
