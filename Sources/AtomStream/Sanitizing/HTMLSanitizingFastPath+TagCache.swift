#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif
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

    /// The tag cache of a session, with the base its tags were written against.
    struct TagCache {
        var tags = ByteStringCache(slotCount: tagCacheSlots, longestKey: longestCachedTag)
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
        guard let (key, end) = tagKey(at: tagStart) else { return nil }
        // Only tags with attributes are kept: their last byte before `>` is a quote (or the `/` of `/>`), and a
        // bare `<p>` or `<em>` is not hashed for nothing.
        guard key.count >= 8, bytes[end - 1] == UInt8(ascii: "\"") || bytes[end - 1] == UInt8(ascii: "/")
        else { return nil }
        guard let slot = scratch.tagCache.tags.slot(of: key, hash: ByteStringCache.hash(key)) else { return nil }
        let payload = scratch.tagCache.tags.payload(at: slot)
        if payload & Self.keptAsRead == 0 {
            appendText(pending, to: &output)
            // The closure touches no property of the scanner: one that did would copy the whole scanner.
            scratch.tagCache.tags.withValue(at: slot) { written in output.append(written) }
        }
        index = end + 1
        guard payload & Self.keptVoid != 0 || push(Int(payload & 0xFF)) else { return .failed }
        return payload & Self.keptAsRead != 0 ? .unchanged : .written
    }

    /// A kept tag's payload: its element's index in the low byte, and these.
    private static var keptVoid: UInt16 { 0x100 }
    private static var keptAsRead: UInt16 { 0x200 }

    /// The bytes from `tagStart` to the first `>` (within ``HTMLSanitizingFastPath/longestCachedTag``), and where
    /// that `>` is.
    @inline(__always)
    private func tagKey(at tagStart: Int) -> (key: UnsafeRawBufferPointer, end: Int)? {
        let limit = min(bytes.count, tagStart + HTMLSanitizingFastPath.longestCachedTag)
        guard let start = bytes.baseAddress, tagStart + 1 < limit,
            let found = memchr(start + tagStart + 1, Int32(UInt8(ascii: ">")), limit - tagStart - 1)
        else { return nil }
        let end = UnsafeRawPointer(found) - UnsafeRawPointer(start)
        return (UnsafeRawBufferPointer(start: start + tagStart, count: end + 1 - tagStart), end)
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
        guard outcome != .failed, let (key, end) = tagKey(at: tagStart), index == end + 1 else { return outcome }
        let isAsRead = outcome == .unchanged
        let payload = UInt16(element) | (rule.isVoid ? Self.keptVoid : 0) | (isAsRead ? Self.keptAsRead : 0)
        // A written tag follows the pending text, which `startTag` wrote first.
        scratch.tagCache.tags.store(
            key, hash: ByteStringCache.hash(key), value: output, from: isAsRead ? output.count : before + pending.count,
            payload: payload)
        scratch.tagCache.firstLetters |= HTMLSanitizingFastPath.TagCache.letterBit(bytes[tagStart + 1])
        return outcome
    }
}
