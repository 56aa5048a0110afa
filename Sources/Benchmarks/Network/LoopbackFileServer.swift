import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-file HTTP/1.1 server on 127.0.0.1 for the network rows: answers each of `connections` connections with
/// the file's bytes (`Content-Length`, `Connection: close`), as fast as the client reads them, then stops by
/// itself. Runs on a thread of its own so the benchmark process can wait for its child meanwhile.
final class LoopbackFileServer: @unchecked Sendable {
    // @unchecked: `listener` and `path` are set in init and only read afterwards.
    let port: UInt16
    private let listener: Int32
    private let path: String
    private let finished = DispatchSemaphore(value: 0)

    init(serving path: String, connections: Int) throws {
        self.path = path
        // A client that stops reading early must not end the benchmark with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 8) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        let thread = Thread { [self] in
            for _ in 0..<connections {
                let connection = accept(listener, nil, nil)
                if connection < 0 { break }
                serve(connection)
                close(connection)
            }
            close(listener)
            finished.signal()
        }
        thread.start()
    }

    /// The URL of the file.
    var url: String { "http://127.0.0.1:\(port)/feed.xml" }

    /// Waits until every connection was served.
    func wait() { finished.wait() }

    private func serve(_ connection: Int32) {
        // The request head: read until its blank line (requests here have no body).
        var request: [UInt8] = []
        var byte = [UInt8](repeating: 0, count: 4096)
        while !request.ends(with: [13, 10, 13, 10]) {
            let count = read(connection, &byte, byte.count)
            if count <= 0 { return }
            request += byte[0..<count]
        }
        let file = open(path, O_RDONLY)
        guard file >= 0 else { return }
        defer { close(file) }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/atom+xml\r\nContent-Length: \(size)\r\n"
            + "Connection: close\r\n\r\n"
        let bytes = Array(head.utf8)
        guard bytes.withUnsafeBytes({ send(connection, $0) }) else { return }
        sendBody(file, size: size, to: connection)
    }

    /// The file's bytes as a web server sends a static file: `sendfile(2)` on Linux, from the page cache to the
    /// socket with no copy through this process, so that the server's own work takes as little as it can of the
    /// machine the client is measured on. (It read 256 KiB blocks into new arrays before: each block a fresh
    /// allocation past glibc's mmap threshold, paid in page faults on the core beside the client's.)
    private func sendBody(_ file: Int32, size: Int, to connection: Int32) {
        #if os(Linux)
            var offset = off_t(0)
            while offset < size {
                let sent = sendfile(connection, file, &offset, size - Int(offset))
                if sent < 0 && errno == EINTR { continue }
                if sent <= 0 { return }
            }
        #else
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
            defer { buffer.deallocate() }
            while true {
                let count = read(file, buffer.baseAddress, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0, send(connection, UnsafeRawBufferPointer(rebasing: buffer[0..<count])) else { return }
            }
        #endif
    }

    private func send(_ connection: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = write(connection, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
