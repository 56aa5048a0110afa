/// The bytes before the JSON: a UTF-8 byte order mark, then (when enabled) the Jive anti-hijacking prefix.
extension JSONEngine {
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let jivePrefix = Array("throw 'allowIllegalResourceCall is false.';".utf8)

    func consumePreamble(_ chunk: UnsafeRawBufferPointer) throws(StreamError) -> UnsafeRawBufferPointer {
        var index = 0
        while index < chunk.count {
            let byte = chunk[index]
            switch phase {
            case .byteOrderMark:
                if try extendPreamble(Self.byteOrderMark, with: byte, then: afterByteOrderMark) {
                    index += 1
                } else if pendingPreamble.isEmpty {
                    phase = afterByteOrderMark
                } else {
                    try releasePreamble()
                }
            case .jivePrefix:
                if try extendPreamble(Self.jivePrefix, with: byte, then: .parsing) {
                    index += 1
                } else if pendingPreamble.isEmpty && Self.isWhitespace(byte) {
                    // Whitespace before the prefix means nothing to yajl either; it goes straight through.
                    try feed(UnsafeRawBufferPointer(rebasing: chunk[index..<(index + 1)]))
                    index += 1
                } else {
                    try releasePreamble()
                }
            case .parsing, .stopped:
                return UnsafeRawBufferPointer(rebasing: chunk[index...])
            }
        }
        return UnsafeRawBufferPointer(rebasing: chunk[index...])
    }

    private var afterByteOrderMark: Phase { options.skipsJivePrefix ? .jivePrefix : .parsing }

    /// Takes `byte` when it is the next byte of `preamble`; once the preamble is complete it is skipped and the
    /// engine moves on to `next`. Returns whether the byte was taken.
    private func extendPreamble(
        _ preamble: [UInt8], with byte: UInt8, then next: Phase
    ) throws(StreamError) -> Bool {
        guard preamble[pendingPreamble.count] == byte else { return false }
        pendingPreamble.append(byte)
        if pendingPreamble.count == preamble.count {
            try Self.withBytes(pendingPreamble) { (bytes) throws(StreamError) in try skip(bytes) }
            pendingPreamble.removeAll()
            phase = next
        }
        return true
    }

    /// What looked like the start of a preamble is ordinary input after all.
    func releasePreamble() throws(StreamError) {
        phase = .parsing
        let held = pendingPreamble
        pendingPreamble.removeAll()
        if !held.isEmpty {
            try Self.withBytes(held) { (bytes) throws(StreamError) in try feed(bytes) }
        }
    }

    /// `withUnsafeBytes` rethrows untyped errors; carry the typed one out through a `Result`.
    private static func withBytes(
        _ array: [UInt8], _ body: (UnsafeRawBufferPointer) throws(StreamError) -> Void
    ) throws(StreamError) {
        try array.withUnsafeBytes { bytes in Result { () throws(StreamError) in try body(bytes) } }.get()
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
