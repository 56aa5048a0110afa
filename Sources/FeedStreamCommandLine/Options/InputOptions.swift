import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the input comes from and how it is chunked: every decoding subcommand takes these.
package struct InputOptions: ParsableArguments {
    package init() {}

    @Option(help: "Bytes handed to the parser per call, to reproduce network chunking exactly.")
    package var chunkSize = 65_536

    @Argument(help: "A file, `-` for standard input (the default), or an http:// or https:// URL.")
    package var input: String?

    package func validate() throws {
        guard chunkSize > 0 else { throw ValidationError("--chunk-size takes a positive whole number of bytes") }
    }

    /// The input as a URL when it is one the tool fetches.
    package var remoteURL: URL? {
        guard let input, input.hasPrefix("http://") || input.hasPrefix("https://") else { return nil }
        return URL(string: input)
    }
}

/// What a decoding subcommand prints besides the items.
package struct OutputOptions: ParsableArguments {
    package init() {}

    @Flag(help: "Decode everything but print only {\"items\": N, \"bytes\": B}.")
    package var count = false
}

/// The trailing `{"feed": …}` or `{"page": …}` line.
package struct MetadataOption: ParsableArguments {
    package init() {}

    @Flag(help: "After the items, print the feed's or page's metadata as one more line.")
    package var metadata = false
}

/// `--recover`, for the XML subcommands.
package struct RecoverOption: ParsableArguments {
    package init() {}

    @Flag(help: "Repair ill-formed XML with libxml2's recover mode; each repair is listed on standard error.")
    package var recover = false
}
