private import CZlib

/// gzip, deflate in the zlib format, and raw deflate (which some servers send as `deflate`) for the loopback
/// servers, through the system's zlib.
public enum ContentCompression: String, Sendable, CaseIterable {
    case gzip
    case deflate
    /// RFC 1951 without the zlib wrapper, served as `Content-Encoding: deflate`.
    case rawDeflate = "raw-deflate"

    /// The `Content-Encoding` it is served as.
    public var contentEncoding: String { self == .rawDeflate ? "deflate" : rawValue }

    /// `bytes` compressed in this coding.
    public func compress(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        compress(pieces: 1) { _ in
            bytes
        } into: {
            output += $0
        }
        return output
    }

    /// The concatenation of `pieces` inputs compressed in this coding, streamed: `piece(i)` makes the `i`th and
    /// `sink` takes the output as it is made, so a bomb of gigabytes is made in constant memory.
    /// After the pieces in `flushing`, everything so far is flushed out (Z_SYNC_FLUSH): the bytes sunk up to then
    /// inflate to those pieces whole.
    public func compress(
        pieces: Int, flushing: Set<Int> = [], piece: (Int) -> [UInt8], into sink: ([UInt8]) -> Void
    ) {
        var stream = z_stream()
        // 15 window bits: zlib format; +16: gzip; negative: raw deflate.
        let windowBits: Int32 =
            switch self {
            case .gzip: 31
            case .deflate: 15
            case .rawDeflate: -15
            }
        let status = deflateInit2_(
            &stream, 9, Z_DEFLATED, windowBits, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "deflateInit2 failed: \(status)")
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: 64 << 10)
        for index in 0..<pieces {
            var input = piece(index)
            let flush = index == pieces - 1 ? Z_FINISH : flushing.contains(index) ? Z_SYNC_FLUSH : Z_NO_FLUSH
            input.withUnsafeMutableBufferPointer { buffer in
                stream.next_in = buffer.baseAddress
                stream.avail_in = UInt32(buffer.count)
                repeat {
                    let produced = out.withUnsafeMutableBufferPointer { outBuffer -> Int in
                        stream.next_out = outBuffer.baseAddress
                        stream.avail_out = UInt32(outBuffer.count)
                        CZlib.deflate(&stream, flush)
                        return outBuffer.count - Int(stream.avail_out)
                    }
                    if produced > 0 { sink(Array(out[0..<produced])) }
                } while stream.avail_out == 0 || (flush == Z_FINISH && stream.avail_in > 0)
            }
        }
    }

    /// A gzip or deflate body that inflates to `prefix`, then `padding` spaces, then `suffix`: a feed whose
    /// items come first and whose middle is a compression bomb. `prefixEnd`: the compressed bytes that inflate to
    /// the prefix whole, for a server that sends them before the bomb.
    public func bomb(prefix: [UInt8], padding: Int, suffix: [UInt8]) -> (bytes: [UInt8], prefixEnd: Int) {
        let block = [UInt8](repeating: 0x20, count: 1 << 20)
        let blocks = (padding + block.count - 1) / block.count
        var output: [UInt8] = []
        var prefixEnd = 0
        compress(
            pieces: blocks + 2, flushing: [0],
            piece: { index in
                if index == 0 { return prefix }
                // The prefix was flushed out whole before the next piece.
                if index == 1 { prefixEnd = output.count }
                if index == blocks + 1 { return suffix }
                let size = index == blocks ? padding - (blocks - 1) * block.count : block.count
                return Array(block.prefix(size))
            }, into: { output += $0 })
        return (output, prefixEnd)
    }
}
