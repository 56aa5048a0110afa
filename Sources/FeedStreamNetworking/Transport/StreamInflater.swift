#if canImport(AsyncHTTPClient)
    import Foundation
    private import CZlib

    /// Inflates one `gzip` or `deflate` body as its bytes arrive, a bounded piece at a time, with zlib.
    ///
    /// `deflate` means the zlib format (RFC 1950), but servers also send raw deflate (RFC 1951) under that name, as
    /// browsers and curl accept: the first two bytes tell them apart (a zlib header is `CM = 8` with a check
    /// multiple of 31). gzip bodies of several members (concatenated files) are inflated member after member.
    ///
    /// One `final class` owns the zlib stream and frees it in `deinit`; no output is kept beyond the piece handed on.
    final class StreamInflater {
        private let stream: UnsafeMutablePointer<z_stream>
        private let encoding: String
        private var isInitialized = false
        private var isFinished = false
        /// Where zlib writes a piece: allocated once, never cleared (zlib writes before anything reads), so a small
        /// body costs the bytes it inflates to, not a zeroed 64 KiB buffer (and its page faults) per piece.
        private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: StreamInflater.pieceSize, alignment: 16)
        /// The compressed bytes taken and not yet handed to zlib.
        private var pending: [UInt8] = []
        private var pendingStart = 0
        /// The compressed bytes zlib has consumed so far, every gzip member's: what the inflation ratio is taken
        /// against. Not the bytes taken: a read-ahead hands over far more than zlib has yet explained.
        private(set) var consumedBytes: Int64 = 0

        /// The most bytes one ``inflate()`` call writes.
        static let pieceSize = 64 << 10

        /// - Parameter encoding: `gzip`, `x-gzip` or `deflate`, lowercased; `nil` for any other coding.
        init?(encoding: String) {
            guard ["gzip", "x-gzip", "deflate"].contains(encoding) else { return nil }
            self.encoding = encoding
            stream = .allocate(capacity: 1)
            stream.initialize(to: z_stream())
        }

        deinit {
            if isInitialized { inflateEnd(stream) }
            stream.deinitialize(count: 1)
            stream.deallocate()
            scratch.deallocate()
        }

        /// Whether ``inflate()`` can make progress only with another chunk from the network.
        var needsInput: Bool {
            if isFinished { return false }
            return pendingStart == pending.count || (!isInitialized && pending.count - pendingStart < 2)
        }

        /// Whether the compressed stream has ended (bytes after it are ignored).
        var hasEnded: Bool { isFinished }

        /// Takes the next compressed chunk (after what is still pending, which is at most a deflate header's first
        /// byte).
        func take(_ bytes: UnsafeRawBufferPointer) {
            if pendingStart == pending.count {
                pending.removeAll(keepingCapacity: true)
                pendingStart = 0
            }
            pending.append(contentsOf: bytes)
        }

        /// Inflates pending input into at most ``pieceSize`` bytes; empty when the input ran out first.
        func inflate() throws(InflateFailure) -> Data {
            guard !isFinished, !needsInput else { return Data() }
            if !isInitialized { try initialize() }
            var written = 0
            var status: Int32 = Z_OK
            let (start, out) = (pendingStart, scratch)
            pending.withUnsafeMutableBufferPointer { input in
                stream.pointee.next_in = input.baseAddress! + start
                stream.pointee.avail_in = UInt32(input.count - start)
                stream.pointee.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = UInt32(out.count)
                status = CZlib.inflate(stream, Z_NO_FLUSH)
                written = out.count - Int(stream.pointee.avail_out)
                pendingStart = input.count - Int(stream.pointee.avail_in)
            }
            consumedBytes += Int64(pendingStart - start)
            switch status {
            case Z_OK, Z_BUF_ERROR:
                break
            case Z_STREAM_END:
                // gzip allows several members one after the other; anything else after the end is ignored.
                if encoding != "deflate", pendingStart < pending.count, pending[pendingStart] == 0x1F {
                    inflateReset(stream)
                } else {
                    isFinished = true
                    pendingStart = pending.count
                }
            default:
                throw .corrupt
            }
            return written == 0 ? Data() : Data(bytes: scratch.baseAddress!, count: written)
        }

        /// Initializes zlib for the coding; for `deflate`, from the first two bytes (pending).
        private func initialize() throws(InflateFailure) {
            var windowBits: Int32 = 15 + 16
            if encoding == "deflate" {
                // zlib's header: compression method 8, a window of at most 32 KiB, the two bytes a multiple of 31.
                let first = pending[pendingStart]
                let second = pending[pendingStart + 1]
                let isZlib = first & 0x0F == 8 && first >> 4 <= 7 && (UInt16(first) << 8 | UInt16(second)) % 31 == 0
                windowBits = isZlib ? 15 : -15
            }
            let status = inflateInit2_(stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
            guard status == Z_OK else { throw .corrupt }
            isInitialized = true
        }

        enum InflateFailure: Error { case corrupt }
    }
#endif
