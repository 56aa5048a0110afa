@_spi(StreamPlumbing) import StreamCore

/// The `style` values a sanitizing session has filtered, with what ``CSSStyleFilter`` wrote for each: a page or a
/// feed repeats the same few styles (a Movable Type feed in feedparser's tests has 345 `style` attributes, 25
/// distinct; a highlighted-code theme's palette, thousands of spans of 18), and hashing and comparing a value costs a
/// fraction of filtering it again.
///
/// 128 slots, two-way (``ByteStringCache``): sized on the `rss-code` workload (38 k styles, 18 distinct), where 32
/// direct-mapped slots hit 92 %, 32 two-way slots 98.7 %, and 64 or 128 two-way slots every style but its first
/// sight; 128 leave room for a post's own styles beside a theme's palette. Bounded whatever a feed holds: each slot
/// holds a style of at most ``longestStyle`` bytes and what was written for it.
struct CSSStyleCache {
    static let slotCount = 128
    static let longestStyle = 1024
    /// What the filter writes for a style of ``longestStyle`` bytes is rarely longer (a space after each `:` and a
    /// `;` at the end); a longer one is filtered each time.
    static let longestFiltered = 2 * longestStyle

    /// Empty until the first style: most values have none.
    private var entries = ByteStringCache(
        slotCount: slotCount, longestKey: longestStyle, longestValue: longestFiltered)

    /// ``CSSStyleFilter/write(_:to:)``, from the cache when `style` was filtered before.
    mutating func write(_ style: UnsafeRawBufferPointer, to output: inout ByteAccumulator) -> Bool {
        // An empty style (`style=""`) has no bytes to compare (and no base address): it is filtered, which is quick.
        guard !style.isEmpty, style.count <= Self.longestStyle else { return CSSStyleFilter.write(style, to: &output) }
        let hash = ByteStringCache.hash(style)
        if let slot = entries.slot(of: style, hash: hash) {
            let written = entries.value(at: slot)
            output.append(written)
            return !written.isEmpty
        }
        let start = output.count
        let wrote = CSSStyleFilter.write(style, to: &output)
        entries.store(style, hash: hash, value: output, from: start, payload: 0)
        return wrote
    }
}
