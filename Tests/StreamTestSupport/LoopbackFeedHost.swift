import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One host of a loopback feed farm: an HTTP/1.1 server on its own 127.0.0.x address that serves many connections
/// at once (a thread each, keep-alive unless a response says `Connection: close`), and counts the requests it has
/// in flight — what per-host and total concurrency limits are checked against, counted by the server rather than
/// the client.
///
/// Responses are computed per request; they can wait before their head (simulated latency), be compressed in the
/// coding the request accepts, or stall after part of the body. The server stops after `lifetime` seconds or
/// ``stop()``. Every socket is served on threads of its own: nothing here blocks Swift's cooperative pool.
///
/// `@unchecked Sendable`: the counters and the log are only touched while holding `lock`.
public final class LoopbackFeedHost: @unchecked Sendable {
    /// An answer.
    public struct Response: Sendable {
        public var status: Int
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]
        /// Seconds to wait before the head (the network's and server's latency).
        public var latency: TimeInterval
        /// Compress the body in the coding the request accepts (gzip, else deflate), adding `Content-Encoding`.
        public var compresses: Bool
        /// The body as already compressed by the test (a bomb), sent with this `Content-Encoding`.
        public var precompressed: ContentCompression?
        /// Send the head and this many body bytes, then nothing until the client goes.
        public var stallAfter: Int?
        /// Send this many body bytes, pause a moment, then the rest: what arrives before the pause reaches the
        /// client in reads of its own (a bomb's items before the bomb, as over a real network).
        public var pauseAfter: Int?

        public init(
            status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
            latency: TimeInterval = 0, compresses: Bool = false, precompressed: ContentCompression? = nil,
            stallAfter: Int? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.latency = latency
            self.compresses = compresses
            self.precompressed = precompressed
            self.stallAfter = stallAfter
        }

        /// A 200 with `text` as an RSS or Atom document.
        public static func feed(
            _ text: String, headers: [(name: String, value: String)] = [], compresses: Bool = false,
            latency: TimeInterval = 0
        ) -> Response {
            Response(
                headers: [("Content-Type", "application/xml; charset=utf-8")] + headers, body: Array(text.utf8),
                latency: latency, compresses: compresses)
        }
    }

    /// A request as the host's ledger holds it: when it arrived and how many the host had in flight with it.
    public struct Arrival: Sendable {
        public var request: LoopbackRequest
        /// When its head had been read.
        public var at: ContinuousClock.Instant
        /// The requests in flight on this host as it arrived, itself included.
        public var inFlight: Int
        /// When it stopped counting as in flight (just before its response's last byte); `nil` while it is.
        public var ended: ContinuousClock.Instant?

        /// Whether it was in flight at `instant`.
        public func isInFlight(at instant: ContinuousClock.Instant) -> Bool {
            at <= instant && (ended.map { instant < $0 } ?? true)
        }
    }

    /// The address, `127.0.0.x`.
    public let address: String
    public let port: UInt16
    private let listener: Int32
    private let respond: @Sendable (LoopbackRequest) -> Response
    private let counter: LoopbackInFlightCounter?
    private let lock = NSLock()
    private var inFlight = 0
    private var maximum = 0
    private var log: [Arrival] = []
    private var wireBytes = 0
    private var bodyBytes = 0
    private var stopped = false

    /// Starts a host on `address` (any of 127.0.0.0/8 on Linux; 127.0.0.1 elsewhere), on a port the kernel picks.
    public init(
        address: String = "127.0.0.1", lifetime: TimeInterval = 300, counter: LoopbackInFlightCounter? = nil,
        respond: @escaping @Sendable (LoopbackRequest) -> Response
    ) throws {
        self.respond = respond
        self.counter = counter
        (listener, port) = try LoopbackHTTPServer.listen(on: address, backlog: 128)
        self.address = address
        let deadline = Date(timeIntervalSinceNow: lifetime)
        Thread { [self] in acceptConnections(until: deadline) }.start()
    }

    /// `http://127.0.0.x:PORT/path`.
    public func url(_ path: String) -> URL { URL(string: "http://\(address):\(port)\(path)")! }

    /// Stops accepting; connections end after their current response.
    public func stop() { lock.withLock { stopped = true } }

    /// The requests this host has in flight now.
    public var inFlightNow: Int { lock.withLock { inFlight } }
    /// The most requests this host had in flight at once.
    public var maximumInFlight: Int { lock.withLock { maximum } }
    /// Every request, in the order they arrived.
    public var requests: [LoopbackRequest] { lock.withLock { log.map(\.request) } }
    /// Every request with its arrival's instant and the host's load then, in the order they arrived.
    public var arrivals: [Arrival] { lock.withLock { log } }
    /// Body bytes written to the network, and the same bodies' bytes before compression.
    public var bytesServed: (wire: Int, body: Int) { lock.withLock { (wireBytes, bodyBytes) } }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptConnections(until deadline: Date) {
        defer { close(listener) }
        while Date() < deadline && !isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            var noDelay: Int32 = 1
            setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            Thread { [self] in serve(connection, until: deadline) }.start()
        }
    }

    /// Answers requests on one connection until the client closes it, it idles 5 s, or the host stops.
    private func serve(_ connection: Int32, until deadline: Date) {
        defer { close(connection) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        while Date() < deadline, let request = LoopbackHTTPServer.readRequest(connection) {
            let index = lock.withLock {
                inFlight += 1
                maximum = max(maximum, inFlight)
                log.append(Arrival(request: request, at: .now, inFlight: inFlight))
                return log.count - 1
            }
            counter?.begin()
            var ended = false
            // A request stops counting just before its response's last byte goes out: the client cannot have
            // ended it earlier, and a busy server thread cannot count it after the client has moved on.
            let end = {
                guard !ended else { return }
                ended = true
                self.counter?.end()
                self.lock.withLock {
                    self.inFlight -= 1
                    self.log[index].ended = .now
                }
            }
            let keepsOpen = answer(request, on: connection, ending: end)
            end()
            if !keepsOpen || isStopped { return }
        }
    }

    /// Writes the response; `false` when the connection cannot serve another request.
    private func answer(_ request: LoopbackRequest, on connection: Int32, ending: () -> Void) -> Bool {
        let response = respond(request)
        if response.latency > 0 { usleep(UInt32(response.latency * 1_000_000)) }
        var body = response.body
        var headers = response.headers
        if let coding = response.precompressed {
            headers.append(("Content-Encoding", coding.contentEncoding))
        } else if response.compresses, let coding = Self.coding(accepted: request.header("Accept-Encoding")) {
            body = coding.compress(body)
            headers.append(("Content-Encoding", coding.contentEncoding))
        }
        // A response that names `Connection: close` ends its connection: a farm of thousands of hosts keeps no
        // idle connection (nor a server thread, nor a client descriptor) per host.
        let closes = headers.contains { $0.name.lowercased() == "connection" && $0.value.lowercased() == "close" }
        var head = "HTTP/1.1 \(response.status) \(response.status < 400 ? "OK" : "Error")\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n\(closes ? "" : "Connection: keep-alive\r\n")\r\n"
        if let stallAfter = response.stallAfter {
            _ = LoopbackHTTPServer.sendAll(connection, Array(head.utf8) + body.prefix(stallAfter))
            waitForClose(connection)
            return false
        }
        let wireCount = body.count
        var rest = Array(head.utf8) + (request.method == "HEAD" ? [] : body)
        if let pauseAfter = response.pauseAfter, pauseAfter < body.count {
            let first = rest.count - body.count + pauseAfter
            guard LoopbackHTTPServer.sendAll(connection, Array(rest[..<first])) else { return false }
            usleep(200_000)
            rest.removeFirst(first)
        }
        guard LoopbackHTTPServer.sendAll(connection, Array(rest.dropLast())) else { return false }
        ending()
        guard LoopbackHTTPServer.sendAll(connection, Array(rest.suffix(1))) else { return false }
        lock.withLock {
            wireBytes += wireCount
            bodyBytes += response.precompressed == nil ? response.body.count : wireCount
        }
        return !closes
    }

    /// The coding to answer in: gzip when accepted, else deflate, else none.
    static func coding(accepted: String?) -> ContentCompression? {
        let codings = (accepted ?? "").lowercased().split(separator: ",").map {
            $0.split(separator: ";")[0].trimmingCharacters(in: .whitespaces)
        }
        if codings.contains("gzip") { return .gzip }
        if codings.contains("deflate") { return .deflate }
        return nil
    }

    /// Waits until the client closes the connection or the host stops.
    private func waitForClose(_ connection: Int32) {
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !isStopped {
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return }
        }
    }
}
