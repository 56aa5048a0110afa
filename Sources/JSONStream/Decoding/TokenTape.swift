/// The events of one selected value, kept compactly until the value closes and is decoded.
///
/// Texts (member names, strings, number literals) go into one byte buffer; tokens refer to them by offset.
/// Container starts record where their end is and how many children they have, so a decoder can jump over a
/// member it does not need. Both buffers keep their capacity between items.
struct TokenTape {
    enum Kind: UInt8 {
        case objectStart, objectEnd, arrayStart, arrayEnd, key, string, number, trueValue, falseValue, null
    }

    struct Token {
        var kind: Kind
        /// Texts: offset into `bytes`. Container starts: index of the matching end token.
        var first: UInt32
        /// Texts: length. Container starts: number of elements or members.
        var second: UInt32
    }

    private(set) var tokens: [Token] = []
    /// Texts; only `bytes[..<byteCount]` is in use, so an append is one `memcpy` into capacity kept from earlier
    /// items (a generic `append(contentsOf:)` cost ~70 instructions per text).
    private(set) var bytes: [UInt8] = []
    private var byteCount = 0
    private var open: [Int] = []

    /// Whether a container is still open.
    var isOpen: Bool { !open.isEmpty }

    /// The memory the current value holds.
    var footprint: Int { byteCount + tokens.count * MemoryLayout<Token>.stride }

    mutating func reset() {
        tokens.removeAll(keepingCapacity: true)
        byteCount = 0
        open.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private mutating func countChild() {
        if let parent = open.last { tokens[parent].second += 1 }
    }

    mutating func start(array: Bool) {
        countChild()
        open.append(tokens.count)
        tokens.append(Token(kind: array ? .arrayStart : .objectStart, first: 0, second: 0))
    }

    mutating func end(array: Bool) {
        let start = open.removeLast()
        tokens[start].first = UInt32(tokens.count)
        tokens.append(Token(kind: array ? .arrayEnd : .objectEnd, first: UInt32(start), second: 0))
    }

    mutating func key(_ name: UnsafeRawBufferPointer) {
        tokens.append(Token(kind: .key, first: UInt32(byteCount), second: UInt32(name.count)))
        appendText(name)
    }

    mutating func scalar(_ value: JSONScalar) {
        countChild()
        switch value {
        case .string(let text):
            tokens.append(Token(kind: .string, first: UInt32(byteCount), second: UInt32(text.count)))
            appendText(text)
        case .number(let text):
            tokens.append(Token(kind: .number, first: UInt32(byteCount), second: UInt32(text.count)))
            appendText(text)
        case .bool(let flag):
            tokens.append(Token(kind: flag ? .trueValue : .falseValue, first: 0, second: 0))
        case .null:
            tokens.append(Token(kind: .null, first: 0, second: 0))
        }
    }

    @inline(__always)
    private mutating func appendText(_ text: UnsafeRawBufferPointer) {
        let end = byteCount + text.count
        if end > bytes.count { grow(to: end) }
        if let source = text.baseAddress {
            bytes.withUnsafeMutableBytes { buffer in
                (buffer.baseAddress! + byteCount).copyMemory(from: source, byteCount: text.count)
            }
        }
        byteCount = end
    }

    @inline(never)
    private mutating func grow(to count: Int) {
        bytes += repeatElement(0, count: max(count - bytes.count, bytes.count, 4096))
    }

    /// The index just past the value starting at `index`.
    func next(after index: Int) -> Int {
        switch tokens[index].kind {
        case .objectStart, .arrayStart: Int(tokens[index].first) + 1
        default: index + 1
        }
    }

    /// Calls `body` with the text of a key, string or number token.
    func withText<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let token = tokens[index]
        return try bytes.withUnsafeBytes { all in
            try body(UnsafeRawBufferPointer(rebasing: all[Int(token.first)..<Int(token.first + token.second)]))
        }
    }

    /// The text of a key, string or number token.
    func string(_ index: Int) -> String {
        withText(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The value of the last of these members whose name is `name`: lengths are compared before any bytes, and
    /// bytes eight at a time without a call, as names are short.
    func lastValue(among keyIndices: UnsafeBufferPointer<Int32>, named name: UnsafeRawBufferPointer) -> Int? {
        let count = name.count
        return bytes.withUnsafeBytes { all in
            tokens.withUnsafeBufferPointer { tokens in
                var position = keyIndices.count
                while position > 0 {
                    position -= 1
                    let keyIndex = Int(keyIndices[position])
                    let token = tokens[keyIndex]
                    if Int(token.second) == count
                        && (count == 0 || Self.same(all.baseAddress! + Int(token.first), name.baseAddress!, count))
                    {
                        return keyIndex + 1
                    }
                }
                return nil
            }
        }
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
