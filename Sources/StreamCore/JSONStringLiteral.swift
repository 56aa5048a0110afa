/// A string written as a JSON string literal, the one way FeedStream escapes text for JSON output (`feedstream`'s
/// lines, `JSONValue.jsonText`, `XMLRecordValue.jsonText`): `"` and `\` escaped, control characters as
/// `\b \f \n \r \t` or `\u00xx`, everything else — `/` and non-ASCII text included — as it is, in UTF-8.
///
/// These are the bytes `JSONEncoder` writes with `.withoutEscapingSlashes`.
public enum JSONStringLiteral {
    /// Appends `string`, quoted and escaped, to `bytes`; runs that need no escape are copied whole.
    public static func append(_ string: String, to bytes: inout [UInt8]) {
        var string = string
        string.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            var runStart = 0
            for index in 0..<utf8.count where needsEscape(utf8[index]) {
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                runStart = index + 1
                appendEscape(for: utf8[index], to: &bytes)
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// Appends `string`, quoted and escaped, to `text`.
    public static func append(_ string: String, to text: inout String) {
        if !string.utf8.contains(where: needsEscape) {
            text += "\""
            text += string
            text += "\""
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 8)
        append(string, to: &bytes)
        text += String(decoding: bytes, as: UTF8.self)
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func appendEscape(for byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
        case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
        case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
        case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
        case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
        case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
        default:
            let hex: StaticString = "0123456789abcdef"
            bytes.append(contentsOf: #"\u00"#.utf8)
            bytes.append(hex.utf8Start[Int(byte >> 4)])
            bytes.append(hex.utf8Start[Int(byte & 0x0F)])
        }
    }
}
