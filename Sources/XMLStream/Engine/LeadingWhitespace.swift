/// Whitespace before a document's first markup, which XML forbids before an XML declaration and which feeds in
/// the wild carry anyway (blank lines printed by a web application before `<?xml`): dropped for the parsers that
/// read such feeds, and counted, so that positions still count every byte and line of the input. The first input
/// stage of the parsers that read feeds (``XMLPushParser/Leniency/leadingWhitespace``).
package final class LeadingWhitespace: XMLInputStage {
    /// Whether the first markup has not arrived yet.
    private(set) var isSkipping = true
    /// Bytes dropped.
    private(set) var bytes = 0
    /// Line breaks dropped.
    private(set) var lines = 0
    /// Bytes dropped after the last line break: the column offset of what follows on that line.
    private(set) var columns = 0

    package init() {}

    /// Nothing is held: whitespace is dropped as it arrives.
    package var heldByteCount: Int { 0 }

    package func take<E: Error>(
        _ bytes: UnsafeRawBufferPointer, atEnd: Bool, _ send: (UnsafeRawBufferPointer) throws(E) -> Void
    ) throws(E) {
        try send(isSkipping ? strip(bytes) : bytes)
    }

    /// `chunk` without the whitespace that precedes the document's first markup.
    package func strip(_ chunk: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        guard isSkipping else { return chunk }
        var index = 0
        while index < chunk.count {
            switch chunk[index] {
            case 0x0A:
                lines += 1
                columns = 0
            case 0x20, 0x09, 0x0D:
                columns += 1
            default:
                isSkipping = false
                bytes += index
                return UnsafeRawBufferPointer(rebasing: chunk[index...])
            }
            index += 1
        }
        bytes += chunk.count
        return UnsafeRawBufferPointer(rebasing: chunk[chunk.count...])
    }

    /// A position libxml2 reported for the input after the dropped whitespace, as a position in the whole input.
    package func restore(_ position: StreamPosition) -> StreamPosition {
        var position = position
        if position.line == 1 { position.column += columns }
        position.line += lines
        position.byteOffset += bytes
        return position
    }
}
