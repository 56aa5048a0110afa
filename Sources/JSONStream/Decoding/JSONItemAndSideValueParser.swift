/// Streams the values one path selects, like ``JSONItemParser``, and in the same pass of the JSON engine reads the
/// values a second path selects beside them (a result-set total next to the records, say).
///
/// Items completed before a fault are returned first; the fault — in the items or in the side values — is thrown
/// by the next call.
package final class JSONItemAndSideValueParser<T: Decodable & Sendable, Side: Decodable & Sendable> {
    private let items: JSONItemSelector<T>?
    private let sideValues: JSONItemSelector<Side>?
    private let fanOut: JSONEventFanOut?
    private let engine: JSONEngine?
    private var lifecycle = StreamLifecycle()
    /// The last side value read so far.
    package private(set) var lastSideValue: Side?

    /// Selects items at `path` and side values at `sidePath`; an invalid path makes the first call throw.
    package init(path: String, sidePath: String, limits: StreamLimits, options: JSONReadingOptions = .strict) {
        do {
            let items = JSONItemSelector<T>(path: try JSONPath(path), limits: limits)
            let sideValues = JSONItemSelector<Side>(path: try JSONPath(sidePath), limits: limits)
            let fanOut = JSONEventFanOut(items, sideValues)
            let engine = JSONEngine(handler: fanOut, limits: limits, options: options)
            items.engine = engine
            sideValues.engine = engine
            self.items = items
            self.sideValues = sideValues
            self.fanOut = fanOut
            self.engine = engine
        } catch {
            items = nil
            sideValues = nil
            fanOut = nil
            engine = nil
            _ = try? lifecycle.deliver([T](), failure: error)
        }
    }

    /// How much work the input cost yajl, for tests that count passes over the input.
    package var intakeStatistics: IntakeStatistics { engine?.intake.statistics ?? (0, 0, 0) }

    package func parse(_ chunk: UnsafeRawBufferPointer) throws -> [T] {
        try lifecycle.parse({ () throws(StreamError) in try engine?.parse(chunk) }, completed: takeCompleted)
    }

    package func finish() throws -> [T] {
        try lifecycle.finish({ () throws(StreamError) in try engine?.finish() }, completed: takeCompleted)
    }

    private func takeCompleted() -> [T] {
        if let value = sideValues?.takeCompleted().last { lastSideValue = value }
        return items?.takeCompleted() ?? []
    }
}
