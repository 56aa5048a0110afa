#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Reads a file or standard input in chunks of exactly `chunkSize` bytes (the last one may be shorter), so the
/// parser sees the same chunking every run.
package final class InputReader {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8]

    package struct OpenError: Error {
        package var message: String
    }

    package init(path: String?, chunkSize: Int) throws(OpenError) {
        if let path, path != "-" {
            let fd = open(path, O_RDONLY)
            guard fd >= 0 else {
                throw OpenError(message: "cannot open \(path): \(String(cString: strerror(errno)))")
            }
            descriptor = fd
            ownsDescriptor = true
        } else {
            descriptor = STDIN_FILENO
            ownsDescriptor = false
        }
        buffer = [UInt8](repeating: 0, count: chunkSize)
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Calls `body` with each chunk until the end of input.
    package func forEachChunk(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let capacity = buffer.count
        while true {
            var filled = 0
            let ended: Bool = buffer.withUnsafeMutableBytes { raw in
                while filled < capacity {
                    let count = read(descriptor, raw.baseAddress! + filled, capacity - filled)
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 { return true }
                    filled += count
                }
                return false
            }
            if filled > 0 {
                try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<filled])) }
            }
            if ended { return }
        }
    }
}
