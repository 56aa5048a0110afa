@_spi(StreamPlumbing) import StreamCore

/// Where a hand-written event decoder stands in its document: the containers it reads (`Context`), the depth of
/// a subtree it skips, and the member whose value comes next.
///
/// The decoders that pick a few members out of a response (Twitter, Jive, JSON Feed) all read the engine's
/// events by the same rules, kept here once: a member name is looked up only outside a skipped subtree and
/// belongs to the next value alone; inside a skipped subtree a container only deepens the skip and a scalar is
/// passed over; the document itself must be an object.
package struct JSONMemberCursor<Context, Key: Sendable> {
    /// The containers being read, outermost first.
    package private(set) var contexts: [Context] = []
    private var skipDepth = 0
    private var pendingKey: Key?

    package init() {}

    /// Starts again inside `context` alone, for a reader that is handed one object at a time.
    @inline(__always)
    package mutating func reset(to context: Context) {
        contexts.removeAll(keepingCapacity: true)
        contexts.append(context)
        skipDepth = 0
        pendingKey = nil
    }

    package mutating func reserveCapacity(_ depth: Int) { contexts.reserveCapacity(depth) }

    /// A member name: looked up in `table`, unless it lies inside a skipped subtree.
    @inline(__always)
    package mutating func key(_ name: UnsafeRawBufferPointer, in table: KeyTable<Key>) {
        if skipDepth == 0 { pendingKey = table.lookup(name) }
    }

    /// An object or array opens: the container it stands in and its member name (`nil` for an array element or
    /// a name the table does not know), which the caller then ``enter(_:)``s or ``skip()``s. `nil` when there is
    /// nothing to decide: inside a skipped subtree, or for the document's own object, entered as `root`.
    ///
    /// - Throws: `unexpectedDocument` when the document is an array; `document` names what it should be.
    @inline(__always)
    package mutating func open(
        array: Bool, root: Context, document: StaticString
    ) throws(StreamError) -> (context: Context, key: Key?)? {
        if skipDepth > 0 {
            skipDepth += 1
            return nil
        }
        let key = pendingKey
        pendingKey = nil
        guard let context = contexts.last else {
            guard !array else {
                throw StreamError(kind: .unexpectedDocument, message: "\(document) is an object, not an array")
            }
            contexts.append(root)
            return nil
        }
        return (context, key)
    }

    /// Reads the container that just opened as `context`.
    @inline(__always)
    package mutating func enter(_ context: Context) { contexts.append(context) }

    /// Skips the container that just opened, to its end.
    @inline(__always)
    package mutating func skip() { skipDepth = 1 }

    /// An object or array closes: the context that closed, or `nil` for the end of a skipped one.
    @inline(__always)
    package mutating func close() -> Context? {
        if skipDepth > 0 {
            skipDepth -= 1
            return nil
        }
        return contexts.removeLast()
    }

    /// A scalar: the container it stands in and its member name; `nil` inside a skipped subtree.
    ///
    /// - Throws: `unexpectedDocument` when the document is a scalar; `document` names what it should be.
    @inline(__always)
    package mutating func scalar(document: StaticString) throws(StreamError) -> (context: Context, key: Key?)? {
        if skipDepth > 0 { return nil }
        guard let context = contexts.last else {
            throw StreamError(kind: .unexpectedDocument, message: "\(document) is an object")
        }
        let key = pendingKey
        pendingKey = nil
        return (context, key)
    }
}
