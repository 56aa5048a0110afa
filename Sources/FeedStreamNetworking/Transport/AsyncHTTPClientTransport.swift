#if canImport(AsyncHTTPClient)
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A transport on swift-server/async-http-client: the default on Linux.
    ///
    /// The response body is pulled straight from `HTTPClientResponse.Body`: AsyncHTTPClient reads from the socket
    /// only while the body is iterated, so a slow consumer makes the sender wait (TCP flow control) and memory stays
    /// flat at any body size. Connections are pooled by the client and reused from request to request.
    ///
    /// The engine follows redirects itself, so that the ``OriginPolicy`` applies: give a client whose configuration
    /// has `redirectConfiguration: .disallow` (as ``sharedClient`` has). A client that follows redirects itself
    /// still drops `Authorization` on a cross-origin redirect (AsyncHTTPClient's own rule), but then the policy's
    /// allowed hosts, refusal and redirect limit do not apply. Timeouts are the engine's (``TransferLimits``):
    /// AsyncHTTPClient's read timeout would count a consumer that is busy as an idle network.
    public struct AsyncHTTPClientTransport: HTTPTransport {
        /// The client requests go through.
        public let client: HTTPClient

        /// A client shared by every ``AsyncHTTPClientTransport`` made without one, for the life of the process:
        /// AsyncHTTPClient's singleton event loops, redirects not followed (the engine follows them), connections
        /// kept alive for 60 s, a connection that cannot be made failing at once rather than retried in the
        /// background, and no decompression.
        public static let sharedClient: HTTPClient = {
            var configuration = HTTPClient.Configuration(
                redirectConfiguration: .disallow,
                timeout: .init(connect: .seconds(30), read: nil), decompression: .disabled)
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.connectionPool.idleTimeout = .seconds(60)
            return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        }()

        /// Creates a transport on `client` (by default ``sharedClient``, which is never shut down). A client of
        /// your own must outlive every transfer made through it; shut it down yourself afterwards.
        public init(client: HTTPClient = AsyncHTTPClientTransport.sharedClient) {
            self.client = client
        }

        public func send(_ request: URLRequest, limits: TransferLimits) async throws -> HTTPTransportResponse {
            guard let url = request.url else { throw HTTPTransportError(.unsupportedScheme, url: nil) }
            var outgoing = HTTPClientRequest(url: url.absoluteString)
            outgoing.method = HTTPMethod(rawValue: (request.httpMethod ?? "GET").uppercased())
            for (name, value) in request.allHTTPHeaderFields ?? [:] { outgoing.headers.add(name: name, value: value) }
            if let body = request.httpBody { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
            let response: HTTPClientResponse
            do {
                // The engine's watchdog cancels the task for its timeouts; no deadline of AsyncHTTPClient's own.
                response = try await client.execute(outgoing, timeout: .hours(24 * 365))
            } catch {
                throw Self.transportError(error, url: url, received: 0, expected: nil)
            }
            var headers: [String: String] = [:]
            for (name, value) in response.headers {
                let key = name.lowercased()
                headers[key] = headers[key].map { "\($0), \(value)" } ?? value
            }
            let length = headers["content-length"].flatMap { Int64($0) }
            let head = HTTPResponseInfo(
                url: url, statusCode: Int(response.status.code), contentType: headers["content-type"],
                expectedContentLength: length, headers: headers)
            let source = AsyncHTTPClientBodySource(
                response.body, url: url, expected: length, statistics: limits.statistics)
            return HTTPTransportResponse(head: head, body: HTTPResponseBody(source))
        }
    }

    /// An AsyncHTTPClient body, pulled chunk by chunk by the one consumer of the transfer.
    ///
    /// `@unchecked Sendable`: the iterator is only used by that consumer, one call at a time (``HTTPBodySource``'s
    /// contract); `cancel()` only drops it under `lock`.
    final class AsyncHTTPClientBodySource: HTTPBodySource, @unchecked Sendable {
        private let lock = NSLock()
        private var iterator: HTTPClientResponse.Body.AsyncIterator?
        private let url: URL
        private let expected: Int64?
        private let statistics: TransferStatistics?
        private var received: Int64 = 0

        init(_ body: HTTPClientResponse.Body, url: URL, expected: Int64?, statistics: TransferStatistics?) {
            iterator = body.makeAsyncIterator()
            self.url = url
            self.expected = expected
            self.statistics = statistics
        }

        func next() async throws -> Data? {
            guard var current = lock.withLock({ iterator }) else { throw CancellationError() }
            let buffer: ByteBuffer?
            do {
                buffer = try await current.next()
            } catch {
                throw AsyncHTTPClientTransport.transportError(error, url: url, received: received, expected: expected)
            }
            lock.withLock { if iterator != nil { iterator = current } }
            guard let buffer else { return nil }
            received += Int64(buffer.readableBytes)
            statistics?.record(buffered: buffer.readableBytes, chunk: buffer.readableBytes)
            // The chunk's bytes, not copied: the Data keeps the buffer's storage alive.
            let count = buffer.readableBytes
            if count == 0 { return try await next() }
            return buffer.withUnsafeReadableBytes { bytes in
                let keeper = buffer
                return Data(
                    bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), count: count,
                    deallocator: .custom { _, _ in withExtendedLifetime(keeper) {} })
            }
        }

        func cancel() {
            // Dropping the iterator ends the request and closes its connection.
            lock.withLock { iterator = nil }
        }
    }
#endif
