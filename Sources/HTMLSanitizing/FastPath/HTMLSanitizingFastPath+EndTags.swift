/// End tags written as the writer writes them (`</span>`, `</p>`), compared in place by the scan before anything
/// else reads the tag: half the tags of highlighted code, and most of a blog post's.
extension HTMLSanitizingFastPath {
    /// An end tag's bytes as two little-endian words (the first eight, the rest), with the masks of its bytes.
    struct EndTag {
        var low: UInt64
        var high: UInt64
        var lowMask: UInt64
        var highMask: UInt64
        var count: Int

        /// Matches nothing: no masked word is 1.
        static let none = EndTag(low: 1, high: 1, lowMask: 0, highMask: 0, count: 0)

        /// `</name>`, for a name of at most 13 bytes.
        init(name: String) {
            let bytes = Array("</\(name)>".utf8)
            precondition(bytes.count <= 16)
            (low, high, lowMask, highMask, count) = (0, 0, 0, 0, bytes.count)
            for (offset, byte) in bytes.enumerated() {
                if offset < 8 {
                    low |= UInt64(byte) << UInt64(8 * offset)
                    lowMask |= 0xFF << UInt64(8 * offset)
                } else {
                    high |= UInt64(byte) << UInt64(8 * (offset - 8))
                    highMask |= 0xFF << UInt64(8 * (offset - 8))
                }
            }
        }

        private init(low: UInt64, high: UInt64, lowMask: UInt64, highMask: UInt64, count: Int) {
            (self.low, self.high, self.lowMask, self.highMask, self.count) = (low, high, lowMask, highMask, count)
        }
    }
}

extension HTMLSanitizingFastPath.Scanner {
    /// The length of the end tag at `index` when it closes the innermost element, is written as the writer
    /// writes it (`</span>`, MathML's `</mi>`) and sixteen bytes follow `index`; otherwise `nil`
    /// (``tag(into:after:names:_:_:)`` then reads it). Two loads and two compares: a call to the tag code cost more
    /// than the rest of the tag.
    @inline(__always)
    func endTagAsRead(
        _ names: HTMLNameTable<HTMLSanitizingFastPath.Element>, _ tables: HTMLSanitizingFastPath.ForeignTables?
    ) -> Int? {
        guard let element = innermost, index + 16 <= bytes.count else { return nil }
        let endTag =
            element < HTMLSanitizingFastPath.foreignBase
            ? names.value(at: element).endTag
            : tables!.foreignNames.value(at: element &- HTMLSanitizingFastPath.foreignBase).endTag
        let start = UnsafeRawPointer(bytes.baseAddress! + index)
        let low = UInt64(littleEndian: start.loadUnaligned(as: UInt64.self))
        let high = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        return low & endTag.lowMask == endTag.low && high & endTag.highMask == endTag.high ? endTag.count : nil
    }
}
