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
/// each style's first sight missed).
///
/// Flat: every slot has a region of one allocation, its key's bytes then its value's, and its lengths in a table
/// beside it. An array per key and per value cost a highlighted-code span's cache hit a reference count on the
/// value, a bounds check and a load per array level (the `rss-code` workload's 100 k hits). Bounded whatever a feed
/// holds: `slotCount` slots, keys of at most `longestKey` bytes, values of at most `longestValue` (a longer one is
/// not kept).
struct ByteStringCache {
    let slotCount: Int
    let longestKey: Int
    let longestValue: Int
    /// `nil` until the first store: most sessions keep nothing, and a value's scanner starts with an empty cache.
    private var storage: Storage?

    /// A slot's lengths and payload.
    struct Entry {
        /// 0 where the slot is empty (no key is empty).
        var keyCount: UInt32 = 0
        var valueCount: UInt32 = 0
        var storedAt: UInt32 = 0
        /// A small value kept beside each entry (the tag cache's element and outcome).
        var payload: UInt16 = 0
    }

    /// The memory of every slot. A class so that the cache is one reference; ``store(_:hash:value:payload:)`` copies
    /// it when it is shared, so the cache keeps value semantics.
    private final class Storage {
        let keyStride: Int
        let stride: Int
        let bytes: UnsafeMutableRawPointer
        let entries: UnsafeMutablePointer<Entry>
        let slotCount: Int
        var clock: UInt32 = 0

        init(slotCount: Int, longestKey: Int, longestValue: Int) {
            // Key regions a whole number of words: a key is compared by words, its last one overlapping.
            keyStride = (longestKey + 7) & ~7
            stride = keyStride + ((longestValue + 7) & ~7)
            self.slotCount = slotCount
            bytes = .allocate(byteCount: slotCount * stride, alignment: 8)
            entries = .allocate(capacity: slotCount)
            entries.initialize(repeating: Entry(), count: slotCount)
        }

        /// A copy of `other`'s entries (what a shared cache's store starts from).
        convenience init(copying other: Storage, longestKey: Int, longestValue: Int) {
            self.init(slotCount: other.slotCount, longestKey: longestKey, longestValue: longestValue)
            bytes.copyMemory(from: other.bytes, byteCount: slotCount * stride)
            entries.update(from: other.entries, count: slotCount)
            clock = other.clock
        }

        deinit {
            bytes.deallocate()
            entries.deallocate()
        }

        @inline(__always)
        func key(at slot: Int) -> UnsafeRawPointer { UnsafeRawPointer(bytes + slot &* stride) }

        @inline(__always)
        func value(at slot: Int) -> UnsafeMutableRawPointer { bytes + (slot &* stride &+ keyStride) }
    }

    /// `slotCount` a power of two.
    init(slotCount: Int, longestKey: Int, longestValue: Int) {
        precondition(slotCount >= 2 && slotCount & (slotCount - 1) == 0)
        precondition(longestKey <= UInt32.max && longestValue <= UInt32.max)
        self.slotCount = slotCount
        self.longestKey = longestKey
        self.longestValue = longestValue
    }

    /// Whether nothing was ever kept.
    var isEmpty: Bool { storage == nil }

    /// Forgets every entry, keeping the memory.
    mutating func removeAll() {
        guard storage != nil else { return }
        // A cache shared with a copy is let go rather than emptied under the copy.
        guard isKnownUniquelyReferenced(&storage) else {
            storage = nil
            return
        }
        storage!.entries.update(repeating: Entry(), count: slotCount)
    }

    /// The slot of `hash` (``hash(_:)`` of a key): its top bits.
    @inline(__always)
    private func firstSlot(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash >> UInt64(64 - slotCount.trailingZeroBitCount))
    }

    /// Where `key` is kept, or `nil`; `hash` is ``hash(_:)`` of it, handed back to ``store(_:hash:value:payload:)``
    /// after a miss.
    @inline(__always)
    func slot(of key: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
        guard let storage else { return nil }
        let first = firstSlot(hash)
        // A hit is not written down (a store per hit cost more than the rare second way it would save): a new key
        // replaces the pair's older one.
        if Self.holds(storage, first, key) { return first }
        if Self.holds(storage, first ^ 1, key) { return first ^ 1 }
        return nil
    }

    @inline(__always)
    private static func holds(_ storage: Storage, _ slot: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        Int(truncatingIfNeeded: storage.entries[slot].keyCount) == key.count
            && equal(storage.key(at: slot), key)
    }

    /// Whether the key kept at `kept` (in a region of whole words) holds `other`'s bytes, eight at a time, the last
    /// eight in one load overlapping the words before: a `memcmp` call cost more than comparing a tag's few words.
    @inline(__always)
    private static func equal(_ kept: UnsafeRawPointer, _ other: UnsafeRawBufferPointer) -> Bool {
        let count = other.count
        guard count >= 8 else { return memcmp(kept, other.baseAddress!, count) == 0 }
        var offset = 0
        while offset + 8 < count {
            if kept.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != other.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        return kept.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
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

    /// Keeps `value` and `payload` for `key` (not empty, at most ``longestKey`` bytes) in the older of its two slots;
    /// a value longer than ``longestValue`` is not kept.
    mutating func store(_ key: UnsafeRawBufferPointer, hash: UInt64, value: UnsafeRawBufferPointer, payload: UInt16) {
        precondition(!key.isEmpty && key.count <= longestKey)
        guard value.count <= longestValue else { return }
        if storage == nil {
            storage = Storage(slotCount: slotCount, longestKey: longestKey, longestValue: longestValue)
        } else if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(copying: storage!, longestKey: longestKey, longestValue: longestValue)
        }
        let storage = storage!
        let first = firstSlot(hash)
        let slot = storage.entries[first].storedAt <= storage.entries[first ^ 1].storedAt ? first : first ^ 1
        UnsafeMutableRawPointer(mutating: storage.key(at: slot))
            .copyMemory(from: key.baseAddress!, byteCount: key.count)
        if let source = value.baseAddress { storage.value(at: slot).copyMemory(from: source, byteCount: value.count) }
        storage.clock &+= 1
        storage.entries[slot] = Entry(
            keyCount: UInt32(key.count), valueCount: UInt32(value.count), storedAt: storage.clock, payload: payload)
    }

    /// What was kept at `slot` (a slot ``slot(of:hash:)`` returned, until the next store or ``removeAll()``).
    @inline(__always)
    func value(at slot: Int) -> UnsafeRawBufferPointer {
        let storage = storage.unsafelyUnwrapped
        return UnsafeRawBufferPointer(
            start: storage.value(at: slot), count: Int(truncatingIfNeeded: storage.entries[slot].valueCount))
    }

    /// The payload kept at `slot`.
    @inline(__always)
    func payload(at slot: Int) -> UInt16 { storage.unsafelyUnwrapped.entries[slot].payload }

    /// A 64-bit hash of `bytes` (its top bits pick the slot): the words before the last one to eight bytes through
    /// ``mixing(_:_:)``, then those last bytes through ``finishing(_:last:count:)``, the way the tag cache hashes a
    /// tag while it looks for its end.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        var hash = hashSeed
        var offset = 0
        while offset + 8 < count {
            hash = mixing(hash, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        // The last one to eight bytes, in one load overlapping the words before when there are eight (a tag or a
        // style is rarely a multiple of eight, and a byte loop was a third of hashing one).
        var last: UInt64 = 0
        if count >= 8 {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
            last = word >> UInt64(8 * (8 - (count - offset)))
        } else {
            for index in 0..<count { last |= UInt64(bytes[index]) << (8 * UInt64(index)) }
        }
        return finishing(hash, last: last, count: count)
    }

    static var hashSeed: UInt64 { 0x9E37_79B9_7F4A_7C15 }

    /// ``hash(_:)``'s step over one whole word that is not the last.
    @inline(__always)
    static func mixing(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
        return mixed ^ (mixed >> 32)
    }

    /// ``hash(_:)``'s last step: `last` holds the last one to eight bytes in its low bytes, the rest zero.
    @inline(__always)
    static func finishing(_ hash: UInt64, last: UInt64, count: Int) -> UInt64 {
        let mixed = (hash ^ last ^ (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9)) &* 0xC4CE_B9FE_1A85_EC53
        return mixed ^ (mixed >> 29)
    }
}
