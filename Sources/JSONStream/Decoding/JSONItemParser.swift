/// Streams the values a path selects, each decoded into `T` as soon as it closes.
///
/// ```swift
/// struct Employee: Decodable, Sendable { var firstName: String; var email: String? }
/// let parser = try JSONItemParser<Employee>(path: "employees[*]")
/// for chunk in chunks { for employee in try parser.parse(chunk) { … } }
/// _ = try parser.finish()
/// ```
///
/// Only the selected value being read is held in memory, as a compact token tape decoded by a custom `Decoder`;
/// members outside the path are skipped without allocating. A value that does not fit `T` stops the parser with
/// a ``StreamError`` of kind `typeMismatch` whose path names the member (`employees[3].email`); the values before
/// it were returned. `JSONItemParser<JSONValue>` reads values of any shape.
public final class JSONItemParser<T: Decodable & Sendable>: PushDrivenParser {
    public typealias Item = T

    /// How the parser reads.
    public struct Options: Sendable, Hashable {
        /// Bounds on nesting, text and value sizes.
        public var limits: StreamLimits
        /// Input conventions accepted besides plain JSON (the Jive prefix).
        public var reading: JSONReadingOptions

        /// Creates options.
        public init(limits: StreamLimits = .default, reading: JSONReadingOptions = .strict) {
            self.limits = limits
            self.reading = reading
        }
    }

    private let selector: JSONItemSelector<T>
    /// Held here too: the deprecated initialiser replaces the core that holds it, and the selector's is unowned.
    private let engine: JSONEngine
    package var core: PushParserCore<T>

    /// Selects the values at `path` (syntax in ``JSONPath``).
    ///
    /// - Throws: ``StreamError`` of kind `misuse` when `path` is not a valid path.
    public convenience init(path: String, options: Options = Options()) throws {
        try self.init(path: JSONPath(path), options: options)
    }

    /// Selects the values at an already parsed `path`.
    public init(path: JSONPath, options: Options = Options()) {
        let selector = JSONItemSelector<T>(path: path, limits: options.limits)
        self.selector = selector
        core = PushParserCore(handler: selector, limits: options.limits, options: options.reading)
        engine = selector.engine
    }

    /// Selects the values at `path`, within `limits`; an invalid path makes the first call throw.
    @available(*, deprecated, message: "use init(path:options:), which throws for an invalid path")
    public convenience init(path: String, limits: StreamLimits, options: JSONReadingOptions = .strict) {
        let options = Options(limits: limits, reading: options)
        do {
            try self.init(path: JSONPath(path), options: options)
        } catch {
            // The old contract: a parser that throws the path's error from its first call.
            self.init(path: JSONPath.root, options: options)
            core = PushParserCore(engine: FailedEngine(error), completed: { [] })
        }
    }

    /// How many values the path has selected so far.
    public var itemCount: Int { selector.itemCount }

    /// How much work the input cost yajl, for tests that prove linear time without a clock.
    package var intakeStatistics: IntakeStatistics { engine.intake.statistics }
}

/// The engine of a parser made with an invalid path by the deprecated initialiser: every call throws the error.
private final class FailedEngine: PushEngine {
    let error: StreamError
    init(_ error: StreamError) { self.error = error }
    func parse(_ chunk: UnsafeRawBufferPointer) throws(StreamError) { throw error }
    func finish() throws(StreamError) { throw error }
}
