#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StreamCore

/// The rule for URL attributes (`href`, `src`, …): http, https, mailto or a relative reference, nothing else.
///
/// The value is read as a browser reads it: libxml2 has already replaced character references (so
/// `jav&#x09;ascript:` arrives as `jav<TAB>ascript:`), browsers drop tabs and line breaks anywhere in a URL and
/// spaces or control characters at its ends, and a scheme is case-insensitive. Whatever has a colon before its
/// first `/`, `?` or `#` names a scheme, and only the three allowed ones pass.
enum SafeURL {
    /// What becomes of a URL attribute's value.
    enum Verdict {
        /// The attribute goes.
        case dropped
        /// The attribute stays with these bytes, a part of the value (most URLs need no more than trimming).
        case kept(UnsafeRawBufferPointer)
        /// The attribute stays with this value, made anew (tabs or line breaks taken out, or resolved).
        case rewritten(String)
    }

    /// The value to write for `raw`: trimmed, resolved against `base` when relative; dropped when it must go.
    ///
    /// Decided on the bytes: a `String` is made only when the value changes beyond trimming. `mayHoldLineBreaks` is
    /// `false` when the caller has seen every byte and found no control character (the sanitizer's fast path),
    /// which spares a second look for tabs and line breaks.
    static func filter(_ raw: UnsafeRawBufferPointer, base: URL?, mayHoldLineBreaks: Bool = true) -> Verdict {
        var start = 0
        var end = raw.count
        while start < end, raw[start] <= 0x20 { start += 1 }
        while end > start, raw[end - 1] <= 0x20 { end -= 1 }
        let trimmed = UnsafeRawBufferPointer(rebasing: raw[start..<end])
        // Inside the value: browsers take them out, and so does the copy.
        assert(mayHoldLineBreaks || !containsTabOrLineBreak(trimmed))
        if mayHoldLineBreaks, containsTabOrLineBreak(trimmed) { return filterCopy(raw, base: base) }
        for (index, byte) in trimmed.enumerated() {
            if byte == UInt8(ascii: ":") {
                let scheme = UnsafeRawBufferPointer(rebasing: trimmed[..<index])
                return isAllowed(scheme: scheme) ? .kept(trimmed) : .dropped
            }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
        }
        guard let base, !trimmed.isEmpty else { return .kept(trimmed) }
        return resolve(String(decoding: trimmed, as: UTF8.self), against: base)
    }

    /// Whether `bytes` hold a tab, line feed or carriage return: eight bytes at a time (a URL rarely holds any
    /// byte below 0x0E), each candidate word then byte by byte.
    private static func containsTabOrLineBreak(_ bytes: UnsafeRawBufferPointer) -> Bool {
        func isTabOrLineBreak(_ byte: UInt8) -> Bool { byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var position = 0
        while position + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            let ones: UInt64 = 0x0101_0101_0101_0101
            // Non-zero exactly when a byte is below 0x0E ("Bit Twiddling Hacks", hasless).
            if (word &- ones &* 0x0E) & ~word & (ones &* 0x80) != 0,
                bytes[position..<position + 8].contains(where: isTabOrLineBreak)
            {
                return true
            }
            position += 8
        }
        return bytes[position...].contains(where: isTabOrLineBreak)
    }

    /// Whether `scheme` is http, https or mailto in any letter case: packed into a word with bit 5 of every byte
    /// set, which makes each capital letter small and no other byte a small letter.
    private static func isAllowed(scheme: UnsafeRawBufferPointer) -> Bool {
        guard scheme.count >= 4, scheme.count <= 6 else { return false }
        var packed: UInt64 = 0
        withUnsafeMutableBytes(of: &packed) { $0.copyMemory(from: scheme) }
        packed = UInt64(littleEndian: packed) | (0x2020_2020_2020 >> (8 * UInt64(6 - scheme.count)))
        // "http", "https", "mailto", little-endian.
        return packed == 0x7074_7468 || packed == 0x73_7074_7468 || packed == 0x6F74_6C69_616D
    }

    /// A value with no scheme (the caller has looked) against the base.
    private static func resolve(_ value: String, against base: URL) -> Verdict {
        .rewritten(URLResolution.resolve(value, against: base))
    }

    /// ``filter(_:base:)`` for a value with tabs or line breaks inside: they are taken out of a copy.
    private static func filterCopy(_ raw: UnsafeRawBufferPointer, base: URL?) -> Verdict {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        for byte in raw where byte != 0x09 && byte != 0x0A && byte != 0x0D { bytes.append(byte) }
        while let first = bytes.first, first <= 0x20 { bytes.removeFirst() }
        while let last = bytes.last, last <= 0x20 { bytes.removeLast() }
        var schemeEnd: Int?
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: ":") {
                schemeEnd = index
                break
            }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
        }
        let value = String(decoding: bytes, as: UTF8.self)
        if let schemeEnd {
            let allowed = bytes.withUnsafeBytes { all in
                isAllowed(scheme: UnsafeRawBufferPointer(rebasing: all[0..<schemeEnd]))
            }
            return allowed ? .rewritten(value) : .dropped
        }
        guard let base, !value.isEmpty else { return .rewritten(value) }
        return resolve(value, against: base)
    }
}
