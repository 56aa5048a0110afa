@_spi(StreamPlumbing) import StreamCore

/// Follows the events of a document, records each value a ``JSONPath`` selects on a ``TokenTape`` and decodes it
/// as soon as it closes. Everything else is skipped by counting depth: no allocation, no copy.
final class JSONItemSelector<T: Decodable & Sendable>: JSONEventHandler, JSONItemHandler {
    private let components: [JSONPath.Component]
    /// Member names of the path as bytes, compared against names as they arrive.
    private let memberNames: [[UInt8]?]
    private let limits: StreamLimits
    // Kept by measurement: removing the unchecked exclusivity and unowned(unsafe) of the JSON decoders costs --child
    // employees +20.8 %, twitter +21.8 %, jive-inbox +19.2 % (callgrind net of start-up; BENCHMARKS.md, "What unchecked
    // exclusivity buys").
    @exclusivity(unchecked) unowned(unsafe) var engine: JSONEngine! {
        didSet { unretainedEngine = engine.map { Unmanaged.passUnretained($0) } }
    }
    @exclusivity(unchecked) private var unretainedEngine: Unmanaged<JSONEngine>?
    private let maximumItemBytes: Int

    // The per-event state is exempt from dynamic exclusivity checks: it is only touched from the engine's
    // callbacks during one parse call, one event at a time, never re-entrantly; the checks cost more than the
    // rest of a member-name event.
    @exclusivity(unchecked) private var frames: [JSONSelectorFrame] = []
    @exclusivity(unchecked) private var skipDepth = 0
    private let tape: TokenTape
    /// Kept from item to item with the capacity of its lists, like the tape.
    private let decoder: TapeDecoder
    @exclusivity(unchecked) private var recording = false
    @exclusivity(unchecked) private var itemStart = 0
    @exclusivity(unchecked) private(set) var completed = CompletedItems<T>()
    @exclusivity(unchecked) private(set) var itemCount = 0

    init(path: JSONPath, limits: StreamLimits) {
        components = path.components
        memberNames = path.components.map { component in
            if case .member(let name) = component { return Array(name.utf8) }
            return nil
        }
        self.limits = limits
        maximumItemBytes = limits.maximumItemBytes
        tape = TokenTape()
        decoder = TapeDecoder(tape: tape, index: 0, codingPath: [])
    }

    func takeCompleted() -> [T] {
        completed.take()
    }

    // MARK: - Events

    /// Decides what a value starting here is: skipped, on the way, or selected.
    private enum Role {
        case skipped
        case onTheWay(level: Int)
        case selected
    }

    private func roleOfValue(isArray: Bool?) -> Role {
        let level: Int
        if let last = frames.indices.last {
            let frame = frames[last]
            if frame.isArray {
                let index = frame.elementCount
                frames[last].elementCount += 1
                switch components[frame.level] {
                case .anyElement: break
                case .element(let wanted) where wanted == index: break
                default: return .skipped
                }
            } else if !frame.memberMatches {
                return .skipped
            }
            level = frame.level + 1
        } else {
            level = 0
        }
        if level == components.count { return .selected }
        guard let isArray else { return .skipped }
        switch components[level] {
        case .member: return isArray ? .skipped : .onTheWay(level: level)
        case .anyElement, .element: return isArray ? .onTheWay(level: level) : .skipped
        }
    }

    private func start(array: Bool) throws(StreamError) {
        if recording {
            tape.start(array: array)
            try checkItemSize()
            return
        }
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        switch roleOfValue(isArray: array) {
        case .skipped:
            skipDepth = 1
        case .onTheWay(let level):
            frames.append(JSONSelectorFrame(level: level, isArray: array))
        case .selected:
            recording = true
            itemStart = engine.currentByteOffset() - 1
            tape.start(array: array)
        }
    }

    private func end(array: Bool) throws(StreamError) {
        if recording {
            tape.end(array: array)
            if !tape.isOpen { try complete() }
            return
        }
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        frames.removeLast()
    }

    override func startObject() throws(StreamError) { try start(array: false) }
    override func startArray() throws(StreamError) { try start(array: true) }
    override func endObject() throws(StreamError) { try end(array: false) }
    override func endArray() throws(StreamError) { try end(array: true) }

    override func key(_ name: UnsafeRawBufferPointer) throws(StreamError) {
        if recording {
            tape.key(name)
            return
        }
        guard skipDepth == 0, let last = frames.indices.last else { return }
        guard let wanted = memberNames[frames[last].level] else { return }
        frames[last].memberMatches = wanted.withUnsafeBytes { $0.elementsEqual(name) }
    }

    override func scalar(_ value: JSONScalar) throws(StreamError) {
        if recording {
            tape.scalar(value)
            try checkItemSize()
            return
        }
        guard skipDepth == 0, case .selected = roleOfValue(isArray: nil) else { return }
        tape.scalar(value)
        try complete()
    }

    private func checkItemSize() throws(StreamError) {
        // Borrowed, not retained: this runs for every token of a selected value, and the engine outlives the call.
        let exceeded = unretainedEngine?._withUnsafeGuaranteedRef {
            $0.bytes(since: itemStart, exceed: maximumItemBytes)
        }
        if exceeded == true {
            throw StreamError(
                kind: .limitExceeded, message: "an item is larger than \(limits.maximumItemBytes) bytes")
        }
    }

    /// Decodes the recorded value; a failure names the item's path plus the member that did not fit.
    private func complete() throws(StreamError) {
        recording = false
        defer { tape.reset() }
        itemCount += 1
        do {
            if T.self == JSONValue.self {
                completed.append(try tape.jsonValue(at: 0) as! T)
            } else {
                completed.append(try decoder.decodeItem(T.self))
            }
        } catch let error as TokenTape.NumberOutOfRange {
            throw StreamError(
                kind: .limitExceeded, message: "the number \(error.text) has no exact representation",
                path: engine.currentPath())
        } catch let error as DecodingError {
            throw Self.streamError(error, itemPath: engine.currentPath())
        } catch {
            throw StreamError(kind: .typeMismatch, message: "\(error)", path: engine.currentPath())
        }
    }

    static func streamError(_ error: DecodingError, itemPath: String) -> StreamError {
        var error = StreamError(
            decoding: error, itemPath: itemPath.hasPrefix("$") ? String(itemPath.dropFirst()) : itemPath
        ) { path, key in
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += JSONPathTracker.component(key.stringValue, first: path.isEmpty)
            }
        }
        if let path = error.path, path.isEmpty || path.hasPrefix("[") { error.path = "$" + path }
        return error
    }
}

/// A container on the way to the selected values. Outside the generic selector, so that reaching it costs no
/// generic metadata lookup.
struct JSONSelectorFrame {
    /// How many path components this container matched (the root matched none).
    var level: Int
    var isArray: Bool
    var elementCount = 0
    /// For objects: whether the member just named is the one the next component wants.
    var memberMatches = false
}
