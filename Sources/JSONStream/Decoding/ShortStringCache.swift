/// Strings of up to 15 UTF-8 bytes made recently, found again by their bytes.
///
/// Business records repeat short values (divisions, cities, codes, types, flags), and such a string is stored
/// inline in a `String` value, so a hit is a copy of two words instead of validating the bytes and building the
/// string again (about a quarter of the instructions). A miss costs one more comparison and a store; longer
/// strings bypass the cache. Direct-mapped, 256 entries, owned by one decoder.
final class ShortStringCache {
    private static let slotCount = 256

    /// Each entry's bytes as two little-endian words, the length in the top byte of the second; zero when empty
    /// (no text of 1 to 15 bytes has a zero second word).
    private let keys: UnsafeMutablePointer<(UInt64, UInt64)>
    private let values: UnsafeMutablePointer<String>

    init() {
        keys = .allocate(capacity: Self.slotCount)
        keys.initialize(repeating: (0, 0), count: Self.slotCount)
        values = .allocate(capacity: Self.slotCount)
        values.initialize(repeating: "", count: Self.slotCount)
    }

    deinit {
        keys.deallocate()
        values.deinitialize(count: Self.slotCount)
        values.deallocate()
    }

    /// The string of these valid UTF-8 bytes, of which the 16 from the start must be readable memory (a
    /// ``TokenTape`` text is): the bytes are read as two words and the ones past the text masked off.
    @inline(__always)
    func string(paddedText text: UnsafeRawBufferPointer) -> String {
        let count = text.count
        guard count > 0 && count <= 15 else { return String(decoding: text, as: UTF8.self) }
        let base = text.baseAddress!
        let lowMask: UInt64 = count >= 8 ? ~0 : (1 << UInt64(count * 8)) &- 1
        let highMask: UInt64 = count <= 8 ? 0 : (1 << UInt64((count - 8) * 8)) &- 1
        let low = UInt64(littleEndian: base.loadUnaligned(as: UInt64.self)) & lowMask
        let high =
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & highMask
            | UInt64(count) << 56
        let slot = Int(truncatingIfNeeded: (low &* 0x9E37_79B9_7F4A_7C15 ^ high &* 0xC2B2_AE3D_27D4_EB4F) >> 56)
        if keys[slot] == (low, high) { return values[slot] }
        let made = String(decoding: text, as: UTF8.self)
        keys[slot] = (low, high)
        values[slot] = made
        return made
    }
}
