/// Streams the values a path selects, each decoded into `T` as soon as it closes.
///
/// ```swift
/// struct Employee: Decodable, Sendable { var firstName: String; var email: String? }
/// let parser = JSONItemParser<Employee>(path: "employees[*]")
/// for chunk in chunks { for employee in try parser.parse(chunk) { … } }
/// _ = try parser.finish()
/// ```
///
/// Only the selected value being read is held in memory, as a compact token tape decoded by a custom `Decoder`;
/// members outside the path are skipped without allocating. A value that does not fit `T` stops the parser with
/// a ``StreamError`` of kind `typeMismatch` whose path names the member (`employees[3].email`); the values before
/// it were returned. `JSONItemParser<JSONValue>` reads values of any shape.
public final class JSONItemParser<T: Decodable & Sendable>: StreamingParser {
    public typealias Item = T

    private let selector: JSONItemSelector<T>?
    private let engine: JSONEngine?
    private var lifecycle = StreamLifecycle()

    /// Selects the values at `path` (syntax in ``JSONPath``); an invalid path makes the first call throw.
    public convenience init(path: String) {
        self.init(path: path, limits: .default)
    }

    /// Selects the values at `path`, within `limits`, accepting the input conventions in `options`.
    public init(path: String, limits: StreamLimits = .default, options: JSONReadingOptions = .strict) {
        do {
            let parsed = try JSONPath(path)
            let selector = JSONItemSelector<T>(path: parsed, limits: limits)
            let engine = JSONEngine(handler: selector, limits: limits, options: options)
            selector.engine = engine
            self.selector = selector
            self.engine = engine
        } catch {
            selector = nil
            engine = nil
            _ = try? lifecycle.deliver([T](), failure: error)
        }
    }

    /// How many values the path has selected so far.
    public var itemCount: Int { selector?.itemCount ?? 0 }

    /// How much work the input cost yajl, for tests that prove linear time without a clock.
    public var intakeStatistics: (bytesFed: Int, feedCount: Int, scanBound: Int) {
        guard let intake = engine?.intake else { return (0, 0, 0) }
        return (intake.bytesFed, intake.feedCount, intake.scanBound)
    }

    public func parse(_ chunk: UnsafeRawBufferPointer) throws -> [T] {
        try lifecycle.parse({ () throws(StreamError) in try engine?.parse(chunk) }, completed: takeCompleted)
    }

    public func finish() throws -> [T] {
        try lifecycle.finish({ () throws(StreamError) in try engine?.finish() }, completed: takeCompleted)
    }

    private func takeCompleted() -> [T] {
        selector?.takeCompleted() ?? []
    }
}
