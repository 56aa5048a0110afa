/// windows-1252 as the WHATWG Encoding standard reads it, written as UTF-8 for libxml2: every byte is a character,
/// 0x80–0x9F by the standard's table (the five bytes it leaves unassigned, 0x81, 0x8D, 0x8F, 0x90 and 0x9D, are the
/// C1 controls of the same value), the rest Latin-1.
///
/// libxml2 reads windows-1252 through iconv, which refuses those five bytes: the push parser stops at the chunk that
/// holds one, and what it had not yet parsed of the chunks before depended on where they ended (an `article` fuzz
/// target finding: a page read as windows-1252 lost everything after its first heading when cut before a byte 0x9D).
/// Decoded here, a byte at a time, the page reads the same in every chunking, and as a browser reads it.
enum Windows1252 {
    /// The characters of 0x80–0x9F.
    private static let high: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D,
        0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// Appends `bytes` decoded as windows-1252, in UTF-8, to `output`.
    static func decode(_ bytes: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        output.reserveCapacity(output.count + bytes.count + bytes.count / 4)
        for byte in bytes {
            if byte < 0x80 {
                output.append(byte)
                continue
            }
            let value = byte < 0xA0 ? UInt32(high[Int(byte - 0x80)]) : UInt32(byte)
            if value < 0x800 {
                output.append(UInt8(0xC0 | value >> 6))
                output.append(UInt8(0x80 | value & 0x3F))
            } else {
                output.append(UInt8(0xE0 | value >> 12))
                output.append(UInt8(0x80 | (value >> 6) & 0x3F))
                output.append(UInt8(0x80 | value & 0x3F))
            }
        }
    }
}
