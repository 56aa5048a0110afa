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

/// A handful of recently made strings, reused when the same bytes come again.
///
/// Feeds repeat the same long attribute values in every entry — category schemes, link relations and media
/// types such as `http://www.ibm.com/xmlns/prod/sn/type` or `application/atom+xml`. Comparing a few bytes is
/// cheaper than allocating and validating a new `String` each time, and the entries then share one buffer.
struct RecentStrings {
    private var keys: [[UInt8]] = []
    private var values: [String] = []
    private var next = 0
    private let capacity = 16

    /// The string for `bytes`, made once and reused while it stays among the recent ones.
    mutating func string(for bytes: UnsafeRawBufferPointer) -> String {
        // Short strings are stored inline by `String` and cost no allocation: not worth remembering.
        guard bytes.count > 15 else { return String(decoding: bytes, as: UTF8.self) }
        for index in keys.indices where keys[index].count == bytes.count {
            if keys[index].withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
                return values[index]
            }
        }
        let string = String(decoding: bytes, as: UTF8.self)
        if keys.count < capacity {
            keys.append(Array(bytes))
            values.append(string)
        } else {
            keys[next] = Array(bytes)
            values[next] = string
            next = (next + 1) % capacity
        }
        return string
    }
}
