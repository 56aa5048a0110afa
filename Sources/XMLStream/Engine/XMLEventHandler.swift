/// What an `XMLPushParser` reports to: the decoder that turns SAX events into models.
///
/// Each method may throw to stop the parse; the engine records the error, halts libxml2 and rethrows it after
/// `xmlParseChunk` returns, because nothing may unwind through C frames.
package protocol XMLEventHandler: AnyObject {
    func startElement(_ tag: XMLStartTag) throws(StreamError)
    func endElement(localName: XMLName, prefix: XMLName, namespace: XMLName) throws(StreamError)
    /// Character data, from text or CDATA sections, in pieces of any size.
    func characters(_ text: UnsafeRawBufferPointer) throws(StreamError)
    /// Where the decoder is, for error messages: `/feed/entry[3]/title`.
    var currentPath: String { get }
    /// Whether the root element has started.
    var hasSeenRoot: Bool { get }

    /// Whether elements are still open: in recover mode, what the end of the input closes.
    var hasOpenElements: Bool { get }

    /// Closes the elements left open when the input ended early in recover mode, completing what they held.
    func closeOpenElements() throws(StreamError)
}
