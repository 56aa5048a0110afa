import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for the integration tests: it serves canned responses in small chunks
/// with pauses between them, and can hold the rest of a body back until the test says it has seen the first
/// item — the proof that items reach the caller before the body ends.
///
/// It listens on 127.0.0.1 only, on a port the kernel picks, serves connections one at a time on a thread of its
/// own, and stops by itself after `maximumRequests` requests or `lifetime` seconds, whichever comes first.
///
/// `@unchecked Sendable`: the mutable record (`log`) is only touched while holding `lock`; everything else is
/// immutable after `init`, and the socket belongs to the server thread.
final class LoopbackHTTPServer: @unchecked Sendable {
    /// A canned response.
    struct Route: Sendable {
        enum Framing: Sendable { case chunked, contentLength }
        var status = 200
        var contentType: String?
        var body: [UInt8]
        var framing = Framing.chunked
        /// Bytes written per write (and per HTTP chunk when chunked).
        var chunkSize = 512
        /// Pause after each write, so the client sees the body arrive over time.
        var pauseMicroseconds: UInt32 = 1000
        /// Body bytes to send before waiting for ``release()``; `nil` sends everything.
        var holdAfter: Int?
        /// After the hold is released, wait (up to the hold timeout) for the client to close the connection
        /// instead of sending the rest: for tests of a consumer that stops early.
        var awaitsClientCloseAfterHold = false
    }

    /// What happened, for the tests to check.
    struct Log: Sendable {
        var requests: [String] = []
        /// Body bytes written so far in the current response.
        var bodyBytesSent = 0
        /// Whether a hold ended because nobody released it in time.
        var holdTimedOut = false
        /// Whether a write failed because the client closed the connection before the body ended.
        var clientWentAway = false
        /// Whether every response body was written to its end.
        var completedResponses = 0
    }

    let port: UInt16
    private let routes: [String: Route]
    private let listener: Int32
    private let lock = NSLock()
    private var log = Log()
    private let released = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)
    private let holdTimeout: TimeInterval

    /// - Parameters:
    ///   - lifetime: the server stops accepting after this long, whatever happened.
    ///   - holdTimeout: how long a hold waits for ``release()``. Generous on purpose: when the whole test suite
    ///     runs, long synchronous tests can occupy every thread of Swift's cooperative pool, and an `async`
    ///     consumer that already has its first item buffered may not be scheduled for tens of seconds. The proof
    ///     rests on ordering (nothing past the hold point is sent before the release), never on how fast.
    init(
        routes: [String: Route], maximumRequests: Int = 1, lifetime: TimeInterval = 300,
        holdTimeout: TimeInterval = 600
    ) throws {
        self.routes = routes
        self.holdTimeout = holdTimeout
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 4) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var actual = sockaddr_in()
        var actualLength = length
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) }
        }
        listener = fd
        port = UInt16(bigEndian: actual.sin_port)
        let deadline = Date(timeIntervalSinceNow: lifetime)
        let thread = Thread { [self] in
            serve(maximumRequests: maximumRequests, until: deadline)
        }
        thread.start()
    }

    /// The URL of `path` on this server.
    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Lets a held response go on.
    func release() { released.signal() }

    /// A copy of the record.
    var snapshot: Log { lock.withLock { log } }

    /// Waits (without blocking the caller's thread) until the server has stopped.
    func waitUntilStopped() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { [stopped] in
                stopped.wait()
                stopped.signal()  // later waiters pass straight through
                continuation.resume()
            }
        }
    }

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
            handle(connection)
            close(connection)
            served += 1
        }
    }

    private func handle(_ connection: Int32) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let path = readRequestPath(connection) else { return }
        lock.withLock {
            log.requests.append(path)
            log.bodyBytesSent = 0
        }
        guard let route = routes[path] else {
            _ = write(connection, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        }
        var head = "HTTP/1.1 \(route.status) \(route.status < 300 ? "OK" : "Error")\r\nConnection: close\r\n"
        if let contentType = route.contentType { head += "Content-Type: \(contentType)\r\n" }
        head += route.framing == .chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: \(route.body.count)\r\n"
        guard write(connection, head + "\r\n") else { return }
        var offset = 0
        while offset < route.body.count {
            if let holdAfter = route.holdAfter, offset == holdAfter {
                if released.wait(timeout: .now() + holdTimeout) == .timedOut {
                    lock.withLock { log.holdTimedOut = true }
                }
                if route.awaitsClientCloseAfterHold {
                    let closed = waitForClose(connection)
                    lock.withLock { log.clientWentAway = closed }
                    return
                }
            }
            var end = min(offset + route.chunkSize, route.body.count)
            if let holdAfter = route.holdAfter, offset < holdAfter { end = min(end, holdAfter) }
            let piece = Array(route.body[offset..<end])
            let framed =
                route.framing == .chunked
                ? Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8) : piece
            guard write(connection, framed) else {
                lock.withLock { log.clientWentAway = true }
                return
            }
            offset = end
            lock.withLock { log.bodyBytesSent = offset }
            usleep(route.pauseMicroseconds)
        }
        if route.framing == .chunked { guard write(connection, "0\r\n\r\n") else { return } }
        lock.withLock { log.completedResponses += 1 }
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

    /// Reads the request head and returns the path of its request line.
    private func readRequestPath(_ connection: Int32) -> String? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator = Array("\r\n\r\n".utf8)
        while received.count < 64 << 10 {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            received += buffer[0..<count]
            if received.count >= 4,
                (0...(received.count - 4)).contains(where: {
                    received[$0..<($0 + 4)].elementsEqual(terminator)
                })
            {
                break
            }
        }
        let requestLine = String(decoding: received.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        let parts = requestLine.split(separator: " ")
        return parts.count >= 2 ? String(parts[1]) : nil
    }

    private func write(_ connection: Int32, _ text: String) -> Bool { write(connection, Array(text.utf8)) }

    /// Writes everything or reports failure; never raises SIGPIPE when the client has gone.
    private func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, flags) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}

extension URLSessionConfiguration {
    /// How long the loopback tests let a request sit idle. In a full `swift test` run on two cores, busy
    /// synchronous suites can hold every cooperative thread for over a minute, so the consumer that releases the
    /// server's hold cannot run; URLSession's default 60-second idle timeout then failed tests that were only
    /// waiting their turn.
    static let patientTimeout: TimeInterval = 600

    /// An ephemeral configuration with the patient timeouts.
    static var patientLoopback: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = patientTimeout
        configuration.timeoutIntervalForResource = patientTimeout * 2
        return configuration
    }
}
