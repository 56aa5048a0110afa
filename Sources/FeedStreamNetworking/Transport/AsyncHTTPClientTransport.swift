#if canImport(AsyncHTTPClient)
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOHTTP1
    import NIOHTTPCompression

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

        /// Whether ``client`` inflates gzip and deflate bodies (its configuration's `decompression` is enabled).
        public let decompresses: Bool

        /// A client shared by every ``AsyncHTTPClientTransport`` made without one, for the life of the process:
        /// AsyncHTTPClient's singleton event loops, redirects not followed (the engine follows them), connections
        /// kept alive for 60 s, a connection that cannot be made failing at once rather than retried in the
        /// background, and gzip and deflate bodies inflated in NIO's pipeline as they arrive, up to
        /// ``TransferLimits/defaultMaximumInflation`` times their compressed size.
        ///
        /// (`HTTPClient.shared` inflates nothing, so a server that compresses anyway would hand the parser gzip.)
        public static let sharedClient: HTTPClient = makeDecompressingClient(
            ratio: TransferLimits.defaultMaximumInflation)

        /// Creates a transport on `client` (by default ``sharedClient``, which is never shut down). A client of
        /// your own must outlive every transfer made through it; shut it down yourself afterwards. A client of your
        /// own is taken not to inflate (AsyncHTTPClient does not say): no `Accept-Encoding` is sent for it, and a
        /// compressed answer ends in an error; use ``init(client:decompresses:)`` for one that does.
        public init(client: HTTPClient = AsyncHTTPClientTransport.sharedClient) {
            self.client = client
            decompresses = client === Self.sharedClient
        }

        /// Creates a transport on `client`, saying whether its configuration enables `decompression`. With
        /// `decompresses`, requests ask for gzip and deflate, and the client's own decompression limit applies
        /// beside ``TransferLimits/maximumInflation`` and ``TransferLimits/maximumBodyBytes``.
        public init(client: HTTPClient, decompresses: Bool) {
            self.client = client
            self.decompresses = decompresses
        }

        /// The client a request with `limits` goes through: for the shared client, the shared decompressing client
        /// whose pipeline limit is `limits.maximumInflation` (one per ratio asked for, made on first use and kept
        /// for the life of the process, like ``sharedClient``), so that a bomb is stopped inside NIO's pipeline
        /// before its inflated bytes are buffered; a caller's own client as given.
        private func client(for limits: TransferLimits) -> HTTPClient {
            guard client === Self.sharedClient, limits.maximumInflation != TransferLimits.defaultMaximumInflation
            else { return client }
            return Self.decompressingClients.withLock { clients in
                if let existing = clients[limits.maximumInflation] { return existing }
                let made = Self.makeDecompressingClient(ratio: limits.maximumInflation)
                clients[limits.maximumInflation] = made
                return made
            }
        }

        private static let decompressingClients = LockedClients()

        private static func makeDecompressingClient(ratio: Int) -> HTTPClient {
            // The ratio is checked in the pipeline as each network read inflates, against the compressed bytes
            // read so far: a bomb costs at most `ratio` times one read before the transfer fails. The body stream
            // still applies backpressure: AsyncHTTPClient stops reading the socket while its buffer is full.
            // AsyncHTTPClient hands on a read's body parts when the read completes, and drops them when the read
            // ends in a fault: items inflated from the same network read as a bomb's excess are lost with it.
            var configuration = HTTPClient.Configuration(
                redirectConfiguration: .disallow,
                timeout: .init(connect: .seconds(30), read: nil), decompression: .enabled(limit: .ratio(ratio)))
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.connectionPool.idleTimeout = .seconds(60)
            return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        }

        public func send(_ request: URLRequest, limits: TransferLimits) async throws -> HTTPTransportResponse {
            guard let url = request.url else { throw HTTPTransportError(.unsupportedScheme, url: nil) }
            let request = decompresses ? ContentCoding.requestingCompression(request) : request
            var outgoing = HTTPClientRequest(url: url.absoluteString)
            outgoing.method = HTTPMethod(rawValue: (request.httpMethod ?? "GET").uppercased())
            for (name, value) in request.allHTTPHeaderFields ?? [:] { outgoing.headers.add(name: name, value: value) }
            if let body = request.httpBody { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
            let response: HTTPClientResponse
            do {
                // The engine's watchdog cancels the task for its timeouts; no deadline of AsyncHTTPClient's own.
                response = try await client(for: limits).execute(outgoing, timeout: .hours(24 * 365))
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
            if !decompresses, let encoding = head.contentEncoding {
                // The parser would be handed compressed bytes: say so rather than report them as malformed.
                throw HTTPTransportError(
                    .other(detail: "response is \(encoding)-compressed but the HTTPClient does not inflate"), url: url)
            }
            let source = AsyncHTTPClientBodySource(
                response.body, head: head, limits: limits, statistics: limits.statistics)
            return HTTPTransportResponse(head: head, body: HTTPResponseBody(source))
        }
    }

    /// The shared decompressing clients by ratio.
    private final class LockedClients: @unchecked Sendable {
        // `@unchecked Sendable`: `clients` is only touched while holding `lock`.
        private let lock = NSLock()
        private var clients: [Int: HTTPClient] = [:]

        func withLock<T>(_ body: (inout [Int: HTTPClient]) -> T) -> T { lock.withLock { body(&clients) } }
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
        private let encoding: String?
        private let statistics: TransferStatistics?
        /// Bytes handed on (inflated), for the limits and for the messages of a cut transfer.
        private var meter: InflationMeter
        private var received: Int64 { meter.bodyBytes }

        init(_ body: HTTPClientResponse.Body, head: HTTPResponseInfo, limits: TransferLimits,
            statistics: TransferStatistics?) {
            iterator = body.makeAsyncIterator()
            url = head.url ?? URL(fileURLWithPath: "/")
            // A compressed body's Content-Length counts the wire, which a cut transfer cannot be compared with.
            expected = head.contentEncoding == nil ? head.expectedContentLength : nil
            encoding = head.contentEncoding
            meter = InflationMeter(head: head, limits: limits)
            self.statistics = statistics
        }

        func next() async throws -> Data? {
            guard var current = lock.withLock({ iterator }) else { throw CancellationError() }
            let buffer: ByteBuffer?
            do {
                buffer = try await current.next()
            } catch let error as NIOHTTPDecompression.DecompressionError {
                throw inflationError(error)
            } catch let error as NIOHTTPDecompression.ExtraDecompressionError {
                _ = error
                throw HTTPTransportError(.corruptCompression(encoding: encoding ?? "gzip"), url: url)
            } catch {
                throw AsyncHTTPClientTransport.transportError(error, url: url, received: received, expected: expected)
            }
            lock.withLock { if iterator != nil { iterator = current } }
            guard let buffer else { return nil }
            do throws(HTTPTransportError) {
                try meter.count(buffer.readableBytes)
            } catch {
                cancel()
                throw error
            }
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

        /// The pipeline's decompression error in the user's terms: its ratio limit is the call's
        /// ``TransferLimits/maximumInflation``.
        private func inflationError(_ error: NIOHTTPDecompression.DecompressionError) -> HTTPTransportError {
            if error == .limit {
                return HTTPTransportError(.inflationRatioExceeded(limit: meter.maximumInflation), url: url)
            }
            return HTTPTransportError(.corruptCompression(encoding: encoding ?? "gzip"), url: url)
        }

        func cancel() {
            // Dropping the iterator ends the request and closes its connection.
            lock.withLock { iterator = nil }
        }
    }
#endif
