private import CYajl
import StreamCore

/// The yajl 2 push parser behind every JSON parser: owns the `yajl_handle`, turns yajl's callbacks into
/// ``JSONEventHandler`` events, and adds what yajl lacks.
///
/// yajl only reports offsets into the chunk it was last given, may hold a split token and re-scan it from its
/// start, and lets a few faults through (see ``InputScreen``, ``UTF8Validation``). The engine keeps the absolute
/// position (``LineCounter``), the JSON path, the depth and length limits, and feeds yajl through a
/// ``ChunkIntake`` so that total work stays linear whatever the chunk size.
///
/// Callbacks cannot throw across C: they record the Swift error and return 0, which stops yajl with
/// `yajl_status_client_canceled`; the recorded error is thrown after `yajl_parse` returns.
package final class JSONEngine: PushEngine {
    /// What the engine does with the next bytes.
    enum Phase {
        /// At the start: a UTF-8 byte order mark is skipped.
        case byteOrderMark
        /// After it, when enabled: the Jive prefix is skipped (leading whitespace allowed).
        case jivePrefix
        /// Handing bytes to yajl.
        case parsing
        /// Stopped by an error or the end of input.
        case stopped
    }


    let limits: StreamLimits
    let options: JSONReadingOptions
    /// Unretained: the parser that owns the engine owns the handler too.
    private let handler: Unmanaged<JSONEventHandler>
    /// Set by the preamble reader (`JSONEngine+Preamble.swift`) until the JSON starts.
    var phase: Phase = .byteOrderMark
    var pendingPreamble: [UInt8] = []

    // The state below is exempt from dynamic exclusivity checks: it is only touched from `parse` / `finish` and
    // the yajl callbacks they cause, one event at a time, never re-entrantly; the checks cost more than the rest
    // of a member-name event.
    // Kept by measurement: removing the unchecked exclusivity and unowned(unsafe) of the yajl engine costs --child
    // twitter +31.9 %, jive-inbox +28.5 %, employees +25.2 % (callgrind net of start-up; BENCHMARKS.md, "What unchecked
    // exclusivity buys").
    @exclusivity(unchecked) private var handle: yajl_handle?
    /// The intake's counters prove linear work in tests.
    @exclusivity(unchecked) private(set) var intake = ChunkIntake()
    @exclusivity(unchecked) private var lines = LineCounter()
    @exclusivity(unchecked) private var screen = InputScreen()
    @exclusivity(unchecked) private var path = JSONPathTracker()
    private var recordedError: StreamError?
    @exclusivity(unchecked) private var madeProgress = false
    @exclusivity(unchecked) private var bytesSinceProgress = 0
    /// The bytes yajl is parsing right now; callbacks place themselves in it.
    @exclusivity(unchecked) private var current = UnsafeRawBufferPointer(start: nil, count: 0)
    /// Whether any value has started, so an empty multi-value stream can end cleanly.
    @exclusivity(unchecked) private(set) var sawValue = false

    /// Creates an engine; `multipleValues` accepts whitespace-separated top-level values (streams).
    package init(
        handler: JSONEventHandler, limits: StreamLimits, options: JSONReadingOptions,
        multipleValues: Bool = false
    ) {
        self.handler = Unmanaged.passUnretained(handler)
        self.limits = limits
        self.options = options
        let context = Unmanaged.passUnretained(self).toOpaque()
        handle = yajl_alloc(engineCallbacks, nil, context)
        if multipleValues, let handle { _ = feedstream_yajl_allow_multiple_values(handle) }
    }

    deinit {
        if let handle { yajl_free(handle) }
    }

    /// The nesting depth of the value being read; 0 between top-level values.
    var depth: Int { path.depth }

    /// The JSON path of the value being read.
    package func currentPath() -> String { path.render() }

    /// The absolute position just past the token yajl reported last (valid inside a callback).
    package func currentPosition(adjustedBy delta: Int = 0) -> StreamPosition {
        guard let handle else { return lines.endPosition }
        let consumed = Int(yajl_get_bytes_consumed(handle))
        return lines.position(at: consumed + delta, in: current)
    }

    /// The absolute offset just past the token yajl reported last (valid inside a callback).
    package func currentByteOffset() -> Int {
        guard let handle else { return lines.chunkStart }
        return lines.chunkStart + Int(yajl_get_bytes_consumed(handle))
    }

    /// Whether the value that started at offset `start` has grown past `limit` bytes by the token yajl reported
    /// last. Far from the limit it answers without asking yajl: no callback of a parse call lies past the piece
    /// being parsed (`finish` has yajl parse one byte of its own).
    @inline(__always)
    package func bytes(since start: Int, exceed limit: Int) -> Bool {
        lines.chunkStart + current.count + 1 - start > limit && currentByteOffset() - start > limit
    }

    // MARK: - Input

    /// Takes the next chunk of the document.
    package func parse(_ chunk: UnsafeRawBufferPointer) throws(StreamError) {
        var rest = chunk
        switch phase {
        case .byteOrderMark, .jivePrefix: rest = try consumePreamble(chunk)
        case .parsing, .stopped: break
        }
        guard !rest.isEmpty else { return }
        try feed(rest)
    }

    /// Hands bytes to yajl through the intake.
    func feed(_ bytes: UnsafeRawBufferPointer) throws(StreamError) {
        if case .stopped = phase { return }
        try intake.take(bytes) { (piece) throws(StreamError) -> Bool in
            try self.parseNow(piece)
            return self.madeProgress
        }
    }

    /// Accounts for bytes that belong to the stream but not to the JSON (framing, prefixes).
    func skip(_ bytes: UnsafeRawBufferPointer) throws(StreamError) {
        try flushIntake()
        lines.advance(over: bytes)
    }

    /// Feeds whatever the intake holds, so that yajl has seen every byte given so far.
    func flush() throws(StreamError) {
        try flushIntake()
    }

    /// An error placed just past everything yajl has seen, for faults found outside yajl (framing).
    package func errorAtEnd(_ kind: StreamError.Kind, _ message: String) -> StreamError {
        StreamError(kind: kind, message: message, at: lines.endPosition, path: path.render())
    }

    /// Ends the input: feeds what is held and lets yajl check that the document is complete.
    package func finish(allowEmpty: Bool) throws(StreamError) {
        switch phase {
        case .byteOrderMark, .jivePrefix: try releasePreamble()
        case .parsing, .stopped: break
        }
        try flushIntake()
        guard let handle, case .parsing = phase else { return }
        phase = .stopped
        current = UnsafeRawBufferPointer(start: nil, count: 0)
        if allowEmpty && !sawValue { return }
        let status = yajl_complete_parse(handle)
        guard status == yajl_status_ok else { throw failure(for: status, at: nil) }
    }

    /// Ends the input of a document that must hold a value.
    package func finish() throws(StreamError) {
        try finish(allowEmpty: false)
    }

    private func flushIntake() throws(StreamError) {
        try intake.flush { (piece) throws(StreamError) -> Bool in
            try self.parseNow(piece)
            return self.madeProgress
        }
    }

    /// One call to `yajl_parse`, after the screen.
    private func parseNow(_ piece: UnsafeRawBufferPointer) throws(StreamError) {
        madeProgress = false
        guard let handle, let base = piece.baseAddress else { return }
        if case .stopped = phase { return }
        let fault = screen.scan(piece)
        let usable = fault?.index ?? piece.count
        current = piece
        defer { current = UnsafeRawBufferPointer(start: nil, count: 0) }
        if usable > 0 {
            let status = yajl_parse(handle, base.assumingMemoryBound(to: UInt8.self), usable)
            // Member names that still point into the piece are copied before it goes away.
            path.settle()
            if status != yajl_status_ok {
                phase = .stopped
                throw failure(for: status, at: piece)
            }
        }
        if let fault {
            phase = .stopped
            throw StreamError(
                kind: .malformedInput, message: fault.message, at: lines.position(at: fault.index, in: piece),
                path: path.render())
        }
        lines.advance(over: piece)
        bytesSinceProgress = madeProgress ? 0 : bytesSinceProgress + piece.count
        // yajl buffers a token until it ends; refuse to buffer far past the text limit.
        if bytesSinceProgress > 2 * limits.maximumTextBytes + 1024 {
            phase = .stopped
            throw StreamError(
                kind: .limitExceeded,
                message: "a string, number or run of whitespace is longer than \(limits.maximumTextBytes) bytes",
                at: lines.endPosition, path: path.render())
        }
    }

    private func failure(for status: yajl_status, at piece: UnsafeRawBufferPointer?) -> StreamError {
        if let recordedError { return recordedError }
        var message = "malformed JSON"
        if let handle, let text = yajl_get_error(handle, 0, nil, 0) {
            message = String(cString: text)
            yajl_free_error(handle, text)
        }
        message = message.trimmingSuffix(while: { $0 == "\n" || $0 == " " || $0 == "." })
        for noise in ["parse error: ", "lexical error: "] where message.hasPrefix(noise) {
            message.removeFirst(noise.count)
        }
        let truncated = message.contains("premature EOF")
        let position: StreamPosition
        if let piece, let handle {
            // yajl stops just past the byte that showed the fault; point at that byte.
            position = lines.position(at: max(0, Int(yajl_get_bytes_consumed(handle)) - 1), in: piece)
        } else {
            position = lines.endPosition
        }
        return StreamError(
            kind: truncated ? .truncatedInput : .malformedInput,
            message: truncated ? "the JSON document ended early" : message, at: position, path: path.render())
    }

    // MARK: - Callbacks

    private func record(_ error: StreamError, adjustedBy delta: Int = 0) -> Int32 {
        var error = error
        if error.line == 0 {
            let position = currentPosition(adjustedBy: delta)
            error.line = position.line
            error.column = position.column
            error.byteOffset = position.byteOffset
        }
        if error.path == nil { error.path = path.render() }
        recordedError = error
        return 0
    }

    fileprivate func receiveStart(array: Bool) -> Int32 {
        madeProgress = true
        sawValue = true
        path.valueStarts()
        guard path.depth < limits.maximumDepth else {
            return record(
                StreamError(kind: .limitExceeded, message: "nesting deeper than \(limits.maximumDepth) levels"),
                adjustedBy: -1)
        }
        if array { path.pushArray() } else { path.pushObject() }
        do {
            try handler._withUnsafeGuaranteedRef { handler in
                if array { try handler.startArray() } else { try handler.startObject() }
            }
        } catch {
            return record(error as! StreamError, adjustedBy: -1)
        }
        return 1
    }

    fileprivate func receiveEnd(array: Bool) -> Int32 {
        madeProgress = true
        path.pop()
        do {
            try handler._withUnsafeGuaranteedRef { handler in
                if array { try handler.endArray() } else { try handler.endObject() }
            }
        } catch {
            return record(error as! StreamError)
        }
        return 1
    }

    fileprivate func receiveKey(_ name: UnsafeRawBufferPointer) -> Int32 {
        madeProgress = true
        // A name in the piece stays put until yajl_parse returns; one yajl decoded or joined across pieces is in
        // its own buffer, which the next string reuses.
        guard isAcceptableText(name) else { return record(textFailure(name, what: "member name")) }
        let inPiece = name.baseAddress.map { current.baseAddress! <= $0 && $0 < current.baseAddress! + current.count }
        path.key(name, stable: inPiece ?? false)
        do {
            try handler._withUnsafeGuaranteedRef { handler in try handler.key(name) }
        } catch {
            return record(error as! StreamError)
        }
        return 1
    }

    fileprivate func receive(_ value: JSONScalar) -> Int32 {
        madeProgress = true
        sawValue = true
        path.valueStarts()
        switch value {
        case .string(let bytes):
            guard isAcceptableText(bytes) else { return record(textFailure(bytes, what: "string")) }
        case .number(let bytes):
            if bytes.count > limits.maximumTextBytes {
                return record(
                    StreamError(kind: .limitExceeded, message: "a number longer than \(limits.maximumTextBytes) bytes"))
            }
        case .bool, .null:
            break
        }
        do {
            try handler._withUnsafeGuaranteedRef { handler in try handler.scalar(value) }
        } catch {
            return record(error as! StreamError)
        }
        return 1
    }

    /// Whether a string or member name is within the text limit and valid UTF-8 (checked only when the screen saw
    /// bytes that may be invalid).
    @inline(__always)
    private func isAcceptableText(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count <= limits.maximumTextBytes
            && !(screen.mayHoldInvalidUTF8 && StrictUTF8.firstInvalidIndex(bytes) != nil)
    }

    @inline(never)
    private func textFailure(_ bytes: UnsafeRawBufferPointer, what: String) -> StreamError {
        if bytes.count > limits.maximumTextBytes {
            return StreamError(kind: .limitExceeded, message: "a \(what) longer than \(limits.maximumTextBytes) bytes")
        }
        return StreamError(
            kind: .malformedInput,
            message: "a \(what) holds invalid UTF-8 (overlong form, surrogate or code point past U+10FFFF)")
    }

    /// Runs a callback on the engine behind yajl's context pointer, without retaining it.
    @inline(__always)
    fileprivate static func with(_ context: UnsafeMutableRawPointer?, _ body: (JSONEngine) -> Int32) -> Int32 {
        Unmanaged<JSONEngine>.fromOpaque(context!)._withUnsafeGuaranteedRef(body)
    }
}

extension String {
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
        var text = self
        while let last = text.last, predicate(last) { text.removeLast() }
        return text
    }
}

/// yajl keeps a pointer to its callback table, so the table lives for the whole process.
private nonisolated(unsafe) let engineCallbacks: UnsafeMutablePointer<yajl_callbacks> = {
    let table = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
    table.initialize(
        to: yajl_callbacks(
            yajl_null: { context in JSONEngine.with(context) { $0.receive(.null) } },
            yajl_boolean: { context, value in JSONEngine.with(context) { $0.receive(.bool(value != 0)) } },
            yajl_integer: nil,
            yajl_double: nil,
            yajl_number: { context, text, length in
                JSONEngine.with(context) { $0.receive(.number(UnsafeRawBufferPointer(start: text, count: length))) }
            },
            yajl_string: { context, text, length in
                JSONEngine.with(context) { $0.receive(.string(UnsafeRawBufferPointer(start: text, count: length))) }
            },
            yajl_start_map: { context in JSONEngine.with(context) { $0.receiveStart(array: false) } },
            yajl_map_key: { context, text, length in
                JSONEngine.with(context) { $0.receiveKey(UnsafeRawBufferPointer(start: text, count: length)) }
            },
            yajl_end_map: { context in JSONEngine.with(context) { $0.receiveEnd(array: false) } },
            yajl_start_array: { context in JSONEngine.with(context) { $0.receiveStart(array: true) } },
            yajl_end_array: { context in JSONEngine.with(context) { $0.receiveEnd(array: true) } }))
    return table
}()
