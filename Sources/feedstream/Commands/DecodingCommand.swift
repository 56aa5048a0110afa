import ArgumentParser

/// A subcommand that decodes an input with one of the parsers: the options every one of them shares and the
/// run that ends in the contract's exit status.
protocol DecodingCommand: AsyncParsableCommand {
    var input: InputOptions { get }
    var remote: RemoteOptions { get }
    /// Whether `--count` was given (subcommands without that flag keep the default `false`).
    var countRequested: Bool { get }
    /// Whether `--metadata` was given (subcommands without that flag keep the default `false`).
    var metadataRequested: Bool { get }
}

extension DecodingCommand {
    var countRequested: Bool { false }
    var metadataRequested: Bool { false }

    /// Checks what applies only to a URL; subcommands with options of their own check those, then call
    /// ``validateRemote()``.
    func validate() throws { try validateRemote() }

    /// Checks what applies only to a URL.
    func validateRemote() throws {
        try remote.validate(for: input)
    }

    /// Runs `decoding` over the input and exits with the contract's status when it is not 0.
    func run<Parser, Strategy>(_ decoding: Decoding<Parser, Strategy>) async throws {
        let runner = StreamRunner(
            input: input, remote: remote, countRequested: countRequested, metadataRequested: metadataRequested)
        let status = await runner.run(decoding)
        if status != 0 { throw ExitCode(status) }
    }
}

/// A decoding subcommand with `--count`.
protocol CountingCommand: DecodingCommand {
    var output: OutputOptions { get }
}

extension CountingCommand {
    var countRequested: Bool { output.count }
}

/// A decoding subcommand with `--count` and `--metadata` (the trailing `{"feed": …}` or `{"page": …}` line).
protocol MetadataCommand: CountingCommand {
    var metadataOption: MetadataOption { get }
}

extension MetadataCommand {
    var metadataRequested: Bool { metadataOption.metadata }
}
