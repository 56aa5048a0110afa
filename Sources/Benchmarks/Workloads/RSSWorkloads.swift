import AtomStream
import Foundation

enum RSSWorkloads {
    static func podcastFeed(items: Int) -> Fixture {
        Fixture(
            fileName: "rss-podcast-\(items).xml",
            description: "RSS 2.0 blog / podcast feed, \(items) items",
            generate: { sink in RSSFeedGenerator(items: items, seed: 2013).write(to: &sink) })
    }

    /// FeedParser as shipped: html text constructs sanitized.
    static func decode(_ bytes: UnsafeRawBufferPointer, chunkSize: Int) -> Int {
        ChunkedDecode.read(FeedParser(), bytes, chunkSize: chunkSize, touch: FieldDigest.atomEntry)
    }

    /// FeedParser keeping html as the feed wrote it: what sanitizing costs is the difference.
    static func decodeRaw(_ bytes: UnsafeRawBufferPointer, chunkSize: Int) -> Int {
        ChunkedDecode.read(
            FeedParser(options: .init(sanitizesHTML: false)), bytes, chunkSize: chunkSize, touch: FieldDigest.atomEntry)
    }

    static func blogFeed(items: Int) -> Fixture {
        Fixture(
            fileName: "rss-blog-html-\(items).xml",
            description: "RSS 2.0 blog feed with WordPress-style HTML (figures, srcset, embeds), \(items) items",
            generate: { sink in BlogFeedGenerator(items: items, seed: 2026).write(to: &sink) })
    }

    /// The realistic-HTML workload: the same decoders as ``workload(items:)`` on markup as blogs write it, so that
    /// the sanitized / raw ratio is measured where sanitizing has work to do. Its memory is the `rss` child's; by
    /// hand: `Benchmarks --emit rss-html N | Benchmarks --child rss`.
    static func blogWorkload(items: Int) -> Workload {
        sanitizingWorkload(name: "rss-html", fixture: blogFeed(items: items), childKind: nil)
    }

    static func markupFeed(items: Int) -> Fixture {
        Fixture(
            fileName: "rss-markup-\(items).xml",
            description: "RSS 2.0 feed, every item a few paragraphs of links, images and lists, \(items) items",
            generate: { sink in MarkupFeedGenerator(items: items, seed: 2026).write(to: &sink) })
    }

    /// Plain markup (paragraphs, links, images, lists) in every item, escaped and in CDATA: between the light
    /// workload and `rss-html`. By hand: `Benchmarks --emit rss-markup N | Benchmarks --child rss`.
    static func markupWorkload(items: Int) -> Workload {
        sanitizingWorkload(name: "rss-markup", fixture: markupFeed(items: items), childKind: nil)
    }

    static func codeFeed(items: Int) -> Fixture {
        Fixture(
            fileName: "rss-code-\(items).xml",
            description: "RSS 2.0 programming blog: highlighted code (class and style spans), MathML, SVG, picture, "
                + "\(items) items",
            generate: { sink in CodeFeedGenerator(items: items, seed: 2026).write(to: &sink) })
    }

    /// Today's static-site and code-plugin markup (issue 35): thousands of highlighted-code spans per post, KaTeX's
    /// MathML, an SVG icon, `picture`. By hand: `Benchmarks --emit rss-code N | Benchmarks --child rss`.
    static func codeWorkload(items: Int) -> Workload {
        sanitizingWorkload(name: "rss-code", fixture: codeFeed(items: items), childKind: nil)
    }

    static func workload(items: Int) -> Workload {
        sanitizingWorkload(name: "rss-podcast", fixture: podcastFeed(items: items), childKind: "rss")
    }

    /// FeedParser on `fixture` against libxml2's ceiling, with the raw-html FeedParser as the baseline sanitizing
    /// is measured against (target: sanitized ≥ 0.8×). Foundation's baseline delegate reads Atom entries; an RSS
    /// one would be a second hand-written parser.
    private static func sanitizingWorkload(name: String, fixture: Fixture, childKind: String?) -> Workload {
        Workload(
            name: name,
            fixture: fixture,
            subject: { decode($0, chunkSize: $1) },
            ceiling: { LibXML2Ceiling.parse($0, chunkSize: $1) },
            baselines: [
                ("FeedParser --raw-html", { data in data.withUnsafeBytes { decodeRaw($0, chunkSize: 65_536) } })
            ],
            childKind: childKind)
    }
}
