import StreamCore

/// One stage of the input pipeline between a parser's chunks and libxml2 (``XMLInputPipeline``): it takes bytes,
/// hands on what is ready, holds back what it cannot decide yet, and maps a position in what it handed on back to
/// a position in what it took.
///
/// A class: libxml2 reports faults while a stage is handing bytes on (inside ``take(_:atEnd:_:)``), and placing
/// them reads every stage's ``restore(_:)`` — which an in-place mutation of a struct held by the parser would not
/// allow.
package protocol XMLInputStage: AnyObject {
    /// Takes `bytes` and hands what is ready on through `send`; `atEnd` means no input follows, so nothing may stay
    /// held.
    func take<E: Error>(
        _ bytes: UnsafeRawBufferPointer, atEnd: Bool, _ send: (UnsafeRawBufferPointer) throws(E) -> Void
    ) throws(E)

    /// Bytes taken but not handed on yet: they count in the parser's backlog (``ChunkIntake``).
    var heldByteCount: Int { get }

    /// A position in the bytes this stage handed on, as a position in the bytes it took.
    func restore(_ position: StreamPosition) -> StreamPosition

    /// The repairs this stage made to its input since the last call, placed in that input: reported as warnings.
    func takeRepairs() -> [XMLInputRepair]
}

extension XMLInputStage {
    /// A stage that only holds bytes back changes no position.
    package func restore(_ position: StreamPosition) -> StreamPosition { position }

    /// A stage that only holds bytes back repairs nothing.
    package func takeRepairs() -> [XMLInputRepair] { [] }
}

/// A change a stage made to the input before libxml2 saw it, and where.
package struct XMLInputRepair {
    package var position: StreamPosition
    package var message: String

    package init(position: StreamPosition, message: String) {
        self.position = position
        self.message = message
    }
}
