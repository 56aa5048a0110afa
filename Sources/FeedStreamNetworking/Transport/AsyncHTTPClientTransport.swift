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
    /// Made without a client, a transport sends through clients the process shares, each retired for a fresh one
    /// once it has been asked for 512 distinct hosts and shut down when its last transfer ends: AsyncHTTPClient
    /// keeps a pool per host until its client shuts down, so one client for the life of the process grew by some
    /// 5 kB per host ever fetched (380 MB over 50,000 hosts). A client of your own keeps every pool it made.
    ///
    /// The engine follows redirects itself, so that the ``OriginPolicy`` applies: give a client whose configuration
    /// has `redirectConfiguration: .disallow` (as ``sharedClient`` has). A client that follows redirects itself
    /// still drops `Authorization` on a cross-origin redirect (AsyncHTTPClient's own rule), but then the policy's
    /// allowed hosts, refusal and redirect limit do not apply. Timeouts are the engine's (``TransferLimits``):
    /// AsyncHTTPClient's read timeout would count a consumer that is busy as an idle network.
    public struct AsyncHTTPClientTransport: HTTPTransport {
        /// The client new requests go through: the app's, or the shared rotation's current one.
        public var client: HTTPClient { fixedClient ?? rotation?.client ?? Self.sharedClient }
        /// The app's client, when it gave one.
        private let fixedClient: HTTPClient?
        /// The shared clients, when the app gave none.
        private let rotation: AsyncHTTPClientRotation?

        /// Whether ``client`` inflates gzip and deflate bodies itself (its configuration's `decompression` is
        /// enabled): bodies are then handed on as it gives them. Otherwise — ``sharedClient`` and any client made
        /// without decompression — the transport asks for `gzip, deflate` and inflates as the body streams, gzip,
        /// zlib and raw deflate alike (``StreamInflater``), within ``TransferLimits``.
        public let decompresses: Bool

        /// One client for the life of the process, configured as the transport's own clients are
        /// (``makeClient()``), for an app that wants a single client: it is never shut down, so it keeps a
        /// connection pool for every host it was ever asked for. A transport made with ``init()`` does not use it.
        public static let sharedClient: HTTPClient = makeClient()

        /// A client as the transport's own: AsyncHTTPClient's singleton event loops, redirects not followed (the
        /// engine follows them), connections kept alive for 60 s, a connection that cannot be made failing at once
        /// rather than retried in the background, and no decompression of its own: the transport inflates, so an
        /// identity body passes no decompression handler and a raw-deflate body is read too.
        static func makeClient() -> HTTPClient {
            var configuration = HTTPClient.Configuration(
                redirectConfiguration: .disallow, timeout: .init(connect: .seconds(30), read: nil),
                decompression: .disabled)
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.connectionPool.idleTimeout = .seconds(60)
            return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        }

        /// Creates a transport on the clients the process shares, each retired after 512 distinct hosts and shut
        /// down once its transfers have ended, so that memory does not grow with every host ever fetched.
        public init() {
            fixedClient = nil
            rotation = .shared
            decompresses = false
        }

        /// Creates a transport on `client`. A client of your own must outlive every transfer made through it; shut
        /// it down yourself afterwards. It is taken not to inflate (its `decompression` disabled, AsyncHTTPClient's
        /// default): the transport does; use ``init(client:decompresses:)`` for one that inflates itself.
        public init(client: HTTPClient) {
            fixedClient = client
            rotation = nil
            decompresses = false
        }

        /// Creates a transport on `client`, saying whether its configuration enables `decompression`. With
        /// `decompresses`, the client's own decompression limit applies beside ``TransferLimits/maximumInflation``
        /// and ``TransferLimits/maximumBodyBytes``, and a raw-deflate body fails as corrupt.
        public init(client: HTTPClient, decompresses: Bool) {
            fixedClient = client
            rotation = nil
            self.decompresses = decompresses
        }

        /// A transport on `rotation`'s clients (tests).
        package init(rotation: AsyncHTTPClientRotation) {
            fixedClient = nil
            self.rotation = rotation
            decompresses = false
        }

        public func send(_ request: URLRequest, limits: TransferLimits) async throws -> HTTPTransportResponse {
            guard let url = request.url else { throw HTTPTransportError(.unsupportedScheme, url: nil) }
            let request = ContentCoding.requestingCompression(HTTPTransportDefaults.prepared(request))
            var outgoing = HTTPClientRequest(url: url.absoluteString)
            outgoing.method = HTTPMethod(rawValue: (request.httpMethod ?? "GET").uppercased())
            for (name, value) in request.allHTTPHeaderFields ?? [:] { outgoing.headers.add(name: name, value: value) }
            if let body = request.httpBody { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
            // Held by the body until it is dropped: the rotation shuts no client down under a transfer.
            let lease = rotation?.lease(for: url)
            let response: HTTPClientResponse
            do {
                // The engine's watchdog cancels the task for its timeouts; no deadline of AsyncHTTPClient's own.
                response = try await (lease?.client ?? client).execute(outgoing, timeout: .hours(24 * 365))
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
            var inflater: StreamInflater?
            if !decompresses, let encoding = head.contentEncoding {
                guard let made = StreamInflater(encoding: encoding) else {
                    // The parser would be handed compressed bytes: say so rather than report them as malformed.
                    throw HTTPTransportError(.other(detail: "response is \(encoding)-compressed, which is not read"), url: url)
                }
                inflater = made
            }
            let source = AsyncHTTPClientBodySource(
                response.body, head: head, limits: limits, inflater: inflater, statistics: limits.statistics,
                lease: lease)
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
        private let encoding: String?
        private let statistics: TransferStatistics?
        /// Bytes handed on (inflated), for the limits and for the messages of a cut transfer.
        private var meter: InflationMeter
        private var received: Int64 { meter.bodyBytes }

        /// Inflates the body when the transport does (``AsyncHTTPClientTransport/decompresses`` is false); the
        /// inflation ratio is checked against the compressed bytes it has consumed.
        private let inflater: StreamInflater?
        /// The limits the read-ahead is bounded by.
        private let limits: TransferLimits
        /// Reads the rest of a long body ahead of the consumer, once ``readAheadAfter`` bytes were read directly;
        /// set and read under `lock`.
        private var readAhead: AsyncHTTPClientReadAhead?
        /// Network bytes read without the read-ahead so far.
        private var readDirectly: Int64 = 0
        /// A body longer than this is read ahead of its consumer: a feed of a few kilobytes (a refresh) costs no
        /// task of its own, a long one does not wait for the event loop after every chunk.
        static let readAheadAfter: Int64 = 512 << 10

        /// The hold on the rotation's client the body is read through, released with the body.
        private let lease: AsyncHTTPClientRotation.Lease?

        init(
            _ body: HTTPClientResponse.Body, head: HTTPResponseInfo, limits: TransferLimits,
            inflater: StreamInflater?, statistics: TransferStatistics?, lease: AsyncHTTPClientRotation.Lease?
        ) {
            self.lease = lease
            iterator = body.makeAsyncIterator()
            url = head.url ?? URL(fileURLWithPath: "/")
            // A compressed body's Content-Length counts the wire, which a cut transfer cannot be compared with.
            expected = head.contentEncoding == nil ? head.expectedContentLength : nil
            encoding = head.contentEncoding
            meter = InflationMeter(head: head, limits: limits)
            self.inflater = inflater
            self.statistics = statistics
            self.limits = limits
        }

        deinit {
            // Dropped without cancelling: the reading task must not hold the connection.
            readAhead?.stop()
        }

        func next() async throws -> Data? {
            guard let inflater else {
                guard let chunk = try await read() else { return nil }
                try account(chunk.count)
                if chunk.isEmpty { return try await next() }
                return chunk
            }
            // One piece of at most StreamInflater.pieceSize bytes per call: a bomb is stopped by the ratio after a
            // bounded amount, and a slow consumer holds one piece and one network chunk.
            while true {
                if inflater.hasEnded {
                    // Bytes after the compressed stream's end are read and ignored, so the connection can be reused.
                    while try await read() != nil {}
                    return nil
                }
                if inflater.needsInput {
                    guard let chunk = try await read() else { return nil }
                    chunk.withUnsafeBytes { inflater.take($0) }
                    continue
                }
                let piece: Data
                do {
                    piece = try inflater.inflate()
                } catch {
                    cancel()
                    throw HTTPTransportError(.corruptCompression(encoding: encoding ?? "deflate"), url: url)
                }
                guard !piece.isEmpty else { continue }
                try account(piece.count)
                return piece
            }
        }

        /// The next network chunk (its bytes, not copied); `nil` at the end of the body.
        private func read() async throws -> Data? {
            if let readAhead = lock.withLock({ readAhead }) { return try await readAhead.pipe.next() }
            guard var current = lock.withLock({ iterator }) else { throw CancellationError() }
            let buffer: ByteBuffer?
            do {
                buffer = try await current.next()
            } catch {
                throw failure(error, received: readDirectly)
            }
            guard let buffer else { return nil }
            readDirectly += Int64(buffer.readableBytes)
            let cancelled: Bool = lock.withLock {
                guard iterator != nil else { return true }
                if readDirectly < Self.readAheadAfter {
                    iterator = current
                } else {
                    // From here on the iterator is the read-ahead's alone.
                    iterator = nil
                    let (url, encoding, expected) = (url, encoding, expected)
                    let (before, ratio) = (readDirectly, meter.maximumInflation)
                    readAhead = AsyncHTTPClientReadAhead(current, limits: limits) { error, received in
                        Self.failure(
                            error, received: before + received, url: url, encoding: encoding, expected: expected,
                            maximumInflation: ratio)
                    }
                }
                return false
            }
            if cancelled { throw CancellationError() }
            return Data(keeping: buffer)
        }

        private func failure(_ error: any Error, received: Int64) -> any Error {
            Self.failure(
                error, received: received, url: url, encoding: encoding, expected: expected,
                maximumInflation: meter.maximumInflation)
        }

        /// A read's error in the user's terms, after `received` network bytes of the body.
        private static func failure(
            _ error: any Error, received: Int64, url: URL, encoding: String?, expected: Int64?, maximumInflation: Int
        ) -> any Error {
            switch error {
            case let error as NIOHTTPDecompression.DecompressionError where error == .limit:
                // The pipeline's ratio limit is the call's maximumInflation.
                return HTTPTransportError(.inflationRatioExceeded(limit: maximumInflation), url: url)
            case is NIOHTTPDecompression.DecompressionError, is NIOHTTPDecompression.ExtraDecompressionError:
                return HTTPTransportError(.corruptCompression(encoding: encoding ?? "gzip"), url: url)
            default:
                return AsyncHTTPClientTransport.transportError(error, url: url, received: received, expected: expected)
            }
        }

        /// Counts `count` bytes handed on against the limits (the ratio against the compressed bytes the inflater
        /// has consumed, not those read: the read-ahead is up to a high-water mark ahead of it).
        private func account(_ count: Int) throws {
            do throws(HTTPTransportError) {
                try meter.count(count, consumed: inflater?.consumedBytes)
            } catch {
                cancel()
                throw error
            }
            statistics?.record(buffered: count, chunk: count)
        }

        func cancel() {
            // Dropping the iterator ends the request and closes its connection; so does stopping the read-ahead.
            let reading = lock.withLock {
                iterator = nil
                return readAhead
            }
            reading?.pipe.cancel()
        }
    }
#endif
