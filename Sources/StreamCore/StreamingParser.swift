#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An incremental decoder: bytes go in, in chunks of any size, and typed items come out as soon as each is
/// complete.
///
/// A parser holds at most one item under construction, so its memory is bounded by the largest single item and
/// not by the size of the document. Feed it every chunk with ``parse(_:)-(UnsafeRawBufferPointer)`` in order,
/// then call ``finish()`` once at the end of the input. After either throws, the parser is finished: items
/// returned before the error are valid, and further calls throw the same error again.
public protocol StreamingParser: AnyObject {
    /// What the parser produces: an entry, a tweet, a record.
    associatedtype Item: Sendable

    /// Consumes the next chunk of input and returns the items it completed, in document order.
    ///
    /// No item is ever lost to an error: when a chunk completes items and then hits a fault, this call returns
    /// those items and the error is thrown by the next call (`parse` or ``finish()``). A call that completed no
    /// item throws at once.
    ///
    /// - Throws: ``StreamError`` for malformed input or an exceeded limit.
    func parse(_ chunk: UnsafeRawBufferPointer) throws -> [Item]

    /// Signals the end of input, validates that the document ended where it may end, and returns the items the
    /// end completed.
    ///
    /// It may be called again: after a successful end it returns no items. In the rare case that the end both
    /// completes items and reveals a fault after them, this call returns the items and the next call throws the
    /// fault. ``finish(forEach:)`` drains both in order, as the `AsyncSequence` adapter and the `feedstream`
    /// tool do.
    func finish() throws -> [Item]
}

extension StreamingParser {
    /// Consumes the next chunk of input held in `Data`.
    @inlinable
    public func parse(_ chunk: Data) throws -> [Item] {
        try chunk.withUnsafeBytes { try parse($0) }
    }

    /// Consumes the next chunk of input held in a byte array.
    @inlinable
    public func parse(_ chunk: [UInt8]) throws -> [Item] {
        try chunk.withUnsafeBytes { try parse($0) }
    }

    /// Consumes the next chunk of input held in a slice of a byte array.
    @inlinable
    public func parse(_ chunk: ArraySlice<UInt8>) throws -> [Item] {
        try chunk.withUnsafeBytes { try parse($0) }
    }

    /// Consumes the next chunk of input held in any contiguous byte container.
    @inlinable
    public func parse(_ chunk: some ContiguousBytes) throws -> [Item] {
        try chunk.withUnsafeBytes { try parse($0) }
    }

    /// Ends the input: hands every item the end completes to `body`, in order, then throws the fault that
    /// followed them, if any.
    ///
    /// Calls ``finish()`` until it returns no more items. The items reach `body` before the fault is thrown,
    /// which a single array-returning call cannot promise.
    public func finish(forEach body: (Item) throws -> Void) throws {
        while true {
            let items = try finish()
            if items.isEmpty { return }
            for item in items { try body(item) }
        }
    }

    /// Decodes a whole document held in memory: one `parse` call followed by `finish`. Throws at the first fault,
    /// so items decoded before it are not returned; feed chunks with ``parse(_:)-(UnsafeRawBufferPointer)`` to
    /// keep them.
    ///
    /// Useful in tests and for small responses; for network input, feed chunks as they arrive instead.
    public func parseAll(_ document: some ContiguousBytes) throws -> [Item] {
        var items = try document.withUnsafeBytes { try parse($0) }
        try finish { items.append($0) }
        return items
    }
}
