/// A 64-bit hash over the UTF-8 of text fields, eight bytes at a time, for the document's id table
/// (``DocumentEntryIDs``) and the digests a store keeps between runs (``EntryDigest``, content identities).
///
/// The same in every process and on every platform, which a digest read back in a later run must be: Swift's
/// `Hasher` is seeded per process, so it is never used here. Each eight-byte word (read little-endian) is folded in
/// with a 64×64→128-bit multiply whose halves are xored (the mixing step of wyhash), a few instructions a word
/// where FNV-1a spent two multiplies a byte. Each field is closed by its length (and `nil` by a value no length
/// has), so that ("ab", "c") and ("a", "bc") differ, and so do `nil` and "".
package struct EntryHasher {
    private var state: UInt64 = 0x243f_6a88_85a3_08d3

    package init() {}

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = (value ^ 0xa076_1d64_78bd_642f).multipliedFullWidth(by: 0xe703_7ed1_a0b4_28db)
        return product.high ^ product.low
    }

    /// Folds in a field; `nil` differs from every text, the empty one included.
    package mutating func combine(_ text: String?) {
        guard let text else { return combine(word: .max) }
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            var text = text
            text.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Folds in a number (a date's bits, a length).
    package mutating func combine(word: UInt64) {
        state = Self.mix(state ^ word)
    }

    /// Folds in `bytes` as one field: whole words, the last zero-padded, then the length.
    package mutating func combine(bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        var offset = 0
        while offset + 8 <= count {
            state = Self.mix(state ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        if offset < count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                tail |= UInt64(bytes[offset]) << shift
                shift += 8
                offset += 1
            }
            state = Self.mix(state ^ tail)
        }
        state = Self.mix(state ^ UInt64(count))
    }

    /// The hash so far.
    package var value: UInt64 { state }

    /// The hash so far, as a digest.
    package var digest: EntryDigest { EntryDigest(value: state) }
}
