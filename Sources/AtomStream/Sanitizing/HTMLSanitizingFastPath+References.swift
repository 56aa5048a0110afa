#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

/// Character references in the fast path's scan: decoded exactly as libxml2's HTML parser decodes them, or left to
/// libxml2 (the scan gives up) where the fast path cannot vouch for the result.
extension HTMLSanitizingFastPath.Scanner {
    /// The character reference at `index` (which holds `&`) as libxml2 reads it, `index` moved past it: XML's
    /// `&amp;` `&lt;` `&gt;` `&quot;`, a decimal or hexadecimal one (`&#8217;`, `&#x2019;`), or one of HTML 4's
    /// names (`&nbsp;`, `&hellip;`); `nil` for anything libxml2 must decide (no `;`, an unknown name, a control
    /// character or one XML does not allow).
    mutating func reference() -> Unicode.Scalar? {
        for (name, byte) in Self.references where matches(name, at: index + 1) {
            index += 1 + name.utf8CodeUnitCount
            return Unicode.Scalar(byte)
        }
        var position = index + 1
        let value: UInt32?
        if position < bytes.count, bytes[position] == UInt8(ascii: "#") {
            position += 1
            value = numericReference(&position)
        } else {
            value = namedReference(&position)
        }
        guard let value, Self.passesThrough(value), position < bytes.count, bytes[position] == UInt8(ascii: ";"),
            let scalar = Unicode.Scalar(value)
        else { return nil }
        index = position + 1
        return scalar
    }

    /// The digits of `&#…;` or `&#x…;` from `position` (past the `#`) and their value; `position` ends on the
    /// byte after them. At most seven digits: more are libxml2's to clamp.
    func numericReference(_ position: inout Int) -> UInt32? {
        guard position < bytes.count else { return nil }
        let isHex = bytes[position] | 0x20 == UInt8(ascii: "x")
        if isHex { position += 1 }
        let start = position
        var value: UInt32 = 0
        while position < bytes.count, position - start < 7 {
            let byte = bytes[position]
            var digit = UInt32(byte &- UInt8(ascii: "0"))
            if digit > 9 {
                let letter = UInt32((byte | 0x20) &- UInt8(ascii: "a"))
                guard isHex, letter < 6 else { break }
                digit = letter + 10
            }
            value = value &* (isHex ? 16 : 10) &+ digit
            position += 1
        }
        return position > start ? value : nil
    }

    /// The character of the HTML 4 name from `position` (past the `&`); `position` ends on the byte after it.
    mutating func namedReference(_ position: inout Int) -> UInt32? {
        let start = position
        var packed: UInt64 = 0
        while position < bytes.count, Self.isNameByte(bytes[position]) {
            guard position - start < 8 else { return nil }
            packed |= UInt64(bytes[position]) << (8 * UInt64(position - start))
            position += 1
        }
        guard position > start else { return nil }
        if let known = scratch.entities[packed] { return known }
        let found = HTMLEntityTable.character(
            named: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<position])))?.value
        // Bounded: HTML 4 has 253 names, and names that are none are remembered only while there is room.
        if scratch.entities.count < 512 { scratch.entities[packed] = .some(found) }
        return found
    }

    /// Whether libxml2 hands the character a reference names to the writer unchanged, and the writer writes it
    /// as the fast path does: printable ASCII and every character XML allows above the C1 controls (not tab,
    /// line feed or carriage return, which libxml2 treats as white space in places).
    @inline(__always)
    static func passesThrough(_ value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Appends the UTF-8 bytes of `scalar` through `append`.
    @inline(__always)
    static func appendUTF8(_ scalar: Unicode.Scalar, _ append: (UInt8) -> Void) {
        if scalar.isASCII {
            append(UInt8(scalar.value))
        } else {
            UTF8.encode(scalar) { append($0) }
        }
    }

    /// The references the fast path reads, by name (after the `&`), with the byte each stands for.
    static let references: [(name: StaticString, byte: UInt8)] = [
        ("amp;", UInt8(ascii: "&")), ("lt;", UInt8(ascii: "<")), ("gt;", UInt8(ascii: ">")),
        ("quot;", UInt8(ascii: "\"")),
    ]

    func matches(_ text: StaticString, at position: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return memcmp(bytes.baseAddress! + position, text.utf8Start, count) == 0
    }
}
