#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Compact JSON written straight into bytes: the one JSON writer of FeedStream, behind `feedstream`'s lines and
/// the `jsonText` of `JSONValue` and `XMLRecordValue`.
///
/// Everything JSON text is made of is written here once: strings escaped one way (`"` and `\` escaped, control
/// characters as `\b \f \n \r \t` or `\u00xx`, everything else — `/` and non-ASCII text included — as it is, in
/// UTF-8: the bytes `JSONEncoder` writes with `.withoutEscapingSlashes`), integers, floating-point numbers in
/// `JSONEncoder`'s form, dates as RFC 3339 UTC with `Z` and milliseconds only when they are not zero. Values are
/// written by the value trees themselves (arrays and objects in the order given), by their `Codable` encoding
/// (``write(_:)``, in `JSONWriter+Encoder.swift`), or by `feedstream`'s writers for the models it prints in bulk.
///
/// The writer is used by one thread at a time and reused: ``bytes`` keeps its capacity from value to value.
package final class JSONWriter {
    // Exempt from dynamic exclusivity checks: the writer is used by one thread at a time, and no access to one of
    // these overlaps another access to the same property. Kept by measurement: checked, `--child atom-json` (Atom
    // entries through `write(_:)`, 4 MB) costs +46.6 % (478.08 M -> 700.93 M, callgrind net of start-up;
    // BENCHMARKS.md, "What unchecked exclusivity buys").
    /// The JSON text written so far.
    @exclusivity(unchecked) package var bytes: [UInt8] = []
    /// The values being encoded through `Encoder`, innermost last.
    @exclusivity(unchecked) var frames: [Frame] = []
    /// The members of the objects being encoded through `Encoder`, to be put in key order.
    @exclusivity(unchecked) var members: [Member] = []
    /// Set when a container use outside what the encoder mirrors was made (nested containers, super encoders).
    @exclusivity(unchecked) var unsupportedUse = false
    /// The keys of members whose written bytes do not compare as the keys do (escaped or not ASCII).
    @exclusivity(unchecked) var unplainKeys: [String] = []
    /// An object's bytes while its members are put in key order.
    @exclusivity(unchecked) var reorderScratch: [UInt8] = []
    /// The keyed containers made so far, one per key type (they refer to this writer unowned).
    @exclusivity(unchecked) var keyedContainers: [CachedContainer] = []
    /// Made on first use: most writers never meet a value the encoder does not mirror.
    lazy var fallback = JSONWriter.referenceEncoder()

    package init() {}

    // MARK: Bytes
    // For writers in other modules: `bytes` is exempt from exclusivity checks only where it is declared, and a
    // dynamic check per access from another module cost a twentieth of `feedstream atom`'s time.

    /// Appends one byte of JSON syntax (`{`, `}`, a newline between lines).
    package func writeByte(_ byte: UInt8) { bytes.append(byte) }

    /// Appends text that is already JSON.
    package func writeRaw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// `"name":`, after a comma unless `first`: for writers that list their members themselves. Names are plain
    /// ASCII and need no escaping.
    package func writeMemberName(_ name: StaticString, first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(contentsOf: "\":".utf8)
    }

    /// The number of bytes written so far.
    package var count: Int { bytes.count }

    /// Drops what was written after the first `count` bytes.
    package func truncate(to count: Int) { bytes.removeSubrange(count...) }

    // MARK: Scalars

    package func writeNull() { bytes.append(contentsOf: "null".utf8) }

    package func writeBool(_ value: Bool) { bytes.append(contentsOf: value ? "true".utf8 : "false".utf8) }

    package func writeInteger(_ value: Int64) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            writeDigits(of: value.magnitude)
        } else {
            writeDigits(of: UInt64(value))
        }
    }

    package func writeInteger(_ value: UInt64) {
        writeDigits(of: value)
    }

    package func writeInteger<Integer: BinaryInteger>(_ value: Integer) {
        if Integer.isSigned, let signed = Int64(exactly: value) {
            writeInteger(signed)
        } else if !Integer.isSigned, let unsigned = UInt64(exactly: value) {
            writeDigits(of: unsigned)
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// The decimal digits of `value`, made on the stack: `String(value)` allocates for the 19-digit ids tweets have.
    private func writeDigits(of value: UInt64) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value
            var index = 20
            while rest > 0 {
                index -= 1
                digits[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[index...]))
        }
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

    // MARK: Strings

    /// A JSON string literal, quoted and escaped.
    package func writeString(_ string: String) {
        withUTF8(of: string) { writeString(utf8: $0) }
    }

    /// Runs `body` over the UTF-8 of `string`: in place when it is stored contiguously (as native strings are),
    /// without copying the string value first.
    @inline(__always)
    func withUTF8<Result>(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = string
        return copy.withUTF8(body)
    }

    /// A JSON string literal of UTF-8 text, quoted and escaped; runs that need no escape are copied whole.
    ///
    /// Text is scanned eight bytes at a time, so the long runs feeds are made of (content, summaries) cost a
    /// fraction of a byte-by-byte scan.
    package func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        while index < utf8.count {
            index = Self.firstEscape(in: utf8, from: index)
            guard index < utf8.count else { break }
            if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            writeEscape(for: utf8[index])
            index += 1
            runStart = index
        }
        if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The index of the first byte at or after `start` that needs an escape, or `utf8.count`.
    @inline(__always)
    static func firstEscape(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = utf8.baseAddress {
            let raw = UnsafeRawPointer(base)
            while utf8.count - index >= 8 {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                if Self.wordNeedsEscape(word) { break }
                index += 8
            }
        }
        while index < utf8.count && !needsEscape(utf8[index]) { index += 1 }
        return index
    }

    /// Whether any of the eight bytes is a control character, `"` or `\` (exact: no byte of a word without one
    /// is reported, and one with one always is).
    @inline(__always)
    private static func wordNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let quoteZero = (quote &- ones) & ~quote & highs
        let backslashZero = (backslash &- ones) & ~backslash & highs
        return (control | quoteZero | backslashZero) != 0
    }

    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
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

    /// The text `write` writes to a fresh writer: a value tree's `jsonText`.
    package static func text(of write: (JSONWriter) -> Void) -> String {
        let writer = JSONWriter()
        write(writer)
        return writer.text
    }
}
