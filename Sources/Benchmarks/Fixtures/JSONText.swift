/// Writes JSON string literals the way real services do: Twitter escapes every non-ASCII character as `\uXXXX`
/// (emoji as surrogate pairs), others send raw UTF-8.
enum JSONText {
    static func quoted(_ text: String, escapingNonASCII: Bool) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "/": out += "\\/"
            default:
                if scalar.value < 0x20 {
                    out += hex(UInt16(scalar.value))
                } else if scalar.value > 0x7F && escapingNonASCII {
                    for unit in String(scalar).utf16 { out += hex(unit) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private static func hex(_ unit: UInt16) -> String {
        let digits = Array("0123456789abcdef")
        var text = "\\u"
        for shift in stride(from: 12, through: 0, by: -4) { text.append(digits[Int(unit >> UInt16(shift)) & 0xF]) }
        return text
    }
}
