@testable import HTMLSanitizing
import Foundation
@_spi(StreamPlumbing) import StreamCore
import Testing

/// The session's tag cache (`HTMLSanitizingFastPath+TagCache.swift`) and the flat ``ByteStringCache`` under it and
/// under the style cache: a tag found by words while it is hashed, kept and met again, against the libxml2 path.
@Suite struct HTMLSanitizerTagCacheTests {
    /// Tags of every length the cache keeps and a few past it, at every alignment, with the value ending at every
    /// distance after the tag (where the word scan stops short of the end): each met twice and both times written
    /// as the libxml2 path writes it; a tag the scan keeps is found under ``ByteStringCache/hash(_:)`` of its bytes,
    /// the hash the word scan computes while it looks for `>`.
    @Test func tagsOfEveryLengthNearTheEndOfTheValue() {
        let base = URL(string: "https://example.org/a/")
        let fast = HTMLSanitizingSession(baseURL: base)
        let parsed = HTMLSanitizingSession(baseURL: base, usesFastPath: false)
        var differences: [String] = []
        var kept = 0
        for length in 0..<150 {
            let tag = "<span title=\"" + String(repeating: "t", count: length) + "\">"
            for lead in 0..<8 {
                for tail in 0..<10 {
                    let text = String(repeating: "x", count: lead)
                    let value = "<p>\(text)\(tag)a</span>\(tag)b</span>" + String(repeating: "y", count: tail)
                    if fast.sanitize(value) != parsed.sanitize(value) { differences.append(value) }
                }
            }
            // The scan's own cache, read directly: the tag is kept under the hash of its bytes.
            var scratch = HTMLSanitizingFastPath.Scratch()
            var output = ByteAccumulator()
            let value = Array("<p>\(tag)a</span> and more than eight bytes after it".utf8)
            let taken = value.withUnsafeBufferPointer {
                HTMLSanitizingFastPath.sanitize($0, base: base, into: &output, reusing: &scratch)
            }
            #expect(taken)
            let found = Array(tag.utf8).withUnsafeBytes { key in
                scratch.tagCache.tags.slot(of: key, hash: ByteStringCache.hash(key)) != nil
            }
            if found { kept += 1 }
            #expect(found == (tag.utf8.count <= HTMLSanitizingFastPath.longestCachedTag), "\(tag.utf8.count)")
        }
        #expect(differences == [])
        #expect(kept > 100)
        #expect(fast.parsedCount == 0)
    }

    /// A tag whose URL, resolved against a long base, writes more than a slot holds is sanitized each time, and
    /// still as libxml2's path writes it; a short base's is kept.
    @Test func aTagWritingMoreThanASlotHoldsIsSanitizedEachTime() {
        let long = "https://example.org/" + String(repeating: "d/", count: 300)
        for base in [long, "https://example.org/"] {
            let fast = HTMLSanitizingSession(baseURL: URL(string: base))
            let parsed = HTMLSanitizingSession(baseURL: URL(string: base), usesFastPath: false)
            let value = #"<p><q cite="quoted/page.html">a</q> and <q cite="quoted/page.html">b</q></p>"#
            for _ in 0..<3 { #expect(fast.sanitize(value) == parsed.sanitize(value)) }
            #expect(fast.parsedCount == 0)
        }
    }

    /// The flat cache: a key is found in its slot or the one beside it, a third key of a pair replaces the older,
    /// a value longer than a slot holds is not kept, ``ByteStringCache/removeAll()`` forgets everything, and a copy
    /// keeps its entries when the original stores or empties (the storage is shared until then).
    @Test func theFlatCacheKeepsValueSemanticsAndItsBounds() {
        var cache = ByteStringCache(slotCount: 4, longestKey: 12, longestValue: 6)
        func store(_ key: String, _ value: String, hash: UInt64, in cache: inout ByteStringCache) {
            Array(key.utf8).withUnsafeBytes { key in
                Array(value.utf8).withUnsafeBytes { cache.store(key, hash: hash, value: $0, payload: 7) }
            }
        }
        func lookUp(_ key: String, hash: UInt64, in cache: ByteStringCache) -> String? {
            Array(key.utf8).withUnsafeBytes { key in
                cache.slot(of: key, hash: hash).map { String(decoding: cache.value(at: $0), as: UTF8.self) }
            }
        }
        #expect(cache.isEmpty)
        #expect(lookUp("one", hash: 0, in: cache) == nil)
        // Three keys of one pair of slots (the hash's top bits pick it).
        store("one", "1", hash: 0, in: &cache)
        store("twelve bytes", "2", hash: 0, in: &cache)
        #expect(lookUp("one", hash: 0, in: cache) == "1")
        #expect(lookUp("twelve bytes", hash: 0, in: cache) == "2")
        #expect(lookUp("one", hash: 1 << 63, in: cache) == nil, "another pair of slots")
        let copy = cache
        store("three", "3", hash: 0, in: &cache)
        #expect(lookUp("one", hash: 0, in: cache) == nil, "the older of the pair replaced")
        #expect(lookUp("three", hash: 0, in: cache) == "3")
        #expect(lookUp("one", hash: 0, in: copy) == "1", "the copy is its own")
        #expect(lookUp("three", hash: 0, in: copy) == nil)
        store("long", "too long", hash: 1 << 63, in: &cache)
        #expect(lookUp("long", hash: 1 << 63, in: cache) == nil)
        #expect(lookUp("twelve byteS", hash: 0, in: cache) == nil)
        let second = cache
        cache.removeAll()
        #expect(lookUp("three", hash: 0, in: cache) == nil)
        #expect(lookUp("three", hash: 0, in: second) == "3")
        store("three", "4", hash: 0, in: &cache)
        #expect(lookUp("three", hash: 0, in: cache) == "4")
        #expect(lookUp("three", hash: 0, in: second) == "3")
    }

    /// ``ByteStringCache/hash(_:)`` reads the last one to eight bytes as one word whatever the length: strings of
    /// every length up to 40 that differ in one byte hash apart, and the same bytes hash alike.
    @Test func theHashSeesEveryByte() {
        for length in 1...40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let hash = bytes.withUnsafeBytes { ByteStringCache.hash($0) }
            #expect(hash == bytes.withUnsafeBytes { ByteStringCache.hash($0) })
            for position in 0..<length {
                var changed = bytes
                changed[position] ^= 0x01
                #expect(changed.withUnsafeBytes { ByteStringCache.hash($0) } != hash, "\(length) at \(position)")
            }
            let longer = bytes + [0]
            #expect(longer.withUnsafeBytes { ByteStringCache.hash($0) } != hash, "a zero byte more")
        }
    }
}
