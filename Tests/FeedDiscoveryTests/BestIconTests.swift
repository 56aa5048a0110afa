import FeedDiscovery
import Foundation
import Testing

/// ``FeedLinkParser/PageMetadata/bestIcon(minimumSize:)``: the icon an app shows beside a subscription, and
/// ``PastedAddress``: what people paste, made an address.
@Suite struct BestIconTests {
    typealias Page = FeedLinkParser.PageMetadata
    typealias Icon = FeedLinkParser.PageMetadata.Icon

    static let favicon = Icon(url: "https://s.test/favicon.ico", rel: "shortcut icon", type: "image/x-icon")
    static let icon32 = Icon(url: "https://s.test/i32.png", rel: "icon", sizes: "32x32", type: "image/png")
    static let icon192 = Icon(url: "https://s.test/i192.png", rel: "icon", sizes: "192x192", type: "image/png")
    static let touch120 = Icon(url: "https://s.test/t120.png", rel: "apple-touch-icon", sizes: "120x120")
    static let touch180 = Icon(url: "https://s.test/t180.png", rel: "apple-touch-icon", sizes: "180x180")
    static let touchPlain = Icon(url: "https://s.test/t.png", rel: "apple-touch-icon-precomposed")
    static let svg = Icon(url: "https://s.test/i.svg", rel: "icon", type: "image/svg+xml")
    static let svgAny = Icon(url: "https://s.test/any", rel: "icon", sizes: "any")
    static let mask = Icon(url: "https://s.test/mask.svg", rel: "mask-icon")

    @Test("The largest apple-touch-icon wins over declared icons, SVG and mask icons")
    func largestTouchIcon() {
        let page = Page(icons: [Self.mask, Self.svg, Self.icon32, Self.touch120, Self.touch180, Self.favicon])
        #expect(page.bestIcon(minimumSize: 64) == Self.touch180)
        #expect(page.bestIcon(minimumSize: 16) == Self.touch180)
        // A touch icon too small loses to a declared icon that is large enough.
        #expect(Page(icons: [Self.touch120, Self.icon192]).bestIcon(minimumSize: 150) == Self.icon192)
        // A touch icon that declares no size is taken as Apple's 180.
        #expect(Page(icons: [Self.icon32, Self.touchPlain]).bestIcon(minimumSize: 64) == Self.touchPlain)
    }

    @Test("Declared icons by size: the largest that is large enough, else the largest there is")
    func declaredIconsBySize() {
        #expect(Page(icons: [Self.favicon, Self.icon32, Self.icon192]).bestIcon(minimumSize: 64) == Self.icon192)
        #expect(Page(icons: [Self.favicon, Self.icon32]).bestIcon(minimumSize: 64) == Self.icon32)
        let several = Icon(url: "https://s.test/multi.ico", rel: "icon", sizes: "16x16 48x48 32x32")
        #expect(Page(icons: [Self.icon32, several]).bestIcon(minimumSize: 64) == several)
        #expect(Page.largestSize("16x16 48x48 32x32") == 48)
        #expect(Page.largestSize("ANY") == Int.max)
        #expect(Page.largestSize("big") == nil)
        #expect(Page.largestSize(nil) == nil)
    }

    @Test("SVG and mask icons last: a 16-pixel favicon before them; SVG before the mask")
    func vectorAndMaskLast() {
        #expect(Page(icons: [Self.svg, Self.mask, Self.favicon]).bestIcon() == Self.favicon)
        #expect(Page(icons: [Self.mask, Self.svgAny]).bestIcon() == Self.svgAny)
        #expect(Page(icons: [Self.mask]).bestIcon() == Self.mask)
    }

    @Test("Nothing declared: a square og:image, never a wide banner; else the site's /favicon.ico")
    func fallbacks() {
        let banner = Page(
            image: "https://cdn.test/banner.jpg", url: "https://s.test/blog/post?x=1", imageWidth: 1200,
            imageHeight: 630)
        #expect(banner.bestIcon() == Icon(url: "https://s.test/favicon.ico", rel: "icon"))
        let avatar = Page(image: "https://cdn.test/a.jpg", url: "https://s.test/", imageWidth: 900, imageHeight: 900)
        #expect(avatar.bestIcon() == Icon(url: "https://cdn.test/a.jpg", rel: "og:image", sizes: "900x900"))
        let undeclared = Page(image: "https://cdn.test/a.jpg", url: "http://s.test:8080/a/b")
        #expect(undeclared.bestIcon()?.url == "http://s.test:8080/favicon.ico")
        #expect(Page().bestIcon() == nil)
        #expect(Page(url: "file:///tmp/page.html").bestIcon() == nil)
    }

    @Test("Pasted text: feed: URLs, no scheme, white space and angle brackets")
    func pastedAddresses() {
        func read(_ text: String) -> (String, String?)? {
            PastedAddress(text).map { ($0.url.absoluteString, $0.fallback?.absoluteString) }
        }
        #expect(read("https://example.org/feed")! == ("https://example.org/feed", nil))
        #expect(read("feed://example.org/rss")! == ("http://example.org/rss", nil))
        #expect(read("FEED://example.org/rss")! == ("http://example.org/rss", nil))
        #expect(read("feed:https://example.org/rss")! == ("https://example.org/rss", nil))
        #expect(read("feed:http://example.org/rss")! == ("http://example.org/rss", nil))
        #expect(read("feed://https://example.org/rss")! == ("https://example.org/rss", nil))
        #expect(read("example.org")! == ("https://example.org", "http://example.org"))
        #expect(read("example.org/blog")! == ("https://example.org/blog", "http://example.org/blog"))
        #expect(read("//example.org/blog")! == ("https://example.org/blog", "http://example.org/blog"))
        #expect(read("127.0.0.5:8000/a")! == ("https://127.0.0.5:8000/a", "http://127.0.0.5:8000/a"))
        #expect(read("  <https://example.org/feed>\n")! == ("https://example.org/feed", nil))
        #expect(read("< feed://example.org/rss >")! == ("http://example.org/rss", nil))
        #expect(read(" example.org/blog ")! == ("https://example.org/blog", "http://example.org/blog"))
        #expect(PastedAddress(URL(string: "feed://example.org/rss")!)?.url.absoluteString == "http://example.org/rss")
        #expect(read("") == nil)
        #expect(read("   ") == nil)
        #expect(read("<>") == nil)
        #expect(read("ftp://example.org/feed") == nil)
        #expect(read("feed:") == nil)
        #expect(read("https://") == nil)
    }
}
