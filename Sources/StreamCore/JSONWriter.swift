import Foundation

/// Compact JSON written straight into bytes: the one JSON writer of FeedStream, behind `feedstream`'s lines and
/// the `jsonText` of `JSONValue` and `XMLRecordValue`.
///
/// Everything JSON text is made of is written here once: strings escaped one way (`"` and `\` escaped, control
/// characters as `\b \f \n \r \t` or `\u00xx`, everything else — `/` and non-ASCII text included — as it is, in
/// UTF-8: the bytes `JSONEncoder` writes with `.withoutEscapingSlashes`), integers, floating-point numbers in
/// `JSONEncoder`'s form, dates as RFC 3339 UTC with `Z` and milliseconds only when they are not zero. Values are
/// written by the value trees themselves (arrays and objects in the order given), by models that list their own
/// members (``JSONWritable``), or by their `Codable` encoding (``write(_:)``, in `JSONWriter+Encoder.swift`).
///
/// The writer is used by one thread at a time and reused: ``bytes`` keeps its capacity from value to value.
package final class JSONWriter {
    // Exempt from dynamic exclusivity checks, which cost a fifth of the printing time: the writer is used by one
    // thread at a time, and no access to one of these overlaps another access to the same property.
    /// The JSON text written so far.
    @exclusivity(unchecked) package var bytes: [UInt8] = []
    /// The values being encoded through `Encoder`, innermost last.
    @exclusivity(unchecked) var frames: [Frame] = []
    /// The members of the objects being encoded through `Encoder`, to be put in key order.
    @exclusivity(unchecked) var members: [Member] = []
    /// Set when a container use outside what the encoder mirrors was made (nested containers, super encoders).
    @exclusivity(unchecked) var unsupportedUse = false
    @exclusivity(unchecked) var assembly: [UInt8] = []
    /// Made on first use: most writers never meet a value the encoder does not mirror.
    lazy var fallback = JSONWriter.referenceEncoder()

    package init() {}

    // MARK: Scalars

    package func writeNull() { bytes.append(contentsOf: "null".utf8) }

    package func writeBool(_ value: Bool) { bytes.append(contentsOf: value ? "true".utf8 : "false".utf8) }

    package func writeInteger(_ value: some BinaryInteger) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        bytes.append(contentsOf: String(value).utf8)
    }

    /// `JSONEncoder`'s form, the models' `Codable` encoding: the shortest round-trip text, without a trailing `.0`
    /// on integral values; infinities and NaN have no JSON form and throw.
    package func writeFloatingPoint<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "\(value) is not a valid JSON number"))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// The value trees' form: the shortest round-trip text, integral values keeping their `.0` so that they read
    /// back as doubles.
    package func writeDouble(_ value: Double) {
        bytes.append(contentsOf: value.description.utf8)
    }

    /// A date as a JSON string: RFC 3339 UTC with `Z`, milliseconds only when they are not zero.
    package func writeDate(_ date: Date) {
        bytes.append(UInt8(ascii: "\""))
        DateParser.appendRFC3339(date, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A JSON string literal, quoted and escaped; runs that need no escape are copied whole.
    package func writeString(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            var runStart = 0
            for index in 0..<utf8.count where Self.needsEscape(utf8[index]) {
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                runStart = index + 1
                writeEscape(for: utf8[index])
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private func writeEscape(for byte: UInt8) {
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

    // MARK: Value trees

    /// Writes `[e1,e2,…]`, each element written by `write`.
    package func writeArray<Elements: Sequence>(_ elements: Elements, _ write: (Elements.Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for element in elements {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            write(element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes `{"k1":v1,…}` in the order given, each member's key from `key` and its value written by `write`.
    package func writeObject<Members: Sequence>(
        _ members: Members, key: (Members.Element) -> String, _ write: (Members.Element) -> Void
    ) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for member in members {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            writeString(key(member))
            bytes.append(UInt8(ascii: ":"))
            write(member)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// The text written so far, as a `String`.
    package var text: String { String(decoding: bytes, as: UTF8.self) }
}
