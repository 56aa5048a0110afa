/// Binary floating-point values read from decimal text: rounded to nearest, and refused when the type cannot hold
/// them, so that no decoder rounds a number silently to infinity or to zero.
package enum FloatingPointText {
    /// The value of `text`, a decimal or scientific number already checked by the caller, as `F` rounded to
    /// nearest; `nil` when its magnitude overflows to infinity, or when it is not zero and underflows to zero.
    package static func finite<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ text: UnsafeRawBufferPointer, as type: F.Type
    ) -> F? {
        // The standard library reads the text itself (strtod / strtof): one correctly rounded conversion, no
        // double rounding through `Double` for a `Float`.
        guard let value = F(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
        if value == 0 && hasNonZeroDigit(text) { return nil }
        return value
    }

    /// Whether a digit from 1 to 9 appears before the exponent.
    private static func hasNonZeroDigit(_ text: UnsafeRawBufferPointer) -> Bool {
        for byte in text {
            if byte | 0x20 == 0x65 { return false }  // e or E
            if byte >= 0x31 && byte <= 0x39 { return true }
        }
        return false
    }
}
