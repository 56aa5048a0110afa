#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension FeedLinkParser.PageMetadata {
    /// The icon to show beside a subscription drawn `minimumSize` pixels wide (64 points on a 2× screen is 128):
    /// the choice every app would otherwise write for itself.
    ///
    /// Raster icons come first — an `apple-touch-icon` (a square made to be shown at size, 180 pixels when it
    /// does not say) before `icon`s, which are ranked by their declared `sizes` (an `icon` that declares none is
    /// taken as a 16-pixel favicon); an icon at least `minimumSize` wide wins over a smaller one, and between two
    /// of the same standing the larger wins. SVG icons (many image views cannot draw them) and Safari's
    /// monochrome `mask-icon` come last. When the page declares no icon, the preview image stands in if the page
    /// declares it square enough (`og:image:width` and `og:image:height` within 5:4: a wide banner would be cropped
    /// to nothing), else the site's `/favicon.ico`, which browsers ask for when a page names none. `nil` only when
    /// the page's address is unknown and it declares nothing.
    public func bestIcon(minimumSize: Int = 64) -> Icon? {
        let ranked = icons.enumerated().min { left, right in
            Self.rank(left.element, minimumSize, left.offset).lexicographicallyPrecedes(
                Self.rank(right.element, minimumSize, right.offset))
        }
        if let ranked { return ranked.element }
        if let image, let width = imageWidth, let height = imageHeight, width > 0, height > 0,
            max(width, height) * 4 <= min(width, height) * 5
        {
            return Icon(url: image, rel: "og:image", sizes: "\(width)x\(height)")
        }
        guard let url, let page = URL(string: url), let scheme = page.scheme?.lowercased(),
            scheme == "http" || scheme == "https", page.host != nil,
            let favicon = URL(string: "/favicon.ico", relativeTo: page)?.absoluteURL
        else { return nil }
        return Icon(url: favicon.absoluteString, rel: "icon")
    }

    /// The largest width `sizes` declares (`16x16 32x32` is 32), `Int.max` for `any`, `nil` when it declares none.
    public static func largestSize(_ sizes: String?) -> Int? {
        guard let sizes else { return nil }
        var largest: Int?
        for size in sizes.lowercased().split(whereSeparator: { $0.isWhitespace }) {
            if size == "any" { return Int.max }
            let sides = size.split(separator: "x", omittingEmptySubsequences: false)
            guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]), width > 0, height > 0
            else { continue }
            largest = max(largest ?? 0, min(width, height))
        }
        return largest
    }

    /// Smaller is better: vector and mask icons last, then those too small, then touch icons before others, then
    /// the larger, then document order.
    private static func rank(_ icon: Icon, _ minimumSize: Int, _ order: Int) -> [Int] {
        let tokens = icon.rel.split(separator: " ")
        let isMask = tokens.contains("mask-icon")
        let path = icon.url.lowercased().split(whereSeparator: { $0 == "?" || $0 == "#" }).first ?? ""
        let isVector = icon.type == "image/svg+xml" || path.hasSuffix(".svg") || icon.sizes?.lowercased() == "any"
        let isTouch = tokens.contains("apple-touch-icon") || tokens.contains("apple-touch-icon-precomposed")
        let size = largestSize(icon.sizes) ?? (isTouch ? 180 : 16)
        return [
            isMask ? 2 : isVector ? 1 : 0, size >= minimumSize ? 0 : 1, isTouch ? 0 : 1, -min(size, 1 << 20), order,
        ]
    }
}
