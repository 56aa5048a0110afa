import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StreamCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Writes one compact JSON object per line to standard output, batching the lines of one chunk into one write.
package final class OutputWriter {
    package init() {}

    /// The lines queued since the last flush, in the writer's bytes.
    private let json = JSONWriter()

    /// Queues one value as a line of JSON: its `Codable` encoding, keys sorted (through its own writer for the
    /// models printed in bulk).
    package func line(_ value: some Encodable) throws {
        if let writable = value as? any JSONWritable {
            JSONObjectWriter.write(writable, to: json)
        } else {
            try json.write(value)
        }
        json.writeByte(0x0A)
    }

    /// Queues one line that `write` writes into the writer (a value tree, members in document order).
    package func line(_ write: (JSONWriter) -> Void) {
        write(json)
        json.writeByte(0x0A)
    }

    /// Queues one line of already-encoded text.
    package func line(raw text: String) {
        json.writeRaw(text)
        json.writeByte(0x0A)
    }

    /// Writes everything queued, so each chunk's items appear before the next chunk is read.
    package func flush() {
        guard !json.bytes.isEmpty else { return }
        json.bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
        json.bytes.removeAll(keepingCapacity: true)
    }

    /// Ends a run that failed: what was written so far goes out, then the error line on standard error; the
    /// status to exit with is 1.
    package func failure(_ error: any Error) -> ExitCode {
        flush()
        OutputWriter.standardError("feedstream: error: \(StreamRunner.message(for: error))")
        return ExitCode(1)
    }

    /// Writes a line to standard error.
    package static func standardError(_ text: String) {
        var line = Array((text + "\n").utf8)
        _ = line.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
