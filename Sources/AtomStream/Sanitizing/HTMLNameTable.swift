/// A fixed set of ASCII names, looked up by bytes in any letter case: the fast path looks up every tag and
/// attribute name it meets, and a `String` made and SipHash-hashed for each cost more than the rest of the tag.
///
/// Open addressing over FNV-1a of the lowercased bytes; the slots are at least twice the names, so a lookup
/// probes once or twice and compares one name. A class, so that reaching a table costs one reference count.
final class HTMLNameTable<Value: Sendable>: Sendable {
    /// Every name's lowercase bytes, one after another.
    private let nameBytes: [UInt8]
    /// Where each name starts in ``nameBytes``; one more entry than names, so name `i` ends where `i + 1` starts.
    private let nameStarts: [Int]
    private let values: [Value]
    /// Name index per slot, `-1` where empty.
    private let slots: [Int]
    private let mask: Int

    /// A table of `entries`, whose names are lowercase ASCII and distinct.
    init(_ entries: [(name: String, value: Value)]) {
        var nameBytes: [UInt8] = []
        var nameStarts: [Int] = []
        for entry in entries {
            nameStarts.append(nameBytes.count)
            nameBytes += entry.name.utf8
        }
        nameStarts.append(nameBytes.count)
        var size = 8
        while size < entries.count * 4 { size *= 2 }
        var slots = [Int](repeating: -1, count: size)
        for (index, entry) in entries.enumerated() {
            var slot = Self.hash(Array(entry.name.utf8)[...]) & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = index
        }
        self.nameBytes = nameBytes
        self.nameStarts = nameStarts
        self.values = entries.map(\.value)
        self.slots = slots
        self.mask = size - 1
    }

    @inline(__always)
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    private static func hash<Bytes: Collection<UInt8>>(_ name: Bytes) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in name { hash = (hash ^ UInt32(lowercased(byte))) &* 16_777_619 }
        return Int(hash ^ (hash >> 15))
    }

    /// The index of `name` (any letter case), or `nil`.
    func index(of name: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        var slot = Self.hash(name) & mask
        while true {
            let entry = slots[slot]
            if entry < 0 { return nil }
            let start = nameStarts[entry]
            if nameStarts[entry + 1] - start == name.count {
                var matches = true
                var position = start
                for byte in name {
                    if Self.lowercased(byte) != nameBytes[position] {
                        matches = false
                        break
                    }
                    position += 1
                }
                if matches { return entry }
            }
            slot = (slot + 1) & mask
        }
    }

    /// The value of the name at `index`.
    func value(at index: Int) -> Value { values[index] }

    /// Calls `body` with the lowercase bytes of the name at `index`.
    func withName<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let range = nameStarts[index]..<nameStarts[index + 1]
        return nameBytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }
}
