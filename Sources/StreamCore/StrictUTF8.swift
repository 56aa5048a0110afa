/// Strict UTF-8 (no overlong forms, no encoded surrogates, nothing past U+10FFFF), as the JSON decoders check the
/// strings yajl hands over and the article extractor checks a page before libxml2 reads it.
package enum StrictUTF8 {
    /// The index of the first byte that is not part of a valid sequence, or `nil` when all are valid.
    /// ASCII runs are skipped thirty-two bytes at a time.
    package static func firstInvalidIndex(_ bytes: UnsafeRawBufferPointer) -> Int? {
        check(bytes).firstInvalid
    }

    /// ``firstInvalidIndex(_:)``, and whether every byte before it is ASCII (then a `String` made of them need not
    /// be scanned again to know it).
    @inline(__always)
    package static func check(_ bytes: UnsafeRawBufferPointer) -> (firstInvalid: Int?, isASCII: Bool) {
        var isASCII = true
        let firstInvalid = firstInvalidIndex(bytes, isASCII: &isASCII)
        return (firstInvalid, isASCII)
    }

    private static func firstInvalidIndex(_ bytes: UnsafeRawBufferPointer, isASCII: inout Bool) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var i = 0
        let highBits: UInt64 = 0x8080_8080_8080_8080
        while i < count {
            // Thirty-two bytes a step while they are ASCII (as fast as the standard library's ASCII check), then
            // eight.
            while i + 32 <= count {
                let words =
                    base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    | base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                    | base.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
                    | base.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
                guard words & highBits == 0 else { break }
                i += 32
            }
            // A word that is not all ASCII says where its first other byte is: taken there at once, where a byte
            // at a time then the blocks again cost text with an accent every few words more than the standard
            // library's validation.
            while i + 8 <= count {
                let others = base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & highBits
                if others != 0 {
                    i += others.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            guard i < count else { break }
            let lead = base.load(fromByteOffset: i, as: UInt8.self)
            if lead < 0x80 {
                i += 1
                continue
            }
            isASCII = false
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                upper = 0x9F
            case 0xF0:
                length = 4
                lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                upper = 0x8F
            default: return i
            }
            guard i + length <= count else { return i }
            let second = base.load(fromByteOffset: i + 1, as: UInt8.self)
            guard second >= lower && second <= upper else { return i }
            for k in 2..<length where base.load(fromByteOffset: i + k, as: UInt8.self) & 0xC0 != 0x80 {
                return i
            }
            i += length
        }
        return nil
    }
}
