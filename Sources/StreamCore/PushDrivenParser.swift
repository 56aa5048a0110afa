/// A parser whose ``StreamingParser/parse(_:)-(UnsafeRawBufferPointer)`` and ``StreamingParser/finish()`` are
/// its ``PushParserCore``'s: conforming gives it both, so every parser forwards them the same way.
package protocol PushDrivenParser: StreamingParser {
    /// The engine run and the items it completed.
    var core: PushParserCore<Item> { get set }
}

extension PushDrivenParser {
    public func parse(_ chunk: UnsafeRawBufferPointer) throws -> [Item] {
        try core.parse(chunk)
    }

    public func finish() throws -> [Item] {
        try core.finish()
    }
}
