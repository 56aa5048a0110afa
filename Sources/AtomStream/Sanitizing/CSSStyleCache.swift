#if canImport(FoundationEssentials)
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore

/// The `style` values a sanitizing session has filtered, with what ``CSSStyleFilter`` wrote for each: a page or a
/// feed repeats the same few styles (a Movable Type feed in feedparser's tests has 345 `style` attributes, 25
/// distinct), and hashing and comparing a value costs a fraction of filtering it again.
///
/// Direct-mapped: a style colliding with another replaces it. Bounded whatever a feed holds: ``slotCount`` slots,
/// each holding a style of at most ``longestStyle`` bytes and what was written for it.
struct CSSStyleCache {
    static let slotCount = 32
    static let longestStyle = 1024

    private struct Entry {
        var style: [UInt8] = []
        /// What ``CSSStyleFilter/write(_:to:)`` wrote, empty when it wrote nothing.
        var written: [UInt8] = []
    }

    /// Empty until the first style: most values have none.
    private var entries: [Entry] = []

    /// ``CSSStyleFilter/write(_:to:)``, from the cache when `style` was filtered before.
    mutating func write(_ style: UnsafeRawBufferPointer, to output: inout ByteAccumulator) -> Bool {
        // An empty style (`style=""`) has no bytes to compare (and no base address): it is filtered, which is quick.
        guard !style.isEmpty, style.count <= Self.longestStyle else { return CSSStyleFilter.write(style, to: &output) }
        if entries.isEmpty { entries = Array(repeating: Entry(), count: Self.slotCount) }
        let slot = Int(truncatingIfNeeded: Self.hash(style) >> 59)
        if entries[slot].style.count == style.count,
            entries[slot].style.withUnsafeBytes({ memcmp($0.baseAddress!, style.baseAddress!, style.count) }) == 0
        {
            entries[slot].written.withUnsafeBytes { output.append($0) }
            return !entries[slot].written.isEmpty
        }
        let start = output.count
        let wrote = CSSStyleFilter.write(style, to: &output)
        entries[slot].style = Array(style)
        entries[slot].written = wrote ? output.withUnsafeBytes { Array($0[start...]) } : []
        return wrote
    }

    /// A 64-bit hash of `bytes`, eight at a time (its top bits pick the slot).
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            offset += 8
        }
        var tail: UInt64 = 0
        for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 29)
    }
}
