/// The C engine behind a parser (libxml2's or yajl's push parser with the decoder its events drive), as
/// ``PushParserCore`` runs it.
package protocol PushEngine: AnyObject {
    /// Hands one chunk to the C parser; its events complete items in the parser's decoder.
    func parse(_ chunk: UnsafeRawBufferPointer) throws(StreamError)
    /// Ends the input: feeds what is held back and validates that the document ended where it may end.
    func finish() throws(StreamError)
}

/// The `parse` and `finish` of every parser, written once: the engine is run inside the parser's
/// ``StreamLifecycle``, so that items completed before a fault are returned first and the fault is thrown by the
/// next call, and `finish` after a successful end returns nothing.
package struct PushParserCore<Item> {
    private var lifecycle = StreamLifecycle()
    private let engine: any PushEngine
    private let completed: () -> [Item]

    /// Runs `engine`; `completed` hands over the items its decoder finished since the last call.
    package init(engine: any PushEngine, completed: @escaping () -> [Item]) {
        self.engine = engine
        self.completed = completed
    }

    /// One `parse` call of a parser.
    package mutating func parse(_ chunk: UnsafeRawBufferPointer) throws(StreamError) -> [Item] {
        try lifecycle.parse({ () throws(StreamError) in try engine.parse(chunk) }, completed: completed)
    }

    /// One `finish` call of a parser.
    package mutating func finish() throws(StreamError) -> [Item] {
        try lifecycle.finish({ () throws(StreamError) in try engine.finish() }, completed: completed)
    }
}
