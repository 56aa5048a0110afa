import Foundation

/// The encodings OAuth 1.0a is made of (RFC 5849 section 3.6 and the form encoding of section 3.4.1.3.1),
/// public so that servers, tests and other signers can share them.
public enum OAuth1Encoding {
    /// Percent-encodes `text` as RFC 5849 section 3.6 asks: UTF-8 first, then every byte except the RFC 3986
    /// unreserved characters (`A–Z a–z 0–9 - . _ ~`) as `%XX` with upper-case hex digits.
    ///
    /// Foundation's `addingPercentEncoding` is not used: its character sets are about URL components, and the
    /// signature needs exactly this set, on every platform alike.
    public static func percentEncode(_ text: String) -> String {
        var encoded = [UInt8]()
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigits[Int(byte >> 4)])
                encoded.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Decodes `text` as one name or value of `application/x-www-form-urlencoded` data: `+` is a space and `%XX`
    /// a byte, the bytes read as UTF-8. A `%` not followed by two hex digits stays as it is, since servers that
    /// verify signatures keep such text literally too.
    public static func formDecode(_ text: Substring) -> String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(text.utf8.count)
        let source = Array(text.utf8)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < source.count,
                let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 2
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The name–value pairs of `application/x-www-form-urlencoded` data (a query or a body), decoded, in order.
    ///
    /// Empty segments (`a=1&&b=2`) are skipped; a segment without `=` is a name with an empty value, as RFC 5849's
    /// own example (`c2&a3=2+q`) reads it.
    public static func formParameters(_ text: some StringProtocol) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = formDecode(Substring(parts[0]))
            let value = parts.count > 1 ? formDecode(Substring(parts[1])) : ""
            return (name, value)
        }
    }

    /// `name=value` pairs joined by `&`, both sides ``percentEncode(_:)``d: the encoding of section 3.5.2 and
    /// 3.5.3 for bodies and queries that carry OAuth parameters.
    public static func formEncode(_ parameters: [(name: String, value: String)]) -> String {
        parameters.map { percentEncode($0.name) + "=" + percentEncode($0.value) }.joined(separator: "&")
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
