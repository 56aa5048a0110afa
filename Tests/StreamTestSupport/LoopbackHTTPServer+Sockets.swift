import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The socket work every loopback server shares.
extension LoopbackHTTPServer {
    /// A socket listening on `address` (IPv4), on a port the kernel picks (shared with the other loopback servers).
    static func listen(on address: String, backlog: Int32) throws -> (socket: Int32, port: UInt16) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = 0
        socketAddress.sin_addr.s_addr = inet_addr(address)
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        #if canImport(Glibc)
            let listening = Glibc.listen(fd, backlog)
        #else
            let listening = Darwin.listen(fd, backlog)
        #endif
        guard bound == 0, listening == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var actual = sockaddr_in()
        var actualLength = length
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) }
        }
        return (fd, UInt16(bigEndian: actual.sin_port))
    }

    /// Writes everything or reports failure; never raises SIGPIPE when the client has gone (shared with the other
    /// loopback servers).
    static func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
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
