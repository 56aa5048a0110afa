/// A fixed set of ASCII names, looked up by bytes in any letter case: the fast path looks up every tag and
/// attribute name it meets, and a `String` made and SipHash-hashed for each cost more than the rest of the tag.
///
/// A name of up to sixteen bytes is packed, lowercased, into two words (``Key``), which are hashed by two
/// multiplications and compared whole: a lookup costs a few dozen instructions, where hashing and comparing byte
/// by byte cost 170 (25 M instructions of the `rss-html` workload's 495 M). Open addressing, the slots at least
/// four times the names. A class, so that reaching a table costs one reference count.
final class HTMLNameTable<Value: Sendable>: Sendable {
    /// A name's bytes, lowercased, little-endian: the first eight in `low`, the next eight in `high`, the rest zero.
    struct Key: Equatable {
        var low: UInt64
        var high: UInt64
    }

    /// The longest name a ``Key`` holds.
    static var maximumLength: Int { 16 }

    private struct Slot {
        var key: Key
        var length: Int
        /// The entry's index, `-1` where empty.
        var entry: Int
    }

    private let keys: [Key]
    private let lengths: [Int]
    /// Every name's bytes, one after another from ``starts``: what ``withName(at:_:)`` hands over, read in place
    /// rather than from a local (whose memory would give its callers a stack guard).
    private let nameBytes: [UInt8]
    private let starts: [Int]
    private let values: [Value]
    private let slots: [Slot]
    private let shift: UInt64

    /// A table of `entries`, whose names are distinct, lowercase ASCII, at most ``maximumLength`` bytes;
    /// ``withName(at:_:)`` hands over `spellings` where given (SVG's `viewBox` for `viewbox`), each the same name
    /// in other letter case.
    init(_ entries: [(name: String, value: Value)], spellings: [String]? = nil) {
        precondition(spellings.map { $0.map { $0.lowercased() } == entries.map(\.name) } ?? true)
        var bits: UInt64 = 3
        while 1 << bits < entries.count * 4 { bits += 1 }
        var slots = [Slot](repeating: Slot(key: Key(low: 0, high: 0), length: 0, entry: -1), count: 1 << bits)
        var keys: [Key] = []
        for (index, entry) in entries.enumerated() {
            let name = Array(entry.name.utf8)
            // Lowercase ASCII that setting bit 5 leaves as it is (letters, digits, `-`, `:`), as ``key(_:in:)`` needs.
            precondition(name.count <= Self.maximumLength && name.allSatisfy { $0 < 0x80 && $0 | 0x20 == $0 })
            let key = name.withUnsafeBufferPointer { Self.key(0..<$0.count, in: $0) }
            keys.append(key)
            var slot = Self.slot(of: key, shift: 64 - bits)
            while slots[slot].entry >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Slot(key: key, length: name.count, entry: index)
        }
        self.keys = keys
        self.lengths = entries.map(\.name.utf8.count)
        self.nameBytes = (spellings ?? entries.map(\.name)).flatMap(\.utf8)
        var start = 0
        self.starts = entries.map { entry in
            defer { start += entry.name.utf8.count }
            return start
        }
        self.values = entries.map(\.value)
        self.slots = slots
        self.shift = 64 - bits
    }

    @inline(__always)
    private static func slot(of key: Key, shift: UInt64) -> Int {
        let mixed = (key.low &* 0x9E37_79B9_7F4A_7C15) ^ (key.high &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: mixed >> shift)
    }

    /// The key of the name at `range` of `bytes`, whose bytes are ASCII letters, digits or `-` (so setting bit 5
    /// lowercases every one of them and changes no other), at most ``maximumLength`` of them. Two loads when
    /// sixteen bytes follow the name's start, as they do but at the end of a value.
    @inline(__always)
    static func key(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Key {
        keyAndCase(range, in: bytes).key
    }

    /// ``key(_:in:)``, and whether the name is written as its key is (in small letters): the fast path keeps a
    /// tag as read only then, and the words are at hand here.
    @inline(__always)
    static func keyAndCase(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> (key: Key, isLowercase: Bool) {
        let count = UInt64(range.count)
        var low: UInt64
        var high: UInt64
        if range.lowerBound + 16 <= bytes.count {
            let start = UnsafeRawPointer(bytes.baseAddress! + range.lowerBound)
            low = UInt64(littleEndian: start.loadUnaligned(as: UInt64.self))
            high = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        } else {
            // Byte by byte rather than through a local's memory, whose stack guard every lookup would pay.
            low = 0
            high = 0
            for offset in 0..<range.count {
                let byte = UInt64(bytes[range.lowerBound + offset])
                if offset < 8 { low |= byte << UInt64(8 * offset) } else { high |= byte << UInt64(8 * (offset - 8)) }
            }
        }
        let (lowMask, highMask) = masks(length: count)
        let cases: UInt64 = 0x2020_2020_2020_2020
        low &= lowMask
        high &= highMask
        let key = Key(low: (low | cases) & lowMask, high: (high | cases) & highMask)
        return (key, key.low == low && key.high == high)
    }

    /// The masks that keep a name's `length` bytes of the two words loaded at its start.
    @inline(__always)
    private static func masks(length: UInt64) -> (low: UInt64, high: UInt64) {
        let low: UInt64 = length >= 8 ? ~0 : (1 << (8 * length)) &- 1
        let high: UInt64 = length <= 8 ? 0 : length >= 16 ? ~0 : (1 << (8 * (length - 8))) &- 1
        return (low, high)
    }

    /// The index of the name at `range` of `bytes` (ASCII letters, digits and `-`, in any letter case), or `nil`.
    @inline(__always)
    func index(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        lookUp(range, in: bytes).index
    }

    /// ``index(of:in:)``, and whether the name is written in small letters (known only for names in the table).
    @inline(__always)
    func lookUp(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> (index: Int?, isLowercase: Bool) {
        guard range.count <= Self.maximumLength else { return (nil, false) }
        let (key, isLowercase) = Self.keyAndCase(range, in: bytes)
        let mask = slots.count - 1
        var slot = Self.slot(of: key, shift: shift)
        while true {
            let found = slots[slot]
            if found.entry < 0 { return (nil, false) }
            if found.key == key && found.length == range.count { return (found.entry, isLowercase) }
            slot = (slot + 1) & mask
        }
    }

    /// Whether the bytes at `position` of `bytes` are the name at `index` as it is kept, in small letters: the
    /// name of an end tag is nearly always that of the element it closes, and comparing it costs less than a lookup.
    /// `false` also when fewer than sixteen bytes follow `position` (the caller then looks the name up).
    @inline(__always)
    func isName(at index: Int, writtenAt position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard position + 16 <= bytes.count else { return false }
        let length = UInt64(lengths[index])
        let key = keys[index]
        let start = UnsafeRawPointer(bytes.baseAddress! + position)
        let low = UInt64(littleEndian: start.loadUnaligned(as: UInt64.self))
        let high = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let (lowMask, highMask) = Self.masks(length: length)
        return low & lowMask == key.low && high & highMask == key.high
    }

    /// The length of the name at `index`.
    @inline(__always)
    func length(at index: Int) -> Int { lengths[index] }

    /// The value of the name at `index`.
    func value(at index: Int) -> Value { values[index] }

    /// Calls `body` with the bytes of the name at `index`: lowercase, or as ``init(_:spellings:)`` spelled it.
    @inline(__always)
    func withName<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let start = starts[index]
        let end = start + lengths[index]
        return nameBytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
    }
}
