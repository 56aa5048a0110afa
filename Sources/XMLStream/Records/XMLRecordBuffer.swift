/// A growable array of plain values in memory its owner allocates and frees (`deallocate()` in its `deinit`).
///
/// The record's nodes and the open elements are written on every SAX event: an `Array` would check its index and
/// its uniqueness on each access, a measurable share of the cost of a start tag.
struct XMLRecordBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        self.capacity = capacity
    }

    subscript(index: Int) -> Element {
        unsafeAddress {
            assert(index >= 0 && index < count)
            return UnsafePointer(base + index)
        }
        nonmutating unsafeMutableAddress {
            assert(index >= 0 && index < count)
            return base + index
        }
    }

    var isEmpty: Bool { count == 0 }

    /// The last element; the buffer must not be empty.
    var last: Element {
        assert(count > 0)
        return base[count - 1]
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func removeLast() {
        assert(count > 0)
        count -= 1
    }

    /// Elements are plain values: forgetting them needs no deinitialization.
    mutating func removeAll() { count = 0 }

    func deallocate() { base.deallocate() }

    @inline(never)
    private mutating func grow(toHold needed: Int? = nil) {
        var grown = capacity * 2
        while grown < needed ?? 0 { grown *= 2 }
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: grown)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }
}

/// The texts of a record: bytes appended with one copy, read back in place.
extension XMLRecordBuffer where Element == UInt8 {
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// The bytes in `range`, valid until the buffer next grows.
    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        assert(range.lowerBound >= 0 && range.upperBound <= count)
        return UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
    }
}
