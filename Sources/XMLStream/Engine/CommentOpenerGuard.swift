#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif
#else
    import Foundation
#endif

/// Works around a chunking-dependent fault in libxml2 2.9's push parser: to decide whether a comment is
/// complete it looks for `-->` from the comment's first byte, so in `<!-->…-->` (a legal comment whose text starts
/// with `>`) it finds the `-->` that overlaps the opener. Fed whole, the document parses; cut right after `<!-->`,
/// libxml2 tries to parse the comment before its real end has arrived and reports "Comment not terminated".
///
/// The guard holds back input from such an opener until the comment's real terminator has arrived, so libxml2
/// sees the comment whole, as in a single-buffer parse. Ordinary comments are never held. Found by fuzzing.
///
/// The last input stage of every XML parser (``XMLInputPipeline``).
package final class CommentOpenerGuard: XMLInputStage {
    /// The last bytes handed on, to find an opener split across chunks.
    private var tail: [UInt8] = []
    /// Input held back from an unsafe opener on.
    private(set) var held: [UInt8] = []
    /// Where in `held` the comment's real terminator may start (after the opener's own `--`).
    private var terminatorSearchStart = 0

    package init() {}

    package var heldByteCount: Int { held.count }

    package func take<E: Error>(
        _ bytes: UnsafeRawBufferPointer, atEnd: Bool, _ send: (UnsafeRawBufferPointer) throws(E) -> Void
    ) throws(E) {
        if !bytes.isEmpty { try admit(bytes, send) }
        if atEnd { try drain(send) }
    }

    /// Hands `bytes` on through `send`, except from an unsafe comment opener to its terminator.
    package func admit<E: Error>(
        _ bytes: UnsafeRawBufferPointer, _ send: (UnsafeRawBufferPointer) throws(E) -> Void
    ) throws(E) {
        guard held.isEmpty else {
            held.append(contentsOf: bytes)
            try releaseIfTerminated(send)
            return
        }
        // Only the junction with the previous chunk is copied, onto the stack; the chunk itself is searched in place.
        let inJunction = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 11) { junction in
            var count = 0
            for byte in tail {
                junction[count] = byte
                count += 1
            }
            for byte in bytes.prefix(6) {
                junction[count] = byte
                count += 1
            }
            return Self.unsafeOpener(in: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(junction)[..<count]))
        }
        guard let opener = inJunction ?? Self.unsafeOpener(in: bytes).map({ $0 + tail.count }) else {
            try send(bytes)
            remember(bytes)
            return
        }
        // Hold from the opener's first byte in this chunk (an opener begun in the tail was already handed on;
        // libxml2 cannot misread it until the rest arrives).
        let cut = max(opener - tail.count, 0)
        // Measured against the tail the opener was found with: `remember` below replaces it.
        let searchStart = max(0, opener + 4 - tail.count - cut)
        try send(UnsafeRawBufferPointer(rebasing: bytes[..<cut]))
        remember(UnsafeRawBufferPointer(rebasing: bytes[..<cut]))
        held = Array(bytes[cut...])
        terminatorSearchStart = searchStart
        try releaseIfTerminated(send)
    }

    /// Hands on whatever is held, at the end of input: libxml2 then reports the unterminated comment itself.
    package func drain<E: Error>(_ send: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) {
        guard !held.isEmpty else { return }
        let rest = held
        held = []
        try Self.withBytes(rest, send)
    }

    private func releaseIfTerminated<E: Error>(
        _ send: (UnsafeRawBufferPointer) throws(E) -> Void
    ) throws(E) {
        guard let end = Self.find(Array("-->".utf8), in: held, from: terminatorSearchStart) else { return }
        let ready = Array(held[..<(end + 3)])
        let rest = Array(held[(end + 3)...])
        held = []
        tail = []
        try Self.withBytes(ready, send)
        tail = Array(ready.suffix(5))
        try Self.withBytes(rest) { (bytes) throws(E) in try admit(bytes, send) }
    }

    /// Keeps the last five bytes handed on, in place: this runs for every chunk.
    private func remember(_ bytes: UnsafeRawBufferPointer) {
        if bytes.count >= 5 {
            tail.removeAll(keepingCapacity: true)
            tail.append(contentsOf: bytes.suffix(5))
        } else {
            tail.append(contentsOf: bytes)
            if tail.count > 5 { tail.removeFirst(tail.count - 5) }
        }
    }

    /// The index of the first `<!--` followed by `>` or `->` in `bytes`. The search runs on `!`, which is rare in
    /// feeds, rather than on `<`, which starts every tag.
    package static func unsafeOpener(in bytes: UnsafeRawBufferPointer) -> Int? {
        var from = 1
        while let bang = find([UInt8(ascii: "!")], in: bytes, from: from) {
            from = bang + 1
            let start = bang - 1
            guard start >= 0, bang + 2 < bytes.count, bytes[start] == UInt8(ascii: "<"),
                bytes[bang + 1] == UInt8(ascii: "-"), bytes[bang + 2] == UInt8(ascii: "-")
            else { continue }
            let next = start + 4
            if next < bytes.count && bytes[next] == UInt8(ascii: ">") { return start }
            if next + 1 < bytes.count && bytes[next] == UInt8(ascii: "-") && bytes[next + 1] == UInt8(ascii: ">") {
                return start
            }
        }
        return nil
    }

    /// The first index at or after `start` where `needle` occurs; `memchr` finds candidates for its first byte.
    private static func find(_ needle: [UInt8], in hay: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < hay.count, let first = needle.first, let base = hay.baseAddress else { return nil }
        var from = start
        while from + needle.count <= hay.count, let hit = memchr(base + from, Int32(first), hay.count - from) {
            let index = base.distance(to: UnsafeRawPointer(hit))
            guard index + needle.count <= hay.count else { return nil }
            if hay[index..<(index + needle.count)].elementsEqual(needle) { return index }
            from = index + 1
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        haystack.withUnsafeBytes { find(needle, in: $0, from: start) }
    }

    private static func withBytes<E: Error>(
        _ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(E) -> Void
    ) throws(E) {
        let outcome = bytes.withUnsafeBytes { buffer in Result { () throws(E) in try body(buffer) } }
        try outcome.get()
    }
}
