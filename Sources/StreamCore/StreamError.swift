/// A positioned error from a streaming parser.
///
/// Every error names where in the stream it happened: the 1-based `line` and `column`, the 0-based `byteOffset`
/// counted over the whole stream (not just the last chunk), and the `path` of the element or value being read
/// (`/feed/entry[3]/title`, `results[3].user.id`) when one is known.
public struct StreamError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in categories a caller can act on.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The bytes are not a well-formed document of the expected syntax (XML, JSON, framing).
        case malformedInput
        /// The document is well formed but ended too early (truncated response).
        case truncatedInput
        /// A configured limit (nesting depth, text size, item size) was exceeded.
        case limitExceeded
        /// A value had the wrong type or shape for the model being decoded.
        case typeMismatch
        /// A construct refused for safety: DTD entity declarations, external entities.
        case disallowedConstruct
        /// The document is well formed but is not the kind this parser reads (e.g. an RSS feed to `AtomParser`).
        case unexpectedDocument
        /// The service answered with an error document (an IBM Connections `snx:error`, a JSON fault).
        case serviceError
        /// The parser was used after it finished.
        case misuse
    }

    /// The category of the error.
    public var kind: Kind
    /// A human-readable description of the problem, without position information.
    public var message: String
    /// The 1-based line of the fault.
    public var line: Int
    /// The 1-based column of the fault within its line (characters for XML, as libxml2 counts them; bytes for JSON).
    public var column: Int
    /// The 0-based offset of the fault from the first byte of the stream.
    public var byteOffset: Int
    /// Where in the document structure the fault occurred, when known.
    public var path: String?
    /// For `.serviceError`: the code the service's error document gave (`"403"`, `"AccessDenied"`, `"EMP-0042"`),
    /// exactly as the service wrote it; `nil` when it gave none.
    public var serviceCode: String?
    /// For `.serviceError`: the service's own message (`"CLFRN1174E: You are not …"`), without the sentence
    /// ``message`` wraps it in; `nil` when the document had none.
    public var serviceMessage: String?

    /// Creates an error; parsers fill in the position.
    public init(
        kind: Kind, message: String, line: Int = 0, column: Int = 0, byteOffset: Int = 0, path: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
        self.path = path
    }

    /// Creates a `.serviceError` for a service's error document: ``message`` is `"INTRO CODE: MESSAGE"`
    /// (`"Jive error 409: Document is being edited by Jane Editor"`), and the code and message are kept as
    /// ``serviceCode`` and ``serviceMessage``. An empty or blank code or message counts as none.
    public init(
        service intro: String, code: String?, message: String?, at position: StreamPosition? = nil,
        path: String? = nil
    ) {
        let code = code.flatMap(Self.nonBlank)
        let message = message.flatMap(Self.nonBlank)
        self.init(
            kind: .serviceError, message: "\(intro)\(code.map { " " + $0 } ?? ""): \(message ?? "no message")",
            at: position ?? StreamPosition(line: 0, column: 0, byteOffset: 0), path: path)
        serviceCode = code
        serviceMessage = message
    }

    private static func nonBlank(_ text: String) -> String? {
        text.allSatisfy(\.isWhitespace) ? nil : text
    }

    /// Creates an error at a position.
    public init(kind: Kind, message: String, at position: StreamPosition, path: String? = nil) {
        self.init(
            kind: kind, message: message, line: position.line, column: position.column,
            byteOffset: position.byteOffset, path: path)
    }

    /// The position of the fault.
    public var position: StreamPosition {
        StreamPosition(line: line, column: column, byteOffset: byteOffset)
    }

    /// `line L, column C, byte B: MESSAGE at PATH` — the form the `feedstream` tool prints.
    public var description: String {
        var text = "line \(line), column \(column), byte \(byteOffset): \(message)"
        if let path, !path.isEmpty {
            text += " at \(path)"
        }
        return text
    }
}

