import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one HTTP request and hands back the response head and a body that is *pulled*: the transport reads
/// from the network only as fast as the body is iterated, so a slow consumer makes the transfer wait and memory
/// stays flat at any body size.
///
/// A transport sends the request as given: it adds no credentials and follows no redirect. The engine on top
/// (`parsedItems(for:requirements:authorizer:limits:originPolicy:parser:)`, ``Pager``, the service clients)
/// signs each request and follows redirects itself, so that the ``OriginPolicy`` applies the same way on every
/// transport.
///
/// - ``AsyncHTTPClientTransport``: swift-server/async-http-client, the default on Linux.
/// - ``URLSessionTransport``: Foundation's `URLSession`, the default on Apple platforms.
///
/// ```swift
/// let transport = DefaultHTTPTransport()
/// for try await entry in transport.parsedItems(for: URLRequest(url: url), parser: { _ in AtomParser() }) {
///     show(entry)
/// }
/// ```
///
/// Modelled on swift-openapi-runtime's `ClientTransport`: a transport value is cheap to copy and shares its
/// connection pool (an `HTTPClient`, a `URLSession`) between copies, so consecutive requests reuse connections.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns once the response head has arrived; the body follows as it is iterated.
    ///
    /// - Throws: ``HTTPTransportError`` for a network fault, `CancellationError` when the task is cancelled.
    func send(_ request: URLRequest, limits: TransferLimits) async throws -> HTTPTransportResponse
}

/// A response as a transport delivers it: the head, and the body still to be pulled.
public struct HTTPTransportResponse: Sendable {
    /// The status, headers and URL (the URL the request was sent to: transports follow no redirect).
    public var head: HTTPResponseInfo
    /// The body, read from the network as it is iterated.
    public var body: HTTPResponseBody

    /// Creates a response.
    public init(head: HTTPResponseInfo, body: HTTPResponseBody) {
        self.head = head
        self.body = body
    }
}

/// The body of a response, chunk by chunk, read from the network as it is iterated; iterate it once.
///
/// Dropping the iterator before the end cancels the transfer and closes its connection.
public struct HTTPResponseBody: AsyncSequence, Sendable {
    public typealias Element = Data

    private let source: any HTTPBodySource

    package init(_ source: any HTTPBodySource) { self.source = source }

    /// An empty body.
    public static var empty: HTTPResponseBody { HTTPResponseBody(EmptyBodySource()) }

    public func makeAsyncIterator() -> Iterator { Iterator(source: source) }

    /// Stops the transfer: the connection is closed (or, drained, given back to the pool).
    public func cancel() { source.cancel() }

    /// Reads chunks from the transport.
    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let source: any HTTPBodySource

        public mutating func next() async throws -> Data? { try await source.next() }
    }
}

/// Where a body's chunks come from: one per transfer, pulled by one consumer at a time.
package protocol HTTPBodySource: AnyObject, Sendable {
    /// The next chunk (never empty), or `nil` at the end of the body.
    func next() async throws -> Data?
    /// Stops the transfer; `next()` then ends.
    func cancel()
}

private final class EmptyBodySource: HTTPBodySource {
    func next() async throws -> Data? { nil }
    func cancel() {}
}
