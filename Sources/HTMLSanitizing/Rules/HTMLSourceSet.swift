/// The image candidates of an HTML `srcset` (`small.jpg 300w, large.jpg 2x`), split as the HTML standard's "parse a
/// srcset attribute" splits them: a URL runs to white space and may hold commas (commas ending it end the
/// candidate), its descriptors run to the next comma outside parentheses. Positions in the bytes, no copies.
struct HTMLSourceSet: Sequence, IteratorProtocol {
    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// The first white space from `start`, or the end: eight bytes at a time while none is below 0x21 (a URL
    /// runs some 80 bytes to its descriptors).
    private static func spaceOrEnd(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var position = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        while position + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            // Non-zero exactly when a byte is below 0x21 ("Bit Twiddling Hacks", hasless).
            if (word &- ones &* 0x21) & ~word & (ones &* 0x80) != 0 { break }
            position += 8
        }
        while position < bytes.count, !isSpace(bytes[position]) { position += 1 }
        return position
    }

    /// Whether `bytes` are descriptors a browser reads: white-space-separated numbers, each ending in `w`
    /// (width), `x` (density) or `h` (height) — `300w`, `1.5x`.
    static func areDescriptors(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var digits = 0
        var position = 0
        while position <= bytes.count {
            let byte = position < bytes.count ? bytes[position] : 0x20
            position += 1
            if isSpace(byte) {
                // A token ended (or none began); it was checked at its suffix.
                guard digits == 0 else { return false }
                continue
            }
            if byte == UInt8(ascii: "w") || byte == UInt8(ascii: "x") || byte == UInt8(ascii: "h") {
                guard digits > 0, position == bytes.count || isSpace(bytes[position]) else { return false }
                digits = 0
            } else if byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".") {
                digits += 1
            } else {
                return false
            }
        }
        return true
    }

    /// The next candidate: where its URL lies, never empty, and its descriptors, trimmed (empty when it has none).
    mutating func next() -> (url: Range<Int>, descriptors: Range<Int>)? {
        let comma = UInt8(ascii: ",")
        while true {
            while position < bytes.count, Self.isSpace(bytes[position]) || bytes[position] == comma { position += 1 }
            guard position < bytes.count else { return nil }
            let urlStart = position
            position = Self.spaceOrEnd(in: bytes, from: position)
            var urlEnd = position
            if bytes[urlEnd - 1] == comma {
                while urlEnd > urlStart, bytes[urlEnd - 1] == comma { urlEnd -= 1 }
                guard urlEnd > urlStart else { continue }
                return (urlStart..<urlEnd, urlEnd..<urlEnd)
            }
            while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
            let descriptorStart = position
            var depth = 0
            while position < bytes.count {
                let byte = bytes[position]
                if byte == comma && depth == 0 { break }
                if byte == UInt8(ascii: "(") { depth += 1 }
                if byte == UInt8(ascii: ")") && depth > 0 { depth -= 1 }
                position += 1
            }
            var descriptorEnd = position
            while descriptorEnd > descriptorStart, Self.isSpace(bytes[descriptorEnd - 1]) { descriptorEnd -= 1 }
            return (urlStart..<urlEnd, descriptorStart..<descriptorEnd)
        }
    }
}
