#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore

/// Start tags the session has sanitized, by their bytes: highlighted code writes a few dozen tags thousands of times
/// (`<span class="kd">`, `<span style="color:#F97583">`: 100 k of the `rss-code` workload's 112 k start tags), and
/// finding the end of one, hashing and comparing it costs a fraction of reading its attributes, looking up their
/// names and filtering its style again.
///
/// Only elements whose sanitized start tag depends on nothing but its bytes and the base URL are kept
/// (``HTMLSanitizingFastPath/Element/isCacheable``: written, closing nothing, wanting no parent, not void: an
/// `img`'s tag is nearly always new, not worth keeping); the cache is
/// emptied when a value comes with another base. A tag is kept from `<` to its first `>`, and only when that `>`
/// ended it: the same bytes then make the same tag, and the scan of them would write what was kept.
extension HTMLSanitizingFastPath {
    static let tagCacheSlots = 256
    static let longestCachedTag = 160
    /// What is written for a kept tag (its URLs resolved against the base can make it longer than its key); a tag
    /// that writes more is sanitized each time.
    static let longestCachedWrite = 512

    /// The tag cache of a session, with the base its tags were written against.
    struct TagCache {
        var tags = ByteStringCache(
            slotCount: tagCacheSlots, longestKey: longestCachedTag, longestValue: longestCachedWrite)
        var base: URL?
        /// The first letters of the names of the tags kept, one bit each from `a`: a tag whose letter is not here
        /// (`<a href>`, `<p class>`, `<li>`) is not looked for, which keeps feeds of links and paragraphs from paying
        /// for a cache that holds only highlighted code's spans.
        var firstLetters: UInt32 = 0

        /// Empties the cache when `base` is not the one its tags resolved their URLs against.
        mutating func use(_ base: URL?) {
            guard base != self.base else { return }
            tags.removeAll()
            firstLetters = 0
            self.base = base
        }

        /// The bit of ``firstLetters`` of a name's first byte, 0 for a byte that is no ASCII letter.
        @inline(__always)
        static func letterBit(_ byte: UInt8) -> UInt32 {
            let letter = (byte | 0x20) &- UInt8(ascii: "a")
            return letter < 26 ? 1 << UInt32(letter) : 0
        }
    }
}

extension HTMLSanitizingFastPath.Scanner {
    /// The start tag at `tagStart` from the session's cache, written (or left in the run as read) as it was the first
    /// time; `nil` when the cache does not hold it.
    @inline(__always)
    mutating func cachedTag(at tagStart: Int, pending: Range<Int>, into output: inout ByteAccumulator) -> TagOutcome? {
        // The caller checked the name's first letter against the kept tags' (``TagCache/firstLetters``).
        guard let (end, hash) = tagKey(at: tagStart) else { return nil }
        let key = UnsafeRawBufferPointer(start: bytes.baseAddress! + tagStart, count: end + 1 - tagStart)
        guard let slot = scratch.tagCache.tags.slot(of: key, hash: hash) else { return nil }
        let payload = scratch.tagCache.tags.payload(at: slot)
        index = end + 1
        if payload & Self.keptAsRead != 0 {
            guard push(Int(payload & 0xFF)) else { return .failed }
            return .unchanged
        }
        // The text before the tag and what was written for it, in one append.
        let written = scratch.tagCache.tags.value(at: slot)
        let source = bytes.baseAddress! + pending.lowerBound
        output.append(upTo: pending.count + written.count) { target in
            target.copyMemory(from: source, byteCount: pending.count)
            (target + pending.count).copyMemory(from: written.baseAddress!, byteCount: written.count)
            return pending.count + written.count
        }
        return push(Int(payload & 0xFF)) ? .written : .failed
    }

    /// A kept tag's payload: its element's index in the low byte, and this.
    private static var keptAsRead: UInt16 { 0x200 }

    /// Where the first `>` after `tagStart` is, within ``HTMLSanitizingFastPath/longestCachedTag`` bytes of it, and
    /// ``ByteStringCache/hash(_:)`` of the tag up to it: both in one pass over the tag's words, where `memchr` then
    /// the hash cost a hit twice the loads. `nil` for a tag without attributes (its last byte before `>` is not a
    /// quote: a bare `<p>` or `<em>` is not worth keeping) and where the tag's words reach the end of the value.
    @inline(__always)
    private func tagKey(at tagStart: Int) -> (end: Int, hash: UInt64)? {
        let limit = min(bytes.count, tagStart + HTMLSanitizingFastPath.longestCachedTag)
        let start = UnsafeRawPointer(bytes.baseAddress!)
        var position = tagStart
        var hash = ByteStringCache.hashSeed
        while position + 8 <= limit {
            let word = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            let found = Self.holds(word, UInt8(ascii: ">"))
            if found != 0 {
                // The lowest mark is exact: the bytes up to the first `>` are the key's last.
                let bits = UInt64(found.trailingZeroBitCount + 1)
                let last = bits == 64 ? word : word & ((1 << bits) &- 1)
                let end = position + Int(truncatingIfNeeded: bits >> 3) - 1
                guard end - tagStart >= 7, bytes[end - 1] == UInt8(ascii: "\"") else { return nil }
                return (end, ByteStringCache.finishing(hash, last: last, count: end + 1 - tagStart))
            }
            hash = ByteStringCache.mixing(hash, word)
            position += 8
        }
        return nil
    }

    /// ``startTag(_:rule:isLowercase:tagStart:pending:into:names:_:)`` of a cacheable element with attributes, the
    /// tag then kept in the session's cache.
    mutating func startTagKept(
        _ element: Int, rule: HTMLSanitizingFastPath.Element, isLowercase: Bool, tagStart: Int, pending: Range<Int>,
        into output: inout ByteAccumulator, names: HTMLNameTable<HTMLSanitizingFastPath.Element>,
        _ attributeNames: HTMLNameTable<HTMLSanitizingWriter.AttributeRule>
    ) -> TagOutcome {
        let before = output.count
        let outcome = startTag(
            element, rule: rule, isLowercase: isLowercase, tagStart: tagStart, pending: pending, into: &output,
            names: names, attributeNames)
        // Kept only when the first `>` ended it: a value holding `>` would make the key the start of another tag.
        guard outcome != .failed, let (end, hash) = tagKey(at: tagStart), index == end + 1 else { return outcome }
        let isAsRead = outcome == .unchanged
        let payload = UInt16(element) | (isAsRead ? Self.keptAsRead : 0)
        // A written tag follows the pending text, which `startTag` wrote first.
        let key = UnsafeRawBufferPointer(start: bytes.baseAddress! + tagStart, count: end + 1 - tagStart)
        scratch.tagCache.tags.store(
            key, hash: hash, value: output, from: isAsRead ? output.count : before + pending.count, payload: payload)
        scratch.tagCache.firstLetters |= HTMLSanitizingFastPath.TagCache.letterBit(bytes[tagStart + 1])
        return outcome
    }
}
