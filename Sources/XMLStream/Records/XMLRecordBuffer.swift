/// A growable array of plain values in memory it allocates itself and frees when it ends.
///
/// The record's nodes and the open elements are written on every SAX event: an `Array` would check its
/// uniqueness on each access (and keep a reference count), a measurable share of the cost of a start tag.
/// The buffer is `~Copyable` because it owns its memory: a copy would free it twice, so the compiler refuses one.
/// Indices are checked with `precondition`, as `Array` checks them: an index out of bounds stops the program
/// rather than reading or writing memory the buffer does not own.
struct XMLRecordBuffer<Element: BitwiseCopyable>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        precondition(capacity > 0, "an XMLRecordBuffer needs room for at least one element")
        base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit { base.deallocate() }

    subscript(index: Int) -> Element {
        unsafeAddress {
            precondition(index >= 0 && index < count, "XMLRecordBuffer index out of bounds")
            return UnsafePointer(base + index)
        }
        nonmutating unsafeMutableAddress {
            precondition(index >= 0 && index < count, "XMLRecordBuffer index out of bounds")
            return base + index
        }
    }

    var isEmpty: Bool { count == 0 }

    /// The last element; the buffer must not be empty.
    var last: Element {
        precondition(count > 0, "last of an empty XMLRecordBuffer")
        return base[count - 1]
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func removeLast() {
        precondition(count > 0, "removeLast of an empty XMLRecordBuffer")
        count -= 1
    }

    /// Elements are plain values: forgetting them needs no deinitialization.
    mutating func removeAll() { count = 0 }

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
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "XMLRecordBuffer range out of bounds")
        return UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
    }
}
