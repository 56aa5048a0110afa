#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StreamCore

/// Typed values read from the text of an element or attribute, straight off its UTF-8 bytes.
///
/// Numbers, booleans and dates ignore surrounding whitespace (a pretty-printer may wrap them); strings keep
/// their text exactly. Each returns `nil` when the text is not such a value, never a guess or a rounding.
enum XMLRecordScalars {
    /// `true`/`false`, and XML Schema's `1`/`0`.
    static func bool(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        let text = bytes.trimmingWhitespace()
        switch text.count {
        case 1:
            if text[0] == 0x31 { return true }
            if text[0] == 0x30 { return false }
        case 4:
            if text.elementsEqual("true".utf8) { return true }
        case 5:
            if text.elementsEqual("false".utf8) { return false }
        default:
            break
        }
        return nil
    }

    /// An integer of type `I`, exactly: an optional sign and decimal digits, in range.
    static func integer<I: FixedWidthInteger>(_ type: I.Type, _ bytes: UnsafeRawBufferPointer) -> I? {
        let text = bytes.trimmingWhitespace()
        var index = 0
        var negative = false
        if index < text.count, text[index] == 0x2D || text[index] == 0x2B {
            negative = text[index] == 0x2D
            index += 1
        }
        guard index < text.count else { return nil }
        var value: I = 0
        while index < text.count {
            let digit = Int(text[index]) &- 0x30
            guard digit >= 0 && digit <= 9 else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            let (next, overflow2) =
                negative
                ? shifted.subtractingReportingOverflow(I(digit)) : shifted.addingReportingOverflow(I(digit))
            guard !overflow2 else { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// A decimal or scientific number rounded to nearest, or XML Schema's `INF`, `-INF` and `NaN`; `nil` for a
    /// number the type cannot hold (its magnitude overflows, or it is not zero and underflows to zero).
    static func floatingPoint<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: F.Type, _ bytes: UnsafeRawBufferPointer
    ) -> F? {
        let text = bytes.trimmingWhitespace()
        switch String(decoding: text, as: UTF8.self) {
        case "INF", "+INF": return .infinity
        case "-INF": return -.infinity
        case "NaN": return .nan
        default: break
        }
        guard isDecimalNumber(text) else { return nil }
        return FloatingPointText.finite(text, as: type)
    }

    /// A `Decimal` from decimal or scientific notation, exactly as written.
    static func decimal(_ bytes: UnsafeRawBufferPointer) -> Decimal? {
        let text = bytes.trimmingWhitespace()
        guard isDecimalNumber(text) else { return nil }
        return Decimal(string: String(decoding: text, as: UTF8.self), locale: Locale(identifier: "en_US_POSIX"))
    }

    /// `[+-]digits[.digits][(e|E)[+-]digits]`, with digits on at least one side of the point.
    private static func isDecimalNumber(_ text: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < text.count, text[index] >= 0x30, text[index] <= 0x39 { index += 1 }
            return index - start
        }
        if index < text.count, text[index] == 0x2D || text[index] == 0x2B { index += 1 }
        var mantissa = digits()
        if index < text.count, text[index] == 0x2E {
            index += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if index < text.count, text[index] == 0x65 || text[index] == 0x45 {
            index += 1
            if index < text.count, text[index] == 0x2D || text[index] == 0x2B { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == text.count
    }

    /// How a text appears in an error message: quoted, and cut short when long.
    static func describe(_ bytes: UnsafeRawBufferPointer) -> String {
        if bytes.isEmpty { return "an empty element" }
        let text = String(decoding: bytes.prefix(64), as: UTF8.self)
        return "\"\(text)\(bytes.count > 64 ? "…" : "")\""
    }
}
