import StreamCore

/// The ordered stages a parser's input passes through before libxml2 sees it, made from the parser's
/// ``XMLPushParser/Settings``: leading whitespace dropped, markup repaired, the encoding sniffed, comment openers
/// guarded — each only when the settings ask for it.
///
/// The stages run once per chunk, not per byte, so they are held as existentials: the dynamic calls cost a few
/// instructions per 64 KiB chunk (callgrind: no change on the `--child` rows, BENCHMARKS.md "XML input pipeline").
package struct XMLInputPipeline {
    /// In input order: the first takes the parser's chunks, the last hands on to libxml2.
    private let stages: [any XMLInputStage]

    package init(_ stages: [any XMLInputStage]) {
        self.stages = stages
    }

    /// Bytes held by the stages, not yet handed to libxml2.
    package var heldByteCount: Int {
        var held = 0
        for stage in stages { held += stage.heldByteCount }
        return held
    }

    /// Passes `bytes` through every stage and what comes out to `sink`; `atEnd` flushes every stage in order.
    package func take<E: Error>(
        _ bytes: UnsafeRawBufferPointer, atEnd: Bool, into sink: (UnsafeRawBufferPointer) throws(E) -> Void
    ) throws(E) {
        try pass(bytes, atEnd: atEnd, from: 0, sink)
    }

    private func pass<E: Error>(
        _ bytes: UnsafeRawBufferPointer, atEnd: Bool, from index: Int,
        _ sink: (UnsafeRawBufferPointer) throws(E) -> Void
    ) throws(E) {
        guard index < stages.count else {
            if !bytes.isEmpty { try sink(bytes) }
            return
        }
        try stages[index].take(bytes, atEnd: atEnd) { (piece) throws(E) in
            if !piece.isEmpty { try pass(piece, atEnd: false, from: index + 1, sink) }
        }
        if atEnd { try pass(UnsafeRawBufferPointer(start: nil, count: 0), atEnd: true, from: index + 1, sink) }
    }

    /// A position in what libxml2 was given, as a position in the parser's input: mapped back through every stage,
    /// last to first.
    package func restore(_ position: StreamPosition) -> StreamPosition {
        restore(position, before: stages.endIndex)
    }

    private func restore(_ position: StreamPosition, before end: Int) -> StreamPosition {
        var position = position
        for stage in stages[..<end].reversed() { position = stage.restore(position) }
        return position
    }

    /// The repairs the stages made since the last call, each placed in the parser's input.
    package func takeRepairs() -> [XMLInputRepair] {
        var all: [XMLInputRepair] = []
        for (index, stage) in stages.enumerated() {
            for var repair in stage.takeRepairs() {
                repair.position = restore(repair.position, before: index)
                all.append(repair)
            }
        }
        return all
    }
}
