#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Matches member names on their raw bytes against a fixed set, so no `String` is made per key.
///
/// Names are bucketed by length and first byte; a lookup compares at most the few names in one bucket with
/// `memcmp`.
struct KeyTable<Key: Sendable>: Sendable {
    private struct Entry: Sendable {
        var start: Int
        var count: Int
        var key: Key
    }

    private var bytes: [UInt8] = []
    private var buckets: [[Entry]]
    private static var bucketCount: Int { 512 }

    init(_ pairs: [(String, Key)]) {
        buckets = Array(repeating: [], count: Self.bucketCount)
        for (name, key) in pairs {
            let utf8 = Array(name.utf8)
            let entry = Entry(start: bytes.count, count: utf8.count, key: key)
            bytes += utf8
            buckets[Self.bucket(count: utf8.count, first: utf8.first ?? 0, last: utf8.last ?? 0)].append(entry)
        }
    }

    @inline(__always)
    private static func bucket(count: Int, first: UInt8, last: UInt8) -> Int {
        (count &* 31 &+ Int(first) &* 7 &+ Int(last)) & (bucketCount - 1)
    }

    /// The key for this name, or `nil` when it is not in the table.
    @inline(__always)
    func lookup(_ name: UnsafeRawBufferPointer) -> Key? {
        guard let base = name.baseAddress, name.count > 0 else { return nil }
        let count = name.count
        let first = base.load(as: UInt8.self)
        let last = base.load(fromByteOffset: count - 1, as: UInt8.self)
        let candidates = buckets[Self.bucket(count: count, first: first, last: last)]
        guard !candidates.isEmpty else { return nil }
        return bytes.withUnsafeBytes { all in
            for entry in candidates where entry.count == count {
                if memcmp(all.baseAddress! + entry.start, base, count) == 0 { return entry.key }
            }
            return nil
        }
    }
}
