import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request as the loopback server read it: for tests that check what a client sent (headers, signatures,
/// bodies) and answer according to it.
public struct LoopbackRequest: Sendable {
    /// `GET`, `POST`, …
    public var method: String
    /// The request target as sent: path and query, still percent-encoded.
    public var target: String
    /// The header fields in the order sent.
    public var headers: [(name: String, value: String)]
    /// The body (read by `Content-Length`).
    public var body: [UInt8]

    /// The target's path, without the query.
    public var path: String { String(target.prefix { $0 != "?" }) }
    /// The query (after `?`), still percent-encoded; `nil` when there is none.
    public var query: String? { target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) } }
    /// The query's parameters, decoded (`+` as space, as in a form).
    public var queryItems: [URLQueryItem] {
        guard let query else { return [] }
        return URLComponents(string: "http://x/?" + query.replacingOccurrences(of: "+", with: "%20"))?
            .queryItems ?? []
    }

    /// The first value of the header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// A tiny HTTP/1.1 server on 127.0.0.1 for the integration tests: it serves canned or computed responses in
/// small chunks with pauses between them, and can hold the rest of a body back until the test says it has seen
/// the first item — the proof that items reach the caller before the body ends.
///
/// It listens on 127.0.0.1 only, on a port the kernel picks, serves connections one at a time on a thread of its
/// own (one request per connection, `Connection: close`), and stops by itself after `maximumRequests` requests
/// or `lifetime` seconds, whichever comes first.
///
/// Every blocking call (poll, accept, recv, send, the pauses, the wait for ``release()``) is made on that thread,
/// never on one of Swift's cooperative threads: the tests await the server through ``waitUntilStopped()``, which
/// holds no thread. A server that blocked a cooperative thread would starve the client it is talking to on a
/// machine with few cores.
///
/// `@unchecked Sendable`: the mutable record (`log`) is only touched while holding `lock`; everything else is
/// immutable after `init`, and the socket belongs to the server thread.
public final class LoopbackHTTPServer: @unchecked Sendable {
    /// A response: canned in a route table, or computed from the request.
    public struct Route: Sendable {
        public enum Framing: Sendable { case chunked, contentLength }
        public var status = 200
        public var contentType: String?
        /// Further header fields.
        public var headers: [(name: String, value: String)] = []
        public var body: [UInt8]
        public var framing = Framing.chunked
        /// Bytes written per write (and per HTTP chunk when chunked).
        public var chunkSize = 512
        /// Pause after each write, so the client sees the body arrive over time.
        public var pauseMicroseconds: UInt32 = 1000
        /// Body bytes to send before waiting for ``release()``; `nil` sends everything.
        public var holdAfter: Int?
        /// After the hold is released, wait (up to the hold timeout) for the client to close the connection
        /// instead of sending the rest: for tests of a consumer that stops early.
        public var awaitsClientCloseAfterHold = false
        /// What happens to the body after `faultAfter` bytes (the head announced all of it).
        public enum Fault: Sendable {
            /// The connection is closed: a cut transfer.
            case close
            /// The connection is reset (RST).
            case reset
            /// Nothing more is sent until the client closes the connection (or the hold timeout): a stalled server.
            case stall
        }
        /// The fault, if any.
        public var fault: Fault?
        /// Body bytes sent before the fault.
        public var faultAfter = 0

        public init(
            status: Int = 200, contentType: String? = nil, headers: [(name: String, value: String)] = [],
            body: [UInt8] = [], framing: Framing = .chunked, chunkSize: Int = 512, pauseMicroseconds: UInt32 = 1000,
            holdAfter: Int? = nil, awaitsClientCloseAfterHold: Bool = false
        ) {
            self.status = status
            self.contentType = contentType
            self.headers = headers
            self.body = body
            self.framing = framing
            self.chunkSize = chunkSize
            self.pauseMicroseconds = pauseMicroseconds
            self.holdAfter = holdAfter
            self.awaitsClientCloseAfterHold = awaitsClientCloseAfterHold
        }

        /// A response whose body is `text` in UTF-8.
        public init(status: Int = 200, contentType: String? = nil, headers: [(name: String, value: String)] = [],
            text: String) {
            self.init(status: status, contentType: contentType, headers: headers, body: Array(text.utf8))
        }
    }

    /// What happened, for the tests to check.
    public struct Log: Sendable {
        /// The request target of every request, in order.
        public var requests: [String] = []
        /// Every request in full, in order.
        public var received: [LoopbackRequest] = []
        /// Body bytes written so far in the current response.
        public var bodyBytesSent = 0
        /// Whether a hold ended because nobody released it in time.
        public var holdTimedOut = false
        /// Whether a write failed because the client closed the connection before the body ended.
        public var clientWentAway = false
        /// Whether every response body was written to its end.
        public var completedResponses = 0
        /// Connections accepted: fewer than requests when the client reused a kept-alive connection.
        public var connections = 0
        /// The `Authorization` header of every request, in order (`nil` for a request without one): what reached
        /// this origin.
        public var authorizations: [String?] = []
    }

    public let port: UInt16
    private let respond: @Sendable (LoopbackRequest) -> Route
    private let keepsConnectionsAlive: Bool
    private let listener: Int32
    private let lock = NSLock()
    private var log = Log()
    private let released = DispatchSemaphore(value: 0)
    private let stopped = AsyncSignal()
    private let holdTimeout: TimeInterval

    /// - Parameters:
    ///   - lifetime: the server stops accepting after this long, whatever happened.
    ///   - holdTimeout: how long a hold waits for ``release()``. Generous on purpose: when the whole test suite
    ///     runs, long synchronous tests can occupy every thread of Swift's cooperative pool, and an `async`
    ///     consumer that already has its first item buffered may not be scheduled for tens of seconds. The proof
    ///     rests on ordering (nothing past the hold point is sent before the release), never on how fast.
    public convenience init(
        routes: [String: Route], maximumRequests: Int = 1, lifetime: TimeInterval = 600,
        holdTimeout: TimeInterval = 600
    ) throws {
        try self.init(maximumRequests: maximumRequests, lifetime: lifetime, holdTimeout: holdTimeout) { request in
            routes[request.target] ?? Route(status: 404)
        }
    }

    /// A server that answers its requests with `routes` in turn, whatever they ask for.
    public static func sequence(_ routes: [Route], lifetime: TimeInterval = 600) throws -> LoopbackHTTPServer {
        let counter = RequestCounter()
        return try LoopbackHTTPServer(maximumRequests: routes.count, lifetime: lifetime) { _ in
            routes[min(counter.next() - 1, routes.count - 1)]
        }
    }

    /// A server whose responses `respond` computes from each request (called on the server thread).
    /// - Parameter keepsConnectionsAlive: answer with `Connection: keep-alive` and read the next request from the
    ///   same connection (for up to 5 s), instead of closing it after each response.
    public init(
        maximumRequests: Int = 1, lifetime: TimeInterval = 600, holdTimeout: TimeInterval = 600,
        keepsConnectionsAlive: Bool = false, respond: @escaping @Sendable (LoopbackRequest) -> Route
    ) throws {
        self.respond = respond
        self.keepsConnectionsAlive = keepsConnectionsAlive
        self.holdTimeout = holdTimeout
        (listener, port) = try Self.listen(on: "127.0.0.1", backlog: 4)
        let deadline = Date(timeIntervalSinceNow: lifetime)
        let thread = Thread { [self] in
            serve(maximumRequests: maximumRequests, until: deadline)
        }
        thread.start()
    }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Lets a held response go on.
    public func release() { released.signal() }

    /// A copy of the record.
    public var snapshot: Log { lock.withLock { log } }

    /// Waits until the server has stopped, holding no thread meanwhile (the server thread resumes the waiter).
    public func waitUntilStopped() async { await stopped.wait() }

    // MARK: Server thread

    private func serve(maximumRequests: Int, until deadline: Date) {
        defer {
            close(listener)
            stopped.signal()
        }
        var served = 0
        while served < maximumRequests && Date() < deadline {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            lock.withLock { log.connections += 1 }
            // Each write goes out at once: with Nagle's algorithm a kept-alive connection waits for the client's
            // delayed acknowledgement (40 ms) between a response's writes.
            var noDelay: Int32 = 1
            setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            var exchange = handle(connection)
            if exchange != .noRequest { served += 1 }
            while keepsConnectionsAlive && exchange == .answered && served < maximumRequests
                && nextRequestArrives(on: connection, until: deadline)
            {
                exchange = handle(connection)
                if exchange != .noRequest { served += 1 }
            }
            close(connection)
        }
    }

    /// Waits on a kept-alive connection for its next request, for as long as the server lives, unless the client
    /// opens another connection first (then this one is given up, as a busy server would). A fixed read timeout
    /// here counted a second connection whenever a loaded machine kept the client from asking for its next page
    /// within it.
    private func nextRequestArrives(on connection: Int32, until deadline: Date) -> Bool {
        while Date() < deadline {
            var pollers = [
                pollfd(fd: connection, events: Int16(POLLIN), revents: 0),
                pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&pollers, 2, 100) > 0 else { continue }
            if pollers[0].revents != 0 { return true }
            return false
        }
        return false
    }

    /// What became of one request on a connection.
    private enum Exchange { case noRequest, answered, cutShort }

    private func handle(_ connection: Int32) -> Exchange {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = Self.readRequest(connection) else { return .noRequest }
        lock.withLock {
            log.requests.append(request.target)
            log.received.append(request)
            log.bodyBytesSent = 0
        }
        let route = respond(request)
        lock.withLock { log.authorizations.append(request.header("Authorization")) }
        let persistence = keepsConnectionsAlive ? "keep-alive" : "close"
        var head = "HTTP/1.1 \(route.status) \(route.status < 300 ? "OK" : "Error")\r\nConnection: \(persistence)\r\n"
        if let contentType = route.contentType { head += "Content-Type: \(contentType)\r\n" }
        for (name, value) in route.headers { head += "\(name): \(value)\r\n" }
        head += route.framing == .chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: \(route.body.count)\r\n"
        guard write(connection, head + "\r\n") else { return .cutShort }
        var offset = 0
        while offset < route.body.count {
            if let holdAfter = route.holdAfter, offset == holdAfter {
                if released.wait(timeout: .now() + holdTimeout) == .timedOut {
                    lock.withLock { log.holdTimedOut = true }
                }
                if route.awaitsClientCloseAfterHold {
                    let closed = waitForClose(connection)
                    lock.withLock { log.clientWentAway = closed }
                    return .cutShort
                }
            }
            if let fault = route.fault, offset >= route.faultAfter {
                // The bytes before the fault reach the client before it does, as when a connection drops mid-way
                // (AsyncHTTPClient discards body bytes that arrive in the same read as a broken end).
                usleep(200_000)
                switch fault {
                case .close: break
                case .reset:
                    var hard = linger(l_onoff: 1, l_linger: 0)
                    setsockopt(connection, SOL_SOCKET, SO_LINGER, &hard, socklen_t(MemoryLayout<linger>.size))
                case .stall:
                    lock.withLock { log.clientWentAway = waitForClose(connection) }
                }
                return .cutShort
            }
            var end = min(offset + route.chunkSize, route.body.count)
            if let holdAfter = route.holdAfter, offset < holdAfter { end = min(end, holdAfter) }
            if route.fault != nil { end = min(end, max(route.faultAfter, offset + 1)) }
            let piece = Array(route.body[offset..<end])
            let framed =
                route.framing == .chunked
                ? Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8) : piece
            guard write(connection, framed) else {
                lock.withLock { log.clientWentAway = true }
                return .cutShort
            }
            offset = end
            lock.withLock { log.bodyBytesSent = offset }
            usleep(route.pauseMicroseconds)
        }
        if route.framing == .chunked { guard write(connection, "0\r\n\r\n") else { return .cutShort } }
        lock.withLock { log.completedResponses += 1 }
        return .answered
    }

    /// Waits until the client closes the connection (reading and discarding anything it sends); `false` when it
    /// is still open after the hold timeout.
    private func waitForClose(_ connection: Int32) -> Bool {
        let deadline = Date(timeIntervalSinceNow: holdTimeout)
        var buffer = [UInt8](repeating: 0, count: 1024)
        while Date() < deadline {
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return true }
        }
        return false
    }

    /// Reads the request: its head, then as many body bytes as `Content-Length` says (shared with the other
    /// loopback servers).
    static func readRequest(_ connection: Int32) -> LoopbackRequest? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            guard received.count < 64 << 10 else { return nil }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            let searchStart = max(0, received.count - 3)
            received += buffer[0..<count]
            if received.count >= 4 {
                headEnd = (searchStart...(received.count - 4)).first {
                    received[$0..<($0 + 4)].elementsEqual(terminator)
                }
            }
        }
        let head = String(decoding: received[..<headEnd!], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let parts = lines.removeFirst().split(separator: " ")
        guard parts.count >= 2 else { return nil }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var request = LoopbackRequest(method: String(parts[0]), target: String(parts[1]), headers: headers, body: [])
        let length = request.header("Content-Length").flatMap { Int($0) } ?? 0
        var body = Array(received[(headEnd! + 4)...])
        while body.count < length {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            body += buffer[0..<count]
        }
        request.body = Array(body.prefix(length))
        return request
    }

    private func write(_ connection: Int32, _ text: String) -> Bool { write(connection, Array(text.utf8)) }

    private func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool { Self.sendAll(connection, bytes) }
}

extension URLSessionConfiguration {
    /// How long the loopback tests let a request sit idle. In a full `swift test` run on two cores, busy
    /// synchronous suites can hold every cooperative thread for over a minute, so the consumer that releases the
    /// server's hold cannot run; URLSession's default 60-second idle timeout then failed tests that were only
    /// waiting their turn.
    public static let patientTimeout: TimeInterval = 600

    /// An ephemeral configuration with the patient timeouts.
    public static var patientLoopback: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = patientTimeout
        configuration.timeoutIntervalForResource = patientTimeout * 2
        return configuration
    }
}
