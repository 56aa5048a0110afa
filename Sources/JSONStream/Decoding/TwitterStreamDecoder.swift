@_spi(StreamPlumbing) import StreamCore

/// Reads streaming-API messages off the engine's events, one top-level value per message.
///
/// Each object goes through a lenient ``TweetEventReader``: a delete / limit / disconnect / warning member makes
/// it a notice, an id and a text make it a tweet, and anything else (events, friends lists, `scrub_geo`, values
/// of unexpected types) is returned as ``TwitterStreamMessage/other(_:)`` — re-read from the message's own bytes,
/// which are kept until the message closes.
final class TwitterStreamDecoder: JSONEventHandler {
    private let limits: StreamLimits
    // Kept by measurement: removing the unchecked exclusivity and unowned(unsafe) of the JSON decoders costs --child
    // twitter +21.8 %, twitter-stream +22.6 %, jive-inbox +19.2 % (callgrind net of start-up; BENCHMARKS.md, "What
    // unchecked exclusivity buys").
    @exclusivity(unchecked) unowned(unsafe) var engine: JSONEngine!
    // The per-event state is exempt from dynamic exclusivity checks: it is only touched from the engine's
    // callbacks during one parse call, one event at a time, never re-entrantly; the checks cost more than the
    // rest of a member-name event.
    @exclusivity(unchecked) private var reader = TweetEventReader(strict: false, readsNotices: true)
    @exclusivity(unchecked) private var readingMessage = false
    /// Depth inside a top-level array, which is kept only as `other`.
    @exclusivity(unchecked) private var otherDepth = 0
    @exclusivity(unchecked) private var messageStart = 0
    @exclusivity(unchecked) private var completed = CompletedItems<TwitterStreamMessage>()

    /// The stream's bytes from `rawBase` on: at least the message being read.
    private var raw: [UInt8] = []
    private var rawBase = 0

    init(limits: StreamLimits) {
        self.limits = limits
    }

    func takeCompleted() -> [TwitterStreamMessage] {
        completed.take()
    }

    /// Keeps a chunk's bytes, before any of them reach the engine.
    func keep(_ chunk: UnsafeRawBufferPointer) {
        raw.append(contentsOf: chunk.assumingMemoryBound(to: UInt8.self))
    }

    /// Drops kept bytes no message needs any more; called between chunks so the cost stays linear.
    func compact(streamOffset: Int) {
        let keepFrom = readingMessage || otherDepth > 0 ? messageStart : streamOffset
        let drop = min(max(0, keepFrom - rawBase), raw.count)
        guard drop > 0 else { return }
        raw.removeSubrange(0..<drop)
        rawBase += drop
    }

    // MARK: - Events

    override func key(_ name: UnsafeRawBufferPointer) throws(StreamError) {
        if readingMessage { reader.key(name) }
    }

    override func startObject() throws(StreamError) { try start(array: false) }
    override func startArray() throws(StreamError) { try start(array: true) }
    override func endObject() throws(StreamError) { try end() }
    override func endArray() throws(StreamError) { try end() }

    private func start(array: Bool) throws(StreamError) {
        if readingMessage {
            try checkSize()
            try reader.start(array: array)
        } else if otherDepth > 0 {
            otherDepth += 1
        } else {
            messageStart = engine.currentByteOffset() - 1
            if array {
                otherDepth = 1
            } else {
                reader.begin()
                readingMessage = true
            }
        }
    }

    private func end() throws(StreamError) {
        if readingMessage {
            if reader.end() {
                readingMessage = false
                try complete()
            }
        } else if otherDepth > 0 {
            otherDepth -= 1
            if otherDepth == 0 { completed.append(.other(try rawValue())) }
        }
    }

    override func scalar(_ value: JSONScalar) throws(StreamError) {
        if readingMessage {
            try reader.scalar(value)
        } else if otherDepth == 0 {
            // A bare scalar where a message belongs: keep it as read.
            let tape = TokenTape()
            tape.scalar(value)
            guard let scalar = try? tape.jsonValue(at: 0) else {
                throw StreamError(kind: .limitExceeded, message: "a number with no exact representation")
            }
            completed.append(.other(scalar))
        }
    }

    private func checkSize() throws(StreamError) {
        if engine.bytes(since: messageStart, exceed: limits.maximumItemBytes) {
            throw StreamError(
                kind: .limitExceeded, message: "a message is larger than \(limits.maximumItemBytes) bytes")
        }
    }

    private func complete() throws(StreamError) {
        try checkSize()
        let fields = reader.fields
        if let notice = fields.notice.makeMessage() {
            completed.append(notice)
        } else if !fields.sawWrongType, let tweet = fields.makeTweet() {
            completed.append(.tweet(tweet))
        } else {
            completed.append(.other(try rawValue()))
        }
    }

    /// The message just closed, read again from its bytes as an untyped value.
    private func rawValue() throws(StreamError) -> JSONValue {
        let end = engine.currentByteOffset()
        let start = messageStart - rawBase
        guard start >= 0, end - rawBase <= raw.count else {
            throw StreamError(kind: .malformedInput, message: "the message's bytes were not kept")
        }
        let parser = JSONItemParser<JSONValue>(path: .root, options: .init(limits: limits))
        do {
            let values = try raw[start..<(end - rawBase)].withUnsafeBytes { try parser.parseAll($0) }
            if let value = values.first { return value }
        } catch let error as StreamError {
            throw StreamError(kind: error.kind, message: error.message)
        } catch {}
        throw StreamError(kind: .malformedInput, message: "the message could not be read as JSON")
    }
}
