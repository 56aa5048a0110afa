import ArgumentParser
import StreamCore

/// A subcommand that decodes an input with one of the parsers: the options every one of them shares and the
/// run that ends in the contract's exit status.
package protocol DecodingCommand: ToolCommand {
    associatedtype Parser: StreamingParser where Parser.Item: Codable
    var input: InputOptions { get }
    var remote: RemoteOptions { get }
    /// Whether `--count` was given (subcommands without that flag keep the default `false`).
    var countRequested: Bool { get }
    /// Whether `--metadata` was given (subcommands without that flag keep the default `false`).
    var metadataRequested: Bool { get }
    /// How a file or standard input is decoded and printed.
    func decoding() throws -> Decoding<Parser>
}

extension DecodingCommand {
    package var countRequested: Bool { false }
    package var metadataRequested: Bool { false }

    package var needsNetwork: Bool { input.remoteURL != nil }

    /// Checks what applies only to a URL; subcommands with options of their own check those, then call
    /// ``validateRemote()``.
    package func validate() throws { try validateRemote() }

    /// Checks what applies only to a URL.
    package func validateRemote() throws {
        try remote.validate(for: input)
    }

    /// The runner of this invocation's options.
    package var runner: StreamRunner {
        StreamRunner(input: input, countRequested: countRequested, metadataRequested: metadataRequested)
    }

    /// Decodes the file or standard input and exits with the contract's status when it is not 0.
    package func runLocally() throws {
        try decode(try decoding())
    }

    /// Decodes the file or standard input with `decoding`; throws `ExitCode` for a status other than 0.
    package func decode(_ decoding: Decoding<Parser>) throws {
        let status = runner.run(decoding)
        if status != 0 { throw ExitCode(status) }
    }
}

/// A decoding subcommand with `--count`.
package protocol CountingCommand: DecodingCommand {
    var output: OutputOptions { get }
}

extension CountingCommand {
    package var countRequested: Bool { output.count }
}

/// A decoding subcommand with `--count` and `--metadata` (the trailing `{"feed": …}` or `{"page": …}` line).
package protocol MetadataCommand: CountingCommand {
    var metadataOption: MetadataOption { get }
}

extension MetadataCommand {
    package var metadataRequested: Bool { metadataOption.metadata }
}
