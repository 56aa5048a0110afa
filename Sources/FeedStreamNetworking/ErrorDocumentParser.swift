import Foundation
import StreamCore

/// Wraps a parser so that a body which yields no item and is a service's error document ends in the service's
/// error: a `StreamError` of kind `.serviceError` carrying its message.
///
/// Jive (`{"error":{"status":403,"message":…}}`) and WebSphere JSON services (`{"faultCode":…}`) answer with
/// documents that the item parser simply finds nothing in. Until the first item appears, the wrapper keeps the
/// body's bytes (at most ``maximumRetainedBytes``; a longer body is not an error document and is let go); at the
/// end of an item-less body it hands them to `recognize`. Bodies with items cost nothing but the check, and the
/// body is never read twice: the kept prefix is the only copy.
///
/// The networking layer also builds the page's parser for a refused (4xx/5xx) response to read its error
/// document, so the same recogniser fills ``HTTPResponseError/serviceError``.
public final class ErrorDocumentParser<Base: StreamingParser>: StreamingParser {
    public typealias Item = Base.Item

    /// The wrapped parser: read the page's summary from it (`parser.base.page`).
    public let base: Base
    /// The longest body considered as an error document. Default 64 KiB.
    public let maximumRetainedBytes: Int
    private let recognize: @Sendable ([UInt8]) -> StreamError?
    private var retained: [UInt8] = []
    private var retaining = true
    private var fault: StreamError?

    /// Wraps `base`; `recognize` returns the service error an item-less body holds, or `nil`.
    public init(
        _ base: Base, maximumRetainedBytes: Int = 64 << 10, recognize: @escaping @Sendable ([UInt8]) -> StreamError?
    ) {
        self.base = base
        self.maximumRetainedBytes = maximumRetainedBytes
        self.recognize = recognize
    }

    public func parse(_ chunk: UnsafeRawBufferPointer) throws -> [Item] {
        if let fault { throw fault }
        let items = try base.parse(chunk)
        if retaining {
            if !items.isEmpty || retained.count + chunk.count > maximumRetainedBytes {
                retaining = false
                retained = []
            } else {
                retained.append(contentsOf: chunk)
            }
        }
        return items
    }

    public func finish() throws -> [Item] {
        if let fault { throw fault }
        let items = try base.finish()
        guard retaining else { return items }
        retaining = false
        defer { retained = [] }
        if items.isEmpty, let error = recognize(retained) {
            fault = error
            throw error
        }
        return items
    }
}
