import StreamCore

/// Feeds `bytes` to a fresh parser in `chunkSize` pieces, as a network delegate would, and counts the items.
enum ChunkedDecode {
    static func count<Parser: StreamingParser>(
        _ parser: Parser, _ bytes: UnsafeRawBufferPointer, chunkSize: Int
    ) -> Int {
        var count = 0
        var offset = 0
        do {
            while offset < bytes.count {
                let end = min(offset + chunkSize, bytes.count)
                count += try parser.parse(UnsafeRawBufferPointer(rebasing: bytes[offset..<end])).count
                offset = end
            }
            try parser.finish { _ in count += 1 }
        } catch {
            fatalError("benchmark input failed to decode: \(error)")
        }
        return count
    }
}
