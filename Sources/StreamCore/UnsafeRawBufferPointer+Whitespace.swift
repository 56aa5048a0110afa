extension UnsafeRawBufferPointer {
    /// The bytes without the whitespace XML and JSON allow around a value (space, tab, line feed, carriage
    /// return) at either end: how dates and record scalars are read.
    @inlinable
    package func trimmingWhitespace() -> UnsafeRawBufferPointer {
        var start = 0
        var end = count
        while start < end, Self.isWhitespace(self[start]) { start += 1 }
        while end > start, Self.isWhitespace(self[end - 1]) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: self[start..<end])
    }

    @usableFromInline
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
