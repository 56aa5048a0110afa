/// How the podcast namespaces write durations, flags and numbers, read as podcast apps read them.
///
/// Trimming is done on the UTF-8 bytes: Foundation's `trimmingCharacters(in:)` bridges through `NSString` and cost
/// more than the rest of an item together (callgrind, generated RSS with `itunes:duration` in every item).
enum PodcastValueText {
    /// `itunes:duration` in every form it is written in — `3723`, `62:03`, `1:02:03`, `1:02:03.5` — in seconds;
    /// `nil` for anything else.
    static func duration(_ text: String) -> Double? {
        withTrimmedBytes(text) { bytes in
            var seconds = 0.0
            var part = 0.0
            var parts = 1
            var digits = 0
            var fraction = 0.0
            var scale = 0.0
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let digit = Double(byte &- UInt8(ascii: "0"))
                    if scale > 0 {
                        scale /= 10
                        fraction += digit * scale
                    } else {
                        part = part * 10 + digit
                    }
                    digits += 1
                case UInt8(ascii: ":"):
                    guard digits > 0, scale == 0, parts < 3 else { return nil }
                    seconds = (seconds + part) * 60
                    part = 0
                    digits = 0
                    parts += 1
                case UInt8(ascii: "."):
                    guard digits > 0, scale == 0 else { return nil }
                    scale = 1
                default:
                    return nil
                }
            }
            let total = seconds + part + fraction
            guard digits > 0, total.isFinite else { return nil }
            return total
        }
    }

    /// `itunes:explicit`: `yes`, `true`, `explicit` are `true`; `no`, `false`, `clean` are `false`; anything else
    /// (`YES` included) is unknown, as feedparser reads it. Compared as bytes: `Substring == String` goes through
    /// Unicode comparison and cost a thousand instructions an item.
    static func explicit(_ text: String) -> Bool? {
        withTrimmedBytes(text) { bytes in
            if equals(bytes, "yes") || equals(bytes, "true") || equals(bytes, "explicit") { return true }
            if equals(bytes, "no") || equals(bytes, "false") || equals(bytes, "clean") { return false }
            return nil
        }
    }

    /// `body` over the text's UTF-8 without surrounding white space, read in place when the string is contiguous.
    static func withTrimmedBytes<Result>(
        _ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> Result {
            var (start, end) = (0, bytes.count)
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            return body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
        if let result = text.utf8.withContiguousStorageIfAvailable(trimmed) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(trimmed)
    }

    @inline(__always)
    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        bytes.count == literal.utf8CodeUnitCount
            && bytes.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// `yes` / `true` (`itunes:complete`, `podcast:locked`, `podcast:block`, …); `no` / `false` are `false`.
    static func flag(_ text: String) -> Bool? {
        switch trimmed(text).lowercased() {
        case "yes", "true": true
        case "no", "false": false
        default: nil
        }
    }

    static func integer(_ text: String) -> Int? {
        Int(trimmed(text))
    }

    /// A finite number (durations, sizes, splits); `nil` for NaN, infinity or anything not a number.
    static func number(_ text: String) -> Double? {
        guard let value = Double(trimmed(text)), value.isFinite else { return nil }
        return value
    }

    static func int64(_ text: String) -> Int64? {
        Int64(trimmed(text))
    }

    /// The text without surrounding white space, or `nil` when nothing is left.
    static func nonEmpty(_ text: String?) -> String? {
        guard let text else { return nil }
        let value = trimmed(text)
        return value.isEmpty ? nil : String(value)
    }

    /// Whether the bytes are non-empty and neither start nor end with white space: ``attribute(_:)`` would give them
    /// unchanged.
    static func isTrimmed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        return !isSpace(first) && !isSpace(last)
    }

    /// An attribute's value without surrounding white space, or `nil` when it is missing or blank.
    static func attribute(_ bytes: UnsafeRawBufferPointer?) -> String? {
        guard let bytes else { return nil }
        var (start, end) = (0, bytes.count)
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    static func trimmed(_ text: String) -> Substring {
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return text[first...last]
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
