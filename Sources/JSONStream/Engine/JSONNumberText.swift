/// Reads JSON number text exactly, independent of the C locale.
///
/// Numbers arrive as text (yajl's raw-number callback), so each consumer asks for the type it needs: 64-bit
/// integers are exact (tweet ids are above 2^53), doubles are correctly rounded, and a value the type cannot hold
/// gives `nil` so the caller can report it instead of rounding silently.
enum JSONNumberText {
    /// Whether the text is an integer literal (no fraction, no exponent).
    static func isInteger(_ text: UnsafeRawBufferPointer) -> Bool {
        for byte in text where byte == 0x2E || byte == 0x65 || byte == 0x45 { return false }
        return true
    }

    /// The exact `Int64` value of an integer literal, or of a literal like `1.0` or `1e3` that is integral.
    static func int64(_ text: UnsafeRawBufferPointer) -> Int64? {
        if isInteger(text) { return parseInteger(text) }
        guard let value = double(text) else { return nil }
        return Int64(exactly: value)
    }

    /// The exact `UInt64` value.
    static func uint64(_ text: UnsafeRawBufferPointer) -> UInt64? {
        if isInteger(text) {
            guard let first = text.first, first != 0x2D else {
                return text.count == 2 && text[1] == 0x30 ? 0 : nil  // "-0"
            }
            var value: UInt64 = 0
            for byte in text {
                let digit = UInt64(byte &- 0x30)
                guard digit < 10 else { return nil }
                let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(digit)
                if overflow1 || overflow2 { return nil }
                value = sum
            }
            return value
        }
        guard let value = double(text) else { return nil }
        return UInt64(exactly: value)
    }

    private static func parseInteger(_ text: UnsafeRawBufferPointer) -> Int64? {
        guard let first = text.first else { return nil }
        let negative = first == 0x2D
        var value: Int64 = 0
        for byte in text.dropFirst(negative ? 1 : 0) {
            let digit = Int64(byte &- 0x30)
            guard digit >= 0 && digit < 10 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            // Accumulate negatively so that Int64.min is reachable.
            let (next, overflow2) =
                negative
                ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
        }
        return value
    }

    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    /// The correctly rounded `Double`, or `nil` when the magnitude overflows to infinity or a non-zero value
    /// underflows to zero.
    static func double(_ text: UnsafeRawBufferPointer) -> Double? {
        // Clinger's fast path: up to 15 significant digits and a power of ten below 10^23 are both exact doubles,
        // so one multiplication or division rounds correctly.
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var exponent = 0
        var exponentNegative = false
        var negative = false
        var index = 0
        let count = text.count
        if index < count && text[index] == 0x2D {
            negative = true
            index += 1
        }
        var seenPoint = false
        while index < count {
            let byte = text[index]
            if byte == 0x2E {
                seenPoint = true
            } else if byte >= 0x30 && byte <= 0x39 {
                if mantissa != 0 || byte != 0x30 {
                    digits += 1
                    if digits <= 19 {
                        mantissa = mantissa &* 10 &+ UInt64(byte - 0x30)
                    } else if !seenPoint {
                        scale += 1
                    }
                    if seenPoint && digits <= 19 { scale -= 1 }
                } else if seenPoint {
                    scale -= 1
                }
            } else {
                break
            }
            index += 1
        }
        if index < count && (text[index] | 0x20) == 0x65 {
            index += 1
            if index < count && (text[index] == 0x2B || text[index] == 0x2D) {
                exponentNegative = text[index] == 0x2D
                index += 1
            }
            while index < count {
                let digit = Int(text[index] &- 0x30)
                guard digit < 10 else { return nil }
                if exponent < 100_000 { exponent = exponent * 10 + digit }
                index += 1
            }
        }
        let power = scale + (exponentNegative ? -exponent : exponent)
        let result: Double
        if digits <= 15 && power >= -22 && power <= 22 {
            let magnitude = Double(mantissa)
            result = power < 0 ? magnitude / exactPowersOfTen[-power] : magnitude * exactPowersOfTen[power]
            return negative ? -result : result
        }
        return FloatingPointText.finite(text, as: Double.self)
    }

    /// The `Float` nearest to the text, or `nil` when the magnitude overflows to infinity or a non-zero value
    /// underflows to zero: read from the text itself, never rounded twice through `Double`.
    static func float(_ text: UnsafeRawBufferPointer) -> Float? {
        FloatingPointText.finite(text, as: Float.self)
    }
}
