import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `Benchmarks --farm-server FIRST COUNT PORT`: a process serving one small RSS feed per path on COUNT loopback
/// addresses (host numbers FIRST …, see ``address(_:)``), all on PORT (0: the kernel picks one for the first
/// address and the rest share it), from one thread with `epoll`: what a farm of tens of thousands of hosts needs
/// (a thread or two per host, as `LoopbackFeedHost` has, would pass the process's limits). Each answer closes its
/// connection, so a client with tens of thousands of hosts keeps no idle connection to each. Prints the port on
/// its first line once every address listens; ends when standard input closes.
enum LoopbackFarmServer {
    /// `127.a.b.c` for host number `n`, from 127.1.0.0 on (127.0.0.x is left to the tests' own hosts).
    static func address(_ host: Int) -> String {
        let n = host + (1 << 16)
        return "127.\((n >> 16) & 255).\((n >> 8) & 255).\(n & 255)"
    }

    #if canImport(Glibc)
        static func run(_ arguments: [String]) -> Int32 {
            guard arguments.count == 3, let first = Int(arguments[0]), let count = Int(arguments[1]),
                var port = UInt16(arguments[2])
            else { return 2 }
            let poller = epoll_create1(0)
            var listeners = Set<Int32>()
            for host in first..<(first + count) {
                guard let listening = listen(address(host), port: port) else {
                    FileHandle.standardError.write(Data("farm server: cannot listen on \(address(host))\n".utf8))
                    return 1
                }
                port = listening.port
                listeners.insert(listening.socket)
                var event = epoll_event()
                event.events = EPOLLIN.rawValue
                event.data.fd = listening.socket
                epoll_ctl(poller, EPOLL_CTL_ADD, listening.socket, &event)
            }
            print(port)
            fflush(stdout)
            // Standard input closing (the parent went) ends the server.
            Thread {
                while readLine() != nil {}
                exit(0)
            }.start()
            var pending: [Int32: [UInt8]] = [:]
            var events = [epoll_event](repeating: epoll_event(), count: 256)
            var buffer = [UInt8](repeating: 0, count: 8_192)
            while true {
                let ready = epoll_wait(poller, &events, Int32(events.count), -1)
                guard ready > 0 else { continue }
                for event in events.prefix(Int(ready)) {
                    let fd = event.data.fd
                    if listeners.contains(fd) {
                        while true {
                            let connection = accept4(fd, nil, nil, Int32(SOCK_NONBLOCK.rawValue))
                            guard connection >= 0 else { break }
                            var added = epoll_event()
                            added.events = EPOLLIN.rawValue
                            added.data.fd = connection
                            epoll_ctl(poller, EPOLL_CTL_ADD, connection, &added)
                            pending[connection] = []
                        }
                        continue
                    }
                    let read = Glibc.read(fd, &buffer, buffer.count)
                    if read <= 0 {
                        if read < 0 && errno == EAGAIN { continue }
                        pending[fd] = nil
                        close(fd)
                        continue
                    }
                    pending[fd, default: []] += buffer.prefix(read)
                    guard let request = pending[fd], let end = headEnd(request) else { continue }
                    answer(Array(request[..<end]), on: fd)
                    pending[fd] = nil
                    close(fd)
                }
            }
        }

        private static func headEnd(_ bytes: [UInt8]) -> Int? {
            guard bytes.count >= 4 else { return nil }
            for index in 3..<bytes.count
            where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
                return index + 1
            }
            return nil
        }

        private static func answer(_ head: [UInt8], on fd: Int32) {
            let line = String(decoding: head.prefix { $0 != 13 }, as: UTF8.self).split(separator: " ")
            let path = line.count > 1 ? String(line[1]) : "/"
            let body = Array(RefreshFarm.feedText(for: path).utf8)
            let response =
                Array(
                    ("HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nContent-Length: \(body.count)\r\n"
                        + "Connection: close\r\n\r\n").utf8) + body
            var sent = 0
            while sent < response.count {
                let written = response.withUnsafeBytes { write(fd, $0.baseAddress! + sent, response.count - sent) }
                if written > 0 {
                    sent += written
                } else if errno == EAGAIN {
                    var poll = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = Glibc.poll(&poll, 1, 1_000)
                } else {
                    return
                }
            }
        }

        private static func listen(_ address: String, port: UInt16) -> (socket: Int32, port: UInt16)? {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else { return nil }
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = port.bigEndian
            inet_pton(AF_INET, address, &socketAddress.sin_addr)
            let bound = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0, Glibc.listen(fd, 64) == 0 else {
                close(fd)
                return nil
            }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            return (fd, UInt16(bigEndian: socketAddress.sin_port))
        }
    #else
        static func run(_ arguments: [String]) -> Int32 {
            FileHandle.standardError.write(Data("farm server: Linux only (epoll)\n".utf8))
            return 1
        }
    #endif
}
