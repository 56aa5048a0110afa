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

/// What a sanitizing session wrote for byte strings it met before (a `style` value, a start tag), looked up by
/// the bytes: a feed repeats a few dozen of them thousands of times, and hashing and comparing one costs a fraction
/// of sanitizing it again.
///
/// Two-way set associative: a key may stand in its slot or the one beside it, and a new key replaces the pair's
/// older one. Direct-mapped, whether a feed's few keys collide is luck: the 18 styles of the `rss-code`
/// workload hit 91.4 % in 32 slots and still collided in 512 (99.57 %) under a first version of ``hash(_:)``, and
/// hit 92.1 % in 32 slots under this one; two ways of 64 or 128 slots keep all of them under either (99.95 %: only
/// each style's first sight missed). Bounded whatever a feed holds: `slotCount` slots, keys of at most
/// `longestKey` bytes.
struct ByteStringCache {
    let slotCount: Int
    let longestKey: Int
    private var keys: [[UInt8]] = []
    private var values: [[UInt8]] = []
    /// A small value kept beside each entry (the tag cache's element and outcome).
    private var payloads: [UInt16] = []
    private var storedAt: [UInt32] = []
    private var clock: UInt32 = 0

    /// `slotCount` a power of two.
    init(slotCount: Int, longestKey: Int) {
        precondition(slotCount >= 2 && slotCount & (slotCount - 1) == 0)
        self.slotCount = slotCount
        self.longestKey = longestKey
    }

    /// Whether nothing was ever kept.
    var isEmpty: Bool { keys.isEmpty }

    /// Forgets every entry, keeping the memory.
    mutating func removeAll() {
        for slot in keys.indices {
            keys[slot].removeAll(keepingCapacity: true)
            storedAt[slot] = 0
        }
    }

    /// Where `key` is kept, or `nil`; `hash` is ``hash(_:)`` of it, handed back to ``store(_:hash:value:payload:)``
    /// after a miss.
    @inline(__always)
    func slot(of key: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
        guard !keys.isEmpty else { return nil }
        let first = Int(truncatingIfNeeded: hash >> UInt64(64 - slotCount.trailingZeroBitCount))
        // A hit is not written down (a store per hit cost more than the rare second way it would save): a new key
        // replaces the pair's older one.
        let slot = holds(first, key) ? first : holds(first ^ 1, key) ? first ^ 1 : -1
        return slot >= 0 ? slot : nil
    }

    @inline(__always)
    private func holds(_ slot: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        keys[slot].count == key.count && keys[slot].withUnsafeBytes { Self.equal($0, key) }
    }

    /// Whether two buffers of the same length hold the same bytes, eight at a time, the last eight in one load
    /// overlapping the words before: a `memcmp` call cost more than comparing a tag's few words.
    @inline(__always)
    private static func equal(_ one: UnsafeRawBufferPointer, _ other: UnsafeRawBufferPointer) -> Bool {
        let count = other.count
        guard count >= 8 else { return memcmp(one.baseAddress!, other.baseAddress!, count) == 0 }
        var offset = 0
        while offset + 8 < count {
            if one.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != other.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        return one.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            == other.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }

    /// ``store(_:hash:value:payload:)`` of what `output` holds from `start`.
    mutating func store(_ key: UnsafeRawBufferPointer, hash: UInt64, value output: ByteAccumulator, from start: Int,
        payload: UInt16)
    {
        output.withUnsafeBytes { written in
            store(key, hash: hash, value: UnsafeRawBufferPointer(rebasing: written[start...]), payload: payload)
        }
    }

    /// Keeps `value` and `payload` for `key` (not empty, at most ``longestKey`` bytes) in the older of its two slots.
    mutating func store(_ key: UnsafeRawBufferPointer, hash: UInt64, value: UnsafeRawBufferPointer, payload: UInt16) {
        if keys.isEmpty {
            keys = Array(repeating: [], count: slotCount)
            values = Array(repeating: [], count: slotCount)
            payloads = Array(repeating: 0, count: slotCount)
            storedAt = Array(repeating: 0, count: slotCount)
        }
        let first = Int(truncatingIfNeeded: hash >> UInt64(64 - slotCount.trailingZeroBitCount))
        let slot = storedAt[first] <= storedAt[first ^ 1] ? first : first ^ 1
        // Refilled in place: a slot's arrays keep their memory, so a feed of changing tags allocates once per slot.
        keys[slot].removeAll(keepingCapacity: true)
        keys[slot].append(contentsOf: key)
        values[slot].removeAll(keepingCapacity: true)
        values[slot].append(contentsOf: value)
        payloads[slot] = payload
        clock &+= 1
        storedAt[slot] = clock
    }

    /// Calls `body` with what was kept at `slot`.
    @inline(__always)
    func withValue<R>(at slot: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        values[slot].withUnsafeBytes(body)
    }

    /// The payload kept at `slot`.
    @inline(__always)
    func payload(at slot: Int) -> UInt16 { payloads[slot] }

    /// A 64-bit hash of `bytes`, eight at a time (its top bits pick the slot).
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            offset += 8
        }
        // The last eight bytes in one load, overlapping the words before (a tag or a style is rarely a multiple of
        // eight, and a byte loop was a third of hashing one).
        var tail: UInt64 = 0
        if bytes.count >= 8 {
            tail = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
        } else {
            for index in 0..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index)) }
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 29)
    }
}
