/// What a ``StreamingDataDelegate`` reports, in this order: the response head, then items and progress as the
/// body arrives, then exactly one of ``finished(_:)`` or ``failed(_:)``.
public enum StreamingDataEvent<Item: Sendable, Summary: Sendable>: Sendable {
    /// The response head was accepted; the parser has been created from it.
    case response(HTTPResponseInfo)
    /// Items completed by the chunk just received (never empty), in document order.
    case items([Item])
    /// Body bytes received so far; reported after every chunk.
    case progress(TransferProgress)
    /// The body ended and the parser validated its end; carries what the `summary` closure read from the parser
    /// (a feed's metadata and paging links, a search page's cursors).
    case finished(Summary)
    /// The transfer ended in an error: an ``HTTPResponseError``, a `StreamError` from the parser, a `URLError`.
    /// Every item decoded before the fault has been reported first.
    case failed(any Error)
}
