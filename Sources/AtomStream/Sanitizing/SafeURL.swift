import Foundation

/// The rule for URL attributes (`href`, `src`, …): http, https, mailto or a relative reference, nothing else.
///
/// The value is read as a browser reads it: libxml2 has already replaced character references (so
/// `jav&#x09;ascript:` arrives as `jav<TAB>ascript:`), browsers drop tabs and line breaks anywhere in a URL and
/// spaces or control characters at its ends, and a scheme is case-insensitive. Whatever has a colon before its
/// first `/`, `?` or `#` names a scheme, and only the three allowed ones pass.
enum SafeURL {
    /// The value to write for `raw`: trimmed, resolved against `base` when relative; `nil` when it must go.
    static func filter(_ raw: UnsafeRawBufferPointer, base: URL?) -> String? {
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
            let scheme = String(decoding: bytes[..<schemeEnd], as: UTF8.self).lowercased()
            return scheme == "http" || scheme == "https" || scheme == "mailto" ? value : nil
        }
        guard let base, !value.isEmpty, let resolved = URL(string: value, relativeTo: base) else { return value }
        return resolved.absoluteString
    }
}
