import StreamCore

/// Feeds `bytes` to a fresh parser in `chunkSize` pieces, as a network delegate would, and counts the items.
enum ChunkedDecode {
    static func count<Parser: StreamingParser>(
        _ parser: Parser, _ bytes: UnsafeRawBufferPointer, chunkSize: Int
    ) -> Int {
        read(parser, bytes, chunkSize: chunkSize) { _ in 0 }
    }

    /// As ``count(_:_:chunkSize:)``, also reading each item with `touch` (every field, for models), so a decoder
    /// that deferred work until a field is read is measured with that work done.
    static func read<Parser: StreamingParser>(
        _ parser: Parser, _ bytes: UnsafeRawBufferPointer, chunkSize: Int, touch: (Parser.Item) -> Int
    ) -> Int {
        var count = 0
        var digest = 0
        var offset = 0
        do {
            while offset < bytes.count {
                let end = min(offset + chunkSize, bytes.count)
                for item in try parser.parse(UnsafeRawBufferPointer(rebasing: bytes[offset..<end])) {
                    digest &+= touch(item)
                    count += 1
                }
                offset = end
            }
            try parser.finish { item in
                digest &+= touch(item)
                count += 1
            }
        } catch {
            fatalError("benchmark input failed to decode: \(error)")
        }
        FieldDigest.keep(digest)
        return count
    }
}
