#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Matches member names on their raw bytes against a fixed set, so no `String` is made per key.
///
/// An open-addressing table hashed on the length and the first and last bytes: most names the decoders do not
/// know end at an empty slot or a length mismatch without touching their bytes, and a known name costs one
/// `memcmp`. Everything is in flat arrays, so a lookup retains nothing.
package struct KeyTable<Key: Sendable>: Sendable {
    private struct Entry: Sendable {
        var start: Int
        var count: Int
        var key: Key
    }

    private var bytes: [UInt8] = []
    private var entries: [Entry] = []
    /// Index into `entries` plus one; 0 marks an empty slot.
    private var slots: [UInt16]
    private static var slotCount: Int { 512 }

    package init(_ pairs: [(String, Key)]) {
        precondition(pairs.count < Self.slotCount / 2)
        slots = Array(repeating: 0, count: Self.slotCount)
        for (name, key) in pairs {
            let utf8 = Array(name.utf8)
            entries.append(Entry(start: bytes.count, count: utf8.count, key: key))
            bytes += utf8
            var slot = Self.slot(count: utf8.count, first: utf8.first ?? 0, last: utf8.last ?? 0)
            while slots[slot] != 0 { slot = (slot + 1) & (Self.slotCount - 1) }
            slots[slot] = UInt16(entries.count)
        }
    }

    @inline(__always)
    private static func slot(count: Int, first: UInt8, last: UInt8) -> Int {
        (count &* 31 &+ Int(first) &* 7 &+ Int(last)) & (slotCount - 1)
    }

    /// The key for this name, or `nil` when it is not in the table.
    @inline(__always)
    package func lookup(_ name: UnsafeRawBufferPointer) -> Key? {
        guard let base = name.baseAddress, name.count > 0 else { return nil }
        let count = name.count
        var slot = Self.slot(
            count: count, first: base.load(as: UInt8.self), last: base.load(fromByteOffset: count - 1, as: UInt8.self))
        return entries.withUnsafeBufferPointer { entries in
            slots.withUnsafeBufferPointer { slots in
                while true {
                    let index = Int(slots[slot])
                    if index == 0 { return nil }
                    let entry = entries[index - 1]
                    if entry.count == count
                        && bytes.withUnsafeBytes({ memcmp($0.baseAddress! + entry.start, base, count) }) == 0
                    {
                        return entry.key
                    }
                    slot = (slot + 1) & (Self.slotCount - 1)
                }
            }
        }
    }
}
