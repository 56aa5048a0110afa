internal import CLibXML2
import StreamCore

extension UnsafeMutablePointer where Pointee == xmlParserCtxt {
    /// Where libxml2 is, for the XML and the HTML parser alike: its line and column, and the bytes it consumed from
    /// the start of what it was given, or `bytesPushed` (the bytes handed to it) when it cannot say.
    func position(bytesPushed: Int) -> StreamPosition {
        // Both are 0 when libxml2 has no input yet.
        let line = Int(xmlSAX2GetLineNumber(self))
        let column = Int(xmlSAX2GetColumnNumber(self))
        let consumed = Int(xmlByteConsumed(self))
        return StreamPosition(
            line: max(line, 1), column: max(column, 1), byteOffset: consumed >= 0 ? consumed : bytesPushed)
    }
}
