/// The items a decoder has finished since its parser last returned, in document order.
///
/// ``take()`` moves the array out instead of copying it: returning the array and then emptying it with
/// `removeAll(keepingCapacity:)` shares the buffer with the caller, so the emptying has to allocate a fresh one
/// on every `parse` call that completed anything.
// SPI rather than `package` (like ByteAccumulator), and inlinable: generic code called per item from other modules
// is specialised there only when its body is visible (callgrind --child xml-records: +1.8 M instructions without).
@_spi(StreamPlumbing) public struct CompletedItems<Item> {
    @usableFromInline var items: [Item] = []

    /// Creates an empty queue.
    @inlinable public init() {}

    /// Whether nothing is waiting.
    @inlinable public var isEmpty: Bool { items.isEmpty }

    /// Queues a finished item, moved in: a borrowed item is copied into the array and then released, which cost
    /// an Atom entry ~750 instructions (callgrind --child atom).
    @inlinable public mutating func append(_ item: consuming Item) {
        items.append(item)
    }

    /// Hands over every waiting item and leaves the queue empty.
    @inlinable public mutating func take() -> [Item] {
        guard !items.isEmpty else { return [] }
        var taken: [Item] = []
        swap(&taken, &items)
        // The next call completes about as many: one allocation of that size instead of growing from empty.
        items.reserveCapacity(taken.count)
        return taken
    }
}

extension CompletedItems: Sendable where Item: Sendable {}
