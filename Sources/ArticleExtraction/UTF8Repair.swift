import StreamCore

/// Replaces what is not UTF-8 in a UTF-8 page with U+FFFD as the page streams in, one for each maximal invalid
/// sequence, as the WHATWG decoder that browsers use does (and `String(decoding:as:)`).
///
/// libxml2 2.9.14, told a page is UTF-8, switches to Latin-1 at the first byte that is not, and how much of the page
/// it has read by then depends on where the chunks ended: the same page gave another title in another chunking (a
/// Readability page with one bad byte in its head, found by the `article` fuzz target). Repaired before libxml2 sees
/// them, the bytes read the same in every chunking, and as a browser reads them. A sequence cut by a chunk's end is
/// held for the next chunk (at most three bytes).
struct UTF8Repair {
    private var pending: [UInt8] = []
    private var output: [UInt8] = []

    /// The bytes held: the start of a sequence cut by the last chunk's end.
    var heldCount: Int { pending.count }

    /// Passes `bytes` to `body`: as they are when they are whole UTF-8 and nothing is held, else repaired (with the
    /// bytes held before them and without the incomplete sequence at their end, unless `atEnd`).
    mutating func take<Result, Failure: Error>(
        _ bytes: UnsafeRawBufferPointer, atEnd: Bool,
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let bytes = bytes.assumingMemoryBound(to: UInt8.self)
        let complete = atEnd ? bytes.count : Self.completeLength(bytes)
        if pending.isEmpty && Self.isValid(UnsafeBufferPointer(rebasing: bytes[..<complete])) {
            pending.append(contentsOf: bytes[complete...])
            return try body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[..<complete]))
        }
        var joined = pending
        joined.append(contentsOf: bytes)
        let kept = atEnd ? joined.count : joined.withUnsafeBufferPointer { Self.completeLength($0) }
        pending = Array(joined[kept...])
        output = Array(String(decoding: joined[..<kept], as: UTF8.self).utf8)
        let outcome = output.withUnsafeBytes { repaired in
            Swift.Result { () throws(Failure) -> Result in try body(repaired) }
        }
        return try outcome.get()
    }

    /// The length of `bytes` without the start of a sequence that the next bytes may complete: a lead byte and the
    /// continuation bytes after it that can still begin a valid sequence, fewer than it needs.
    static func completeLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        // An unfinished sequence is at most three bytes: a lead and up to two continuation bytes.
        let earliest = max(0, bytes.count - 3)
        var lead = bytes.count - 1
        while lead >= earliest && bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        guard lead >= earliest else { return bytes.count }
        let first = bytes[lead]
        let needed: Int
        switch first {
        case 0xC2...0xDF: needed = 2
        case 0xE0...0xEF: needed = 3
        case 0xF0...0xF4: needed = 4
        default: return bytes.count
        }
        let have = bytes.count - lead
        guard have < needed else { return bytes.count }
        // The second byte's range depends on the lead (no overlong forms, no surrogates, nothing past U+10FFFF).
        if have >= 2 {
            let second = bytes[lead + 1]
            let range: ClosedRange<UInt8> =
                switch first {
                case 0xE0: 0xA0...0xBF
                case 0xED: 0x80...0x9F
                case 0xF0: 0x90...0xBF
                case 0xF4: 0x80...0x8F
                default: 0x80...0xBF
                }
            guard range.contains(second) else { return bytes.count }
        }
        return lead
    }

    /// Whether `bytes` are UTF-8, strictly (``StrictUTF8``).
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        StrictUTF8.firstInvalidIndex(UnsafeRawBufferPointer(bytes)) == nil
    }
}
