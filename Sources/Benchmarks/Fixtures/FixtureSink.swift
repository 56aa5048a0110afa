import Foundation

/// Where generated text goes — a file, or a pipe to a child process — in blocks of about 1 MiB.
struct FixtureSink {
    private let emit: (UnsafeRawBufferPointer) -> Void
    private var buffer: [UInt8] = []
    private(set) var bytesWritten = 0
    /// Generators that can repeat themselves stop once this many bytes are out.
    var byteBudget = Int.max

    init(emit: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.emit = emit
        buffer.reserveCapacity(1 << 20)
    }

    var isFull: Bool { bytesWritten + buffer.count >= byteBudget }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func flush() {
        bytesWritten += buffer.count
        buffer.withUnsafeBytes { emit($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Generates `fixture` into the file at `path`.
    static func writeFile(_ path: String, with generate: (inout FixtureSink) -> Void) throws -> Int {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        var sink = FixtureSink { handle.write(Data($0)) }
        generate(&sink)
        sink.flush()
        try handle.close()
        return sink.bytesWritten
    }
}
