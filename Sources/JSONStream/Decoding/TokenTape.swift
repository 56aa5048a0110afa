/// The events of one selected value, kept compactly until the value closes and is decoded.
///
/// Texts (member names, strings, number literals) go into one byte buffer; tokens refer to them by offset.
/// Container starts record where their end is and how many children they have, so a decoder can jump over a
/// member it does not need. Both buffers keep their capacity between items.
///
/// The buffers are plain allocations owned by this object rather than arrays: recording a token is then a store
/// and an increment, without the uniqueness and capacity checks of an array append (they were half the cost of
/// recording an item). Every read checks its index against what is recorded, so a decoder kept past its item reads
/// the tape's current contents, never outside them.
final class TokenTape {
    enum Kind: UInt8 {
        case objectStart, objectEnd, arrayStart, arrayEnd, key, string, number, trueValue, falseValue, null
    }

    struct Token {
        var kind: Kind
        /// Texts: offset into the bytes. Container starts: index of the matching end token.
        var first: UInt32
        /// Texts: length. Container starts: number of elements or members.
        var second: UInt32
    }

    // Touched one event at a time by the parser that owns the tape, then read by its decoder; the dynamic
    // exclusivity checks would cost more than the stores they guard.
    // Kept by measurement: removing the unchecked exclusivity and unowned(unsafe) of the JSON decoders costs --child
    // employees +20.8 %, twitter +21.8 %, jive-inbox +19.2 % (callgrind net of start-up; BENCHMARKS.md, "What unchecked
    // exclusivity buys").
    @exclusivity(unchecked) private var tokens: UnsafeMutablePointer<Token>
    @exclusivity(unchecked) private var tokenCapacity: Int
    @exclusivity(unchecked) private(set) var count = 0
    /// Texts, followed by ``textPadding`` spare bytes so that 16 bytes can be read from the start of any text.
    @exclusivity(unchecked) private var bytes: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var byteCapacity: Int
    @exclusivity(unchecked) private var byteCount = 0
    /// Token indices of the containers still open, innermost last.
    @exclusivity(unchecked) private var open: UnsafeMutablePointer<Int>
    @exclusivity(unchecked) private var openCapacity: Int
    @exclusivity(unchecked) private var openCount = 0

    static let textPadding = 16

    init() {
        tokenCapacity = 64
        tokens = .allocate(capacity: tokenCapacity)
        byteCapacity = 1024
        bytes = .allocate(byteCount: byteCapacity + Self.textPadding, alignment: 8)
        openCapacity = 16
        open = .allocate(capacity: openCapacity)
    }

    deinit {
        tokens.deallocate()
        bytes.deallocate()
        open.deallocate()
    }

    /// Whether a container is still open.
    var isOpen: Bool { openCount > 0 }

    /// The memory the current value holds.
    var footprint: Int { byteCount + count * MemoryLayout<Token>.stride }

    func reset() {
        count = 0
        byteCount = 0
        openCount = 0
    }

    /// The token at `index`, which must have been recorded.
    subscript(index: Int) -> Token {
        @inline(__always) get {
            precondition(index >= 0 && index < count, "token index out of range")
            return tokens[index]
        }
    }

    // MARK: - Recording

    @inline(__always)
    private func push(_ token: Token) {
        if count == tokenCapacity { growTokens() }
        tokens[count] = token
        count += 1
    }

    @inline(__always)
    private func countChild() {
        if openCount > 0 { tokens[open[openCount - 1]].second += 1 }
    }

    func start(array: Bool) {
        countChild()
        if openCount == openCapacity { growOpen() }
        open[openCount] = count
        openCount += 1
        push(Token(kind: array ? .arrayStart : .objectStart, first: 0, second: 0))
    }

    func end(array: Bool) {
        precondition(openCount > 0, "no container is open")
        openCount -= 1
        let start = open[openCount]
        tokens[start].first = UInt32(truncatingIfNeeded: count)
        push(Token(kind: array ? .arrayEnd : .objectEnd, first: UInt32(truncatingIfNeeded: start), second: 0))
    }

    func key(_ name: UnsafeRawBufferPointer) {
        push(Token(kind: .key, first: UInt32(truncatingIfNeeded: byteCount), second: UInt32(name.count)))
        appendText(name)
    }

    func scalar(_ value: JSONScalar) {
        countChild()
        switch value {
        case .string(let text):
            push(Token(kind: .string, first: UInt32(truncatingIfNeeded: byteCount), second: UInt32(text.count)))
            appendText(text)
        case .number(let text):
            push(Token(kind: .number, first: UInt32(truncatingIfNeeded: byteCount), second: UInt32(text.count)))
            appendText(text)
        case .bool(let flag):
            push(Token(kind: flag ? .trueValue : .falseValue, first: 0, second: 0))
        case .null:
            push(Token(kind: .null, first: 0, second: 0))
        }
    }

    @inline(__always)
    private func appendText(_ text: UnsafeRawBufferPointer) {
        let end = byteCount + text.count
        if end > byteCapacity { growBytes(to: end) }
        if let source = text.baseAddress {
            (bytes + byteCount).copyMemory(from: source, byteCount: text.count)
        }
        byteCount = end
    }

    @inline(never)
    private func growTokens() {
        tokens = Self.doubled(tokens, count: count, capacity: &tokenCapacity)
    }

    @inline(never)
    private func growBytes(to needed: Int) {
        let capacity = max(needed, byteCapacity * 2)
        let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity + Self.textPadding, alignment: 8)
        grown.copyMemory(from: bytes, byteCount: byteCount)
        bytes.deallocate()
        bytes = grown
        byteCapacity = capacity
    }

    @inline(never)
    private func growOpen() {
        open = Self.doubled(open, count: openCount, capacity: &openCapacity)
    }

    /// Moves the first `count` elements of `buffer` into an allocation of twice `capacity` and frees `buffer`.
    private static func doubled<Element>(
        _ buffer: UnsafeMutablePointer<Element>, count: Int, capacity: inout Int
    ) -> UnsafeMutablePointer<Element> {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: buffer, count: count)
        buffer.deallocate()
        capacity *= 2
        return grown
    }

    // MARK: - Reading

    /// The index just past the value starting at `index`.
    @inline(__always)
    func next(after index: Int) -> Int {
        let token = self[index]
        switch token.kind {
        case .objectStart, .arrayStart: return Int(token.first) + 1
        default: return index + 1
        }
    }

    /// Calls `body` with the text of a key, string or number token.
    @inline(__always)
    func withText<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let token = self[index]
        let start = Int(token.first)
        let length = Int(token.second)
        precondition(start + length <= byteCount, "text out of range")
        return try body(UnsafeRawBufferPointer(start: bytes + start, count: length))
    }

    /// The text of a key, string or number token.
    func string(_ index: Int) -> String {
        withText(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The value of the last of these members whose name is `name`: lengths are compared before any bytes, and
    /// bytes eight at a time without a call, as names are short.
    func lastValue(among keyIndices: UnsafeBufferPointer<Int32>, named name: UnsafeRawBufferPointer) -> Int? {
        let length = name.count
        // A key is followed by its value, so a key index must leave room for one more token. Indices outside the
        // tape can only come from a container kept past its item: they match nothing rather than trap.
        let keyLimit = UInt(max(count - 1, 0))
        var position = keyIndices.count
        while position > 0 {
            position -= 1
            let keyIndex = Int(keyIndices[position])
            guard UInt(bitPattern: keyIndex) < keyLimit else { continue }
            let token = tokens[keyIndex]
            if Int(token.second) == length {
                let start = Int(token.first)
                guard start + length <= byteCount else { continue }
                if length == 0 || Self.same(bytes + start, name.baseAddress!, length) { return keyIndex + 1 }
            }
        }
        return nil
    }

    @inline(__always)
    private static func same(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, _ count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        while offset < count {
            if left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset += 1
        }
        return true
    }
}
