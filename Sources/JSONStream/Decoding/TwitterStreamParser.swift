/// Decodes the Twitter streaming API: newline-delimited JSON messages (`\r\n` or `\n`, blank keep-alive lines)
/// or, with `delimited=length`, messages each preceded by a line holding its length in bytes.
///
/// The framing is detected from the first byte that is not whitespace: a digit means length-delimited. Every
/// message is classified (``TwitterStreamMessage``): tweet, delete, limit, disconnect, warning or other.
public final class TwitterStreamParser: PushDrivenParser {
    public typealias Item = TwitterStreamMessage

    package var core: PushParserCore<TwitterStreamMessage>

    /// How the parser reads: the bounds of the input.
    public typealias Options = JSONParserOptions

    /// Creates a parser.
    public init(options: Options = Options()) {
        let framing = TwitterStreamFraming(limits: options.limits)
        core = PushParserCore(engine: framing, completed: framing.decoder.takeCompleted)
    }

    /// Creates a parser bounded by `limits`.
    @available(*, deprecated, renamed: "init(options:)")
    public convenience init(limits: StreamLimits) {
        self.init(options: Options(limits: limits))
    }
}

/// The stream's framing in front of yajl: finds where messages start and end and hands their bytes on.
private final class TwitterStreamFraming: PushEngine {
    /// Where the parser stands in the framing.
    private enum Framing {
        /// Before the first message: whitespace is skipped, a digit starts length-delimited framing.
        case detecting
        /// Messages separated by whitespace; yajl reads them all.
        case newlineDelimited
        /// Reading a length line; `value` so far from `digits` digits.
        case lengthLine(value: Int, digits: Int)
        /// Inside a length-delimited message body with `remaining` bytes to go (its `\r\n` included).
        case body(remaining: Int)
    }

    let decoder: TwitterStreamDecoder
    private let engine: JSONEngine
    private let limits: StreamLimits
    private var framing = Framing.detecting
    private var bytesReceived = 0

    init(limits: StreamLimits) {
        self.limits = limits
        decoder = TwitterStreamDecoder(limits: limits)
        engine = JSONEngine(handler: decoder, limits: limits, options: .strict, multipleValues: true)
        decoder.engine = engine
    }

    func parse(_ chunk: UnsafeRawBufferPointer) throws(StreamError) {
        decoder.keep(chunk)
        // Counted even when framing fails, so the kept bytes are released as they were before.
        defer {
            bytesReceived += chunk.count
            decoder.compact(streamOffset: bytesReceived)
        }
        try frame(chunk)
    }

    func finish() throws(StreamError) {
        switch framing {
        case .detecting, .newlineDelimited, .lengthLine(_, 0):
            try engine.finish(allowEmpty: true)
        case .lengthLine, .body:
            try engine.flush()
            throw engine.errorAtEnd(.truncatedInput, "the stream ended inside a length-delimited message")
        }
    }

    private func frame(_ chunk: UnsafeRawBufferPointer) throws(StreamError) {
        var index = 0
        while index < chunk.count {
            switch framing {
            case .detecting:
                var end = index
                while end < chunk.count, Self.isWhitespace(chunk[end]) { end += 1 }
                try engine.skip(UnsafeRawBufferPointer(rebasing: chunk[index..<end]))
                index = end
                if index < chunk.count {
                    let byte = chunk[index]
                    framing = byte >= 0x30 && byte <= 0x39 ? .lengthLine(value: 0, digits: 0) : .newlineDelimited
                }
            case .newlineDelimited:
                try engine.parse(UnsafeRawBufferPointer(rebasing: chunk[index...]))
                index = chunk.count
            case .lengthLine(var value, var digits):
                let start = index
                var complete = false
                while index < chunk.count && !complete {
                    let byte = chunk[index]
                    if byte >= 0x30 && byte <= 0x39 {
                        guard digits < 10 else {
                            throw engine.errorAtEnd(.limitExceeded, "a message length with more than 10 digits")
                        }
                        value = value * 10 + Int(byte - 0x30)
                        digits += 1
                    } else if byte == 0x0A && digits > 0 {
                        complete = true
                    } else if !Self.isWhitespace(byte) || (digits > 0 && byte != 0x0D) {
                        try engine.skip(UnsafeRawBufferPointer(rebasing: chunk[start..<index]))
                        throw engine.errorAtEnd(.malformedInput, "expected a message length line")
                    }
                    index += 1
                }
                try engine.skip(UnsafeRawBufferPointer(rebasing: chunk[start..<index]))
                if complete {
                    guard value <= limits.maximumItemBytes else {
                        throw engine.errorAtEnd(
                            .limitExceeded, "a message of \(value) bytes is larger than \(limits.maximumItemBytes)")
                    }
                    framing = value > 0 ? .body(remaining: value) : .lengthLine(value: 0, digits: 0)
                } else {
                    framing = .lengthLine(value: value, digits: digits)
                }
            case .body(let remaining):
                let count = min(remaining, chunk.count - index)
                try engine.feed(UnsafeRawBufferPointer(rebasing: chunk[index..<(index + count)]))
                index += count
                if remaining == count {
                    try engine.flush()
                    guard engine.depth == 0 else {
                        throw engine.errorAtEnd(.malformedInput, "a message is longer than its declared length")
                    }
                    framing = .lengthLine(value: 0, digits: 0)
                } else {
                    framing = .body(remaining: remaining - count)
                }
            }
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
