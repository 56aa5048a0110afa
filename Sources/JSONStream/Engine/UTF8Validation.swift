/// Strict UTF-8 validation of decoded strings.
///
/// yajl checks only the shape of multi-byte sequences, so overlong forms (`C0 AF`), encoded surrogates
/// (`ED A0 80`) and code points past U+10FFFF get through, and it encodes a lone `\uDC00` escape as invalid
/// UTF-8 itself. Every string and member name is checked here; ASCII runs are skipped eight bytes at a time.
enum UTF8Validation {
    /// The index of the first byte that is not part of a valid sequence, or `nil` when all are valid.
    static func firstInvalidIndex(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var i = 0
        while i < count {
            while i + 8 <= count && base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                i += 8
            }
            guard i < count else { break }
            let lead = base.load(fromByteOffset: i, as: UInt8.self)
            if lead < 0x80 {
                i += 1
                continue
            }
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
