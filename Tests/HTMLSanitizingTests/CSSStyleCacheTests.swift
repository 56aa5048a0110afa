@testable import HTMLSanitizing
@_spi(StreamPlumbing) import StreamCore
import StreamTestSupport
import Testing

/// The sanitizer's cache of filtered `style` values writes exactly what the filter writes, whether a style is met
/// for the first time, again, after a colliding one replaced it, or is too long to be kept.
@Suite struct CSSStyleCacheTests {
    static func filtered(_ style: [UInt8]) -> (Bool, [UInt8]) {
        var output = ByteAccumulator()
        output.append("before")
        let wrote = style.withUnsafeBytes { CSSStyleFilter.write($0, to: &output) }
        return (wrote, output.withUnsafeBytes { Array($0) })
    }

    @Test func cachedStylesAreWrittenAsTheFilterWritesThem() {
        var random = SplitMix64(seed: 27)
        let properties = ["color", "COLOR", "text-align", "border", "margin-top", "position", "font-size", "width"]
        let values = ["red", "center", "1px solid #ccc", "auto", "absolute", "12px", "\"quoted\"", "url(x) 0"]
        // More distinct styles than the cache has slots, so that they evict each other; one past its length limit.
        var styles: [[UInt8]] = (0..<(3 * CSSStyleCache.slotCount)).map { _ in
            Array((0..<Int.random(in: 1...4, using: &random)).map { _ in
                "\(properties.randomElement(using: &random)!): \(values.randomElement(using: &random)!)"
            }.joined(separator: "; ").utf8)
        }
        styles.append(Array(String(repeating: "color: red; ", count: CSSStyleCache.longestStyle / 10).utf8))
        styles.append(Array("position: absolute".utf8))
        styles.append([])
        var cache = CSSStyleCache()
        var hits = 0
        var seen = Set<[UInt8]>()
        for _ in 0..<5_000 {
            let style = styles.randomElement(using: &random)!
            if !seen.insert(style).inserted { hits += 1 }
            var output = ByteAccumulator()
            output.append("before")
            let wrote = style.withUnsafeBytes { cache.write($0, to: &output) }
            let (expectedWrote, expected) = Self.filtered(style)
            #expect(wrote == expectedWrote)
            #expect(output.withUnsafeBytes { Array($0) } == expected, "\(String(decoding: style, as: UTF8.self))")
        }
        #expect(hits > 4_000)
    }

    /// Through the sanitizer: a feed's values repeating a few styles come out as a session without the cache's
    /// help (a new session per value) writes them, on both paths.
    @Test func repeatedStylesThroughBothPaths() {
        let values = [
            #"<p style="text-align: center;">a</p>"#, #"<span style="color: red; position: absolute">b</span>"#,
            #"<div style="border: 1px solid #ccc; margin: 0 auto">c</div>"#, #"<p style="behavior: url(x)">d</p>"#,
            #"<table style="width: auto; display: inline-block; "><tr><td style="font-size: 9px; ">e</td></tr></table>"#,
            "<p style='text-align: center;'><textarea>f</textarea></p>", #"<p style="">g</p>"#,
            // A bare `style`: libxml2 hands over no value at all (the sanitizer-paths fuzz target found this
            // crashing the cache, which compared an empty style by its address).
            "<p style>h</p>", "<p STYLE>i<textarea>j</textarea></p>",
        ]
        for usesFastPath in [true, false] {
            let session = HTMLSanitizingSession(baseURL: nil, usesFastPath: usesFastPath)
            for round in 0..<3 {
                for value in values {
                    let fresh = HTMLSanitizingSession(baseURL: nil, usesFastPath: usesFastPath)
                    #expect(session.sanitize(value) == fresh.sanitize(value), "round \(round): \(value)")
                }
            }
        }
    }
}
