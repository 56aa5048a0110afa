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
        // XML's own, which blogs write most, without a lookup (HTML 4's table has them too).
        switch packed {
        case Self.packedAmp: return UInt32(UInt8(ascii: "&"))
        case Self.packedLt: return UInt32(UInt8(ascii: "<"))
        case Self.packedGt: return UInt32(UInt8(ascii: ">"))
        case Self.packedQuot: return UInt32(UInt8(ascii: "\""))
        default: break
        }
        return scratch.entities.character(packed: packed) {
            HTMLEntityTable.character(
                named: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<position])))?.value
        }
    }

    private static let packedAmp: UInt64 = 0x70_6D_61
    private static let packedLt: UInt64 = 0x74_6C
    private static let packedGt: UInt64 = 0x74_67
    private static let packedQuot: UInt64 = 0x74_6F_75_71

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

    /// Stores `scalar` at `target` as the writer writes text: its UTF-8 bytes, or `&amp;`, `&lt;` or `&gt;`; returns
    /// how many bytes it wrote. It writes eight bytes, the rest beyond the count left to be overwritten.
    @inline(__always)
    static func storeCharacter(_ scalar: Unicode.Scalar, at target: UnsafeMutableRawPointer) -> Int {
        let value = UInt64(scalar.value)
        let packed: UInt64
        let count: Int
        switch value {
        case 0x26:
            (packed, count) = (0x3B_70_6D_61_26, 5)  // "&amp;", little-endian
        case 0x3C:
            (packed, count) = (0x3B_74_6C_26, 4)  // "&lt;"
        case 0x3E:
            (packed, count) = (0x3B_74_67_26, 4)  // "&gt;"
        case 0..<0x80:
            (packed, count) = (value, 1)
        case 0x80..<0x800:
            (packed, count) = ((0xC0 | value >> 6) | (0x80 | value & 0x3F) << 8, 2)
        case 0x800..<0x10000:
            (packed, count) = ((0xE0 | value >> 12) | (0x80 | value >> 6 & 0x3F) << 8 | (0x80 | value & 0x3F) << 16, 3)
        default:
            packed =
                (0xF0 | value >> 18) | (0x80 | value >> 12 & 0x3F) << 8 | (0x80 | value >> 6 & 0x3F) << 16
                | (0x80 | value & 0x3F) << 24
            count = 4
        }
        target.storeBytes(of: packed.littleEndian, as: UInt64.self)
        return count
    }
}

extension HTMLSanitizingFastPath {
    /// The HTML 4 names a scan met, packed (up to eight bytes), with their characters: libxml2's table is searched
    /// name by name, so each name is looked up there once. Direct-mapped, a name colliding with another evicting it;
    /// bounded by its slot count however many names a feed invents.
    struct EntityCache {
        /// Empty until the first name: a scan is set up for every value, most of which name no character.
        private var keys: [UInt64] = []
        /// The character plus one, `0` for a name that is none (so `0` with key `0` is an empty slot: no name packs
        /// to `0`).
        private var values: [UInt32] = []

        mutating func character(packed: UInt64, lookUp: () -> UInt32?) -> UInt32? {
            if keys.isEmpty {
                keys = Array(repeating: 0, count: 64)
                values = Array(repeating: 0, count: 64)
            }
            let slot = Int(truncatingIfNeeded: (packed &* 0x9E37_79B9_7F4A_7C15) >> 58)
            if keys[slot] == packed {
                let value = values[slot]
                return value == 0 ? nil : value - 1
            }
            let found = lookUp()
            keys[slot] = packed
            values[slot] = found.map { $0 + 1 } ?? 0
            return found
        }
    }
}
