import ArgumentParser
import Foundation

/// Where the input comes from and how it is chunked: every decoding subcommand takes these.
struct InputOptions: ParsableArguments {
    @Option(help: "Bytes handed to the parser per call, to reproduce network chunking exactly.")
    var chunkSize = 65_536

    @Argument(help: "A file, `-` for standard input (the default), or an http:// or https:// URL.")
    var input: String?

    func validate() throws {
        guard chunkSize > 0 else { throw ValidationError("--chunk-size takes a positive whole number of bytes") }
    }

    /// The input as a URL when it is one the tool fetches.
    var remoteURL: URL? {
        guard let input, input.hasPrefix("http://") || input.hasPrefix("https://") else { return nil }
        return URL(string: input)
    }
}

/// What a decoding subcommand prints besides the items.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Decode everything but print only {\"items\": N, \"bytes\": B}.")
    var count = false
}

/// The trailing `{"feed": …}` or `{"page": …}` line.
struct MetadataOption: ParsableArguments {
    @Flag(help: "After the items, print the feed's or page's metadata as one more line.")
    var metadata = false
}

/// `--recover`, for the XML subcommands.
struct RecoverOption: ParsableArguments {
    @Flag(help: "Repair ill-formed XML with libxml2's recover mode; each repair is listed on standard error.")
    var recover = false
}
