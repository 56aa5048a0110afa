/// The options every `feedstream` subcommand shares, parsed from the arguments after the subcommand name.
struct CommandLineOptions {
    /// Bytes handed to the parser per call, to reproduce network chunking exactly.
    var chunkSize = 65_536
    /// Print the feed or page metadata after the items.
    var metadata = false
    /// Decode everything but print only the item and byte counts.
    var count = false
    /// The selection path for `items`.
    var path: String?
    /// `atom`: repair ill-formed XML with libxml2's recover mode, listing the repairs on standard error.
    var recover = false
    /// The input file; `nil` or `-` reads standard input.
    var file: String?

    /// A usage error: printed with the usage text, exit status 2.
    struct UsageError: Error {
        var message: String
    }

    /// Which options a subcommand accepts beyond `--chunk-size` and FILE.
    struct Accepted: OptionSet {
        let rawValue: Int
        static let metadata = Accepted(rawValue: 1)
        static let count = Accepted(rawValue: 2)
        static let path = Accepted(rawValue: 4)
        static let recover = Accepted(rawValue: 8)
    }

    init(arguments: ArraySlice<String>, accepting accepted: Accepted) throws(UsageError) {
        var rest = arguments
        while let argument = rest.popFirst() {
            switch argument {
            case "--chunk-size":
                guard let value = rest.popFirst(), let size = Int(value), size > 0 else {
                    throw UsageError(message: "--chunk-size takes a positive whole number of bytes")
                }
                chunkSize = size
            case "--metadata" where accepted.contains(.metadata):
                metadata = true
            case "--count" where accepted.contains(.count):
                count = true
            case "--recover" where accepted.contains(.recover):
                recover = true
            case "--path" where accepted.contains(.path):
                guard let value = rest.popFirst() else { throw UsageError(message: "--path takes a path") }
                path = value
            case "-":
                try setFile(argument)
            case _ where argument.hasPrefix("--chunk-size="):
                rest.insert(String(argument.dropFirst("--chunk-size=".count)), at: rest.startIndex)
                rest.insert("--chunk-size", at: rest.startIndex)
            case _ where argument.hasPrefix("--path=") && accepted.contains(.path):
                path = String(argument.dropFirst("--path=".count))
            case _ where argument.hasPrefix("-"):
                throw UsageError(message: "unknown option '\(argument)'")
            default:
                try setFile(argument)
            }
        }
        if accepted.contains(.path), path == nil {
            throw UsageError(message: "--path is required")
        }
    }

    private mutating func setFile(_ name: String) throws(UsageError) {
        guard file == nil else { throw UsageError(message: "only one input file may be given") }
        file = name
    }
}
