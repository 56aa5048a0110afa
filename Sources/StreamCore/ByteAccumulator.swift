/// A reusable byte buffer for collecting one text value from many callbacks.
///
/// Appending a raw buffer is one `memcpy` into capacity kept from earlier values: `Array.append(contentsOf:)`
/// on a buffer pointer costs tens of instructions per call, and decoders append on every characters event.
///
/// The hot members are inlinable: decoders in other modules call them on every SAX event, where a call across the
/// module boundary (and an unspecialised generic `withUnsafeBytes`) costs more than the work itself.
// SPI rather than `package`: `@inlinable` takes effect across modules only on public declarations, and the
// decoders append on every SAX event. Apps that import StreamCore without `@_spi` cannot name it.
@_spi(StreamPlumbing) public struct ByteAccumulator: Sendable {
    @usableFromInline var storage: [UInt8]
    /// The number of bytes in use; `storage` beyond it is spare capacity.
    @usableFromInline var used = 0

    /// The number of bytes collected.
    @inlinable public var count: Int { used }

    /// Creates an empty accumulator with room for `capacity` bytes.
    public init(capacity: Int = 4096) {
        storage = [UInt8](repeating: 0, count: Swift.max(capacity, 16))
    }

    /// Whether no bytes are collected.
    @inlinable public var isEmpty: Bool { count == 0 }

    /// The byte at `index` (`0..<count`).
    @inlinable public subscript(index: Int) -> UInt8 {
        assert(index >= 0 && index < count)
        return storage[index]
    }

    /// Forgets the collected bytes, keeping the capacity.
    @inlinable public mutating func removeAll() { used = 0 }

    /// Forgets the last byte.
    @inlinable public mutating func removeLast() {
        precondition(count > 0)
        used -= 1
    }

    /// Forgets the last `k` bytes (a writer taking back what it began).
    @inlinable public mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count)
        used -= k
    }

    /// Appends raw bytes with one copy.
    @inlinable public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        let offset = used
        storage.withUnsafeMutableBytes { target in
            (target.baseAddress! + offset).copyMemory(from: source, byteCount: bytes.count)
        }
        used += bytes.count
    }

    /// Appends one byte.
    @inlinable public mutating func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        used += 1
    }

    /// Appends a static ASCII or UTF-8 string, such as markup punctuation.
    @inlinable public mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends what `body` writes at the end, given room for `maximumCount` bytes; `body` returns how many it
    /// wrote (at most `maximumCount`).
    ///
    /// For a writer that appends several small pieces at once (text up to a reference, then the character the
    /// reference names): the capacity and the storage's uniqueness are checked once for all of them, where each
    /// ``append(_:)-(UnsafeRawBufferPointer)`` checks both, and a piece of a few bytes is stored without a call to
    /// `memcpy`.
    @inlinable public mutating func append(upTo maximumCount: Int, _ body: (UnsafeMutableRawPointer) -> Int) {
        reserve(maximumCount)
        let offset = used
        let written = storage.withUnsafeMutableBytes { target in body(target.baseAddress! + offset) }
        precondition(written >= 0 && written <= maximumCount, "wrote past the room asked for")
        used += written
    }

    /// Calls `body` with the collected bytes.
    @inlinable public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }

    /// The bytes in `range` decoded as UTF-8 (invalid sequences repaired, as `String(decoding:as:)` repairs them).
    ///
    /// A value longer than ``shortValue`` is checked by ``StrictUTF8`` (ASCII thirty-two bytes at a time) and then
    /// copied unchecked: the standard library's validation runs a byte at a time over a value that is not all ASCII,
    /// and was a fifth of the raw decode of a feed of highlighted code in CDATA (23 M of 124 M instructions on the
    /// Pygments feed of `scripts/generator-benchmark.sh`). A short one (a title, a link) stays with the standard
    /// library, inlined into the decoder as before: checked too, the Atom workload's decode cost 0.06 % more. Invalid
    /// bytes, which libxml2 hands over only when it recovers, take `String(decoding:as:)`; so do compilers before
    /// Swift 6.2 (no `UTF8Span`).
    @inlinable public func string(_ range: Range<Int>) -> String {
        assert(range.lowerBound >= 0 && range.upperBound <= count)
        guard range.count > Self.shortValue else {
            return storage.withUnsafeBytes {
                String(decoding: UnsafeRawBufferPointer(rebasing: $0[range]), as: UTF8.self)
            }
        }
        return checkedString(range)
    }

    /// The longest value ``string(_:)`` leaves to `String(decoding:as:)` alone.
    @inlinable static var shortValue: Int { 64 }

    /// ``string(_:)`` of a value longer than ``shortValue``.
    @usableFromInline func checkedString(_ range: Range<Int>) -> String {
        storage.withUnsafeBytes { storage in
            let bytes = UnsafeRawBufferPointer(rebasing: storage[range])
            #if compiler(>=6.2)
            if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
                let (firstInvalid, isASCII) = StrictUTF8.check(bytes)
                if firstInvalid == nil { return Self.string(checked: bytes, isASCII: isASCII) }
            }
            #endif
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    #if compiler(>=6.2)
    /// `bytes`, which ``StrictUTF8`` found valid, as a `String`, not validated again.
    @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
    private static func string(checked bytes: UnsafeRawBufferPointer, isASCII: Bool) -> String {
        unsafe String(copying: UTF8Span(unchecked: bytes.bindMemory(to: UInt8.self).span, isKnownASCII: isASCII))
    }
    #endif

    @inlinable mutating func reserve(_ extra: Int) {
        let needed = count + extra
        guard needed > storage.count else { return }
        grow(toHold: needed)
    }

    /// Rare: out of line, so the inlined appends stay small.
    @usableFromInline mutating func grow(toHold needed: Int) {
        var grown = storage.count
        while grown < needed { grown *= 2 }
        storage.append(contentsOf: repeatElement(0, count: grown - storage.count))
    }
}
