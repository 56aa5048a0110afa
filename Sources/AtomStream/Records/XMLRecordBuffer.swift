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
    private mutating func grow() {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity *= 2
    }
}
