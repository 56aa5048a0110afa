import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// Typed iTunes, Podcasting 2.0 and Media RSS fields, from hand-made RSS and Atom documents covering every field,
/// each decoded in every chunking.
@Suite("FeedParser: podcast and media fields")
struct PodcastFieldsTests {
    static let namespaces = """
        xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" \
        xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:media="http://search.yahoo.com/mrss/"
        """

    static let show = """
        <itunes:author>Jane</itunes:author>
        <itunes:owner><itunes:name>Jane D</itunes:name><itunes:email>j@x.org</itunes:email></itunes:owner>
        <itunes:category text="Technology"><itunes:category text="Podcasting"/><itunes:category text="Tech News"/></itunes:category>
        <itunes:category text="Comedy"/>
        <itunes:explicit>clean</itunes:explicit><itunes:image href="show.jpg"/>
        <itunes:type>Serial</itunes:type><itunes:complete>Yes</itunes:complete><itunes:block>no</itunes:block>
        <itunes:new-feed-url>https://new.x.org/feed</itunes:new-feed-url>
        <podcast:guid>917393e3-1b1e-5cef-ace4-edaa54e1f810</podcast:guid>
        <podcast:locked owner="j@x.org">yes</podcast:locked>
        <podcast:funding url="https://x.org/donate">Support us</podcast:funding>
        <podcast:person role="host" img="https://x.org/j.jpg" href="https://x.org/j">Jane D</podcast:person>
        <podcast:location geo="geo:30.2,-97.7" osm="R113314">Austin, TX</podcast:location>
        <podcast:medium>Podcast</podcast:medium>
        <podcast:license url="https://creativecommons.org/licenses/by/4.0/">cc-by-4.0</podcast:license>
        <podcast:value type="lightning" method="keysend" suggested="0.00000005000">\
        <podcast:valueRecipient name="Host" type="node" address="02d5c1" split="90"/>\
        <podcast:valueRecipient name="App" type="node" address="03ae9f" split="10" fee="true"/></podcast:value>
        <podcast:trailer pubdate="Thu, 01 Apr 2021 08:00:00 GMT" url="https://x.org/trailer.mp3" length="12345" \
        type="audio/mpeg" season="2">Season 2 trailer</podcast:trailer>
        <podcast:updateFrequency rrule="FREQ=WEEKLY">Weekly</podcast:updateFrequency>
        <podcast:txt purpose="verify">S6lpp-7ZCn8-dZfGc</podcast:txt>
        """

    static let episode = """
        <itunes:title>First</itunes:title><itunes:duration>1:02:03.5</itunes:duration>
        <itunes:explicit>yes</itunes:explicit><itunes:image href="https://x.org/e1.jpg"/>
        <itunes:episode>1</itunes:episode><itunes:season>2</itunes:season><itunes:episodeType>Full</itunes:episodeType>
        <itunes:block>yes</itunes:block>
        <podcast:transcript url="e1.vtt" type="text/vtt" language="en" rel="captions"/>
        <podcast:transcript url="https://x.org/e1.json" type="application/json"/>
        <podcast:chapters url="https://x.org/e1.json" type="application/json+chapters"/>
        <podcast:soundbite startTime="73.0" duration="60.0">Best bit</podcast:soundbite>
        <podcast:soundbite startTime="1234.5" duration="42.25"/>
        <podcast:person role="guest" group="cast" href="https://g.org" img="g.jpg">Guest G</podcast:person>
        <podcast:location geo="geo:29.9,31.1">Giza</podcast:location>
        <podcast:license>cc0</podcast:license>
        <podcast:season name="Egypt">2</podcast:season><podcast:episode display="Ch.1">1</podcast:episode>
        <podcast:alternateEnclosure type="audio/opus" length="500" bitrate="64000" title="Opus" default="true" \
        lang="en" codecs="opus" rel="Low"><podcast:source uri="https://x.org/e1.opus"/><podcast:source uri="ipfs://Qm"/>\
        </podcast:alternateEnclosure>
        <podcast:value type="lightning" method="keysend"><podcast:valueRecipient type="node" address="aa" split="100" \
        customKey="7629169" customValue="x"/></podcast:value>
        <media:content url="https://x.org/e1.mp4" type="video/mp4" medium="video" fileSize="999" duration="3723" \
        width="640" height="360" bitrate="800" isDefault="true"><media:title>Video</media:title>\
        <media:thumbnail url="https://x.org/t1.jpg" width="75" height="50"/></media:content>
        <media:group><media:content url="https://x.org/a.jpg" medium="image"/>\
        <media:content url="https://x.org/b.jpg" medium="image"><media:description>Own</media:description></media:content>\
        <media:title>Gallery</media:title><media:credit role="photographer" scheme="urn:ebu">Pat</media:credit>\
        <media:keywords>a, b ,c</media:keywords><media:player url="https://x.org/play"/></media:group>
        <media:description>Item-level</media:description>
        """

    static let expectedShow = PodcastFeedInfo(
        author: "Jane", owner: PodcastOwner(name: "Jane D", email: "j@x.org"),
        categories: ["Technology/Podcasting", "Technology/Tech News", "Comedy"], explicit: false,
        image: "https://x.org/show.jpg", type: "serial", complete: true, block: false, newFeedURL: "https://new.x.org/feed",
        guid: "917393e3-1b1e-5cef-ace4-edaa54e1f810", locked: true,
        funding: [PodcastFunding(url: "https://x.org/donate", title: "Support us")],
        persons: [PodcastPerson(name: "Jane D", role: "host", image: "https://x.org/j.jpg", href: "https://x.org/j")],
        location: PodcastLocation(name: "Austin, TX", geo: "geo:30.2,-97.7", osm: "R113314"), medium: "podcast",
        license: PodcastLicense(name: "cc-by-4.0", url: "https://creativecommons.org/licenses/by/4.0/"),
        value: PodcastValue(
            type: "lightning", method: "keysend", suggested: "0.00000005000",
            recipients: [
                PodcastValueRecipient(name: "Host", type: "node", address: "02d5c1", split: 90),
                PodcastValueRecipient(name: "App", type: "node", address: "03ae9f", split: 10, fee: true),
            ]),
        trailers: [
            PodcastTrailer(
                url: "https://x.org/trailer.mp3", title: "Season 2 trailer", published: DateParser.parse("2021-04-01T08:00:00Z"),
                length: 12345, type: "audio/mpeg", season: 2)
        ],
        updateFrequency: "Weekly", updateFrequencyRule: "FREQ=WEEKLY",
        texts: [PodcastText(value: "S6lpp-7ZCn8-dZfGc", purpose: "verify")], lockedOwner: "j@x.org")

    static let expectedEpisode = PodcastEpisodeInfo(
        title: "First", duration: 3723.5, explicit: true, image: "https://x.org/e1.jpg", episode: 1, season: 2,
        episodeType: "full", block: true,
        transcripts: [
            PodcastTranscript(url: "https://x.org/e1.vtt", type: "text/vtt", language: "en", rel: "captions"),
            PodcastTranscript(url: "https://x.org/e1.json", type: "application/json"),
        ],
        chapters: PodcastChapters(url: "https://x.org/e1.json", type: "application/json+chapters"),
        soundbites: [
            PodcastSoundbite(start: 73, duration: 60, title: "Best bit"), PodcastSoundbite(start: 1234.5, duration: 42.25),
        ],
        persons: [
            PodcastPerson(name: "Guest G", role: "guest", group: "cast", image: "https://x.org/g.jpg", href: "https://g.org")
        ],
        location: PodcastLocation(name: "Giza", geo: "geo:29.9,31.1"), license: PodcastLicense(name: "cc0"),
        alternateEnclosures: [
            PodcastAlternateEnclosure(
                type: "audio/opus", length: 500, bitrate: 64000, language: "en", title: "Opus", rel: "Low", codecs: "opus",
                isDefault: true, sources: ["https://x.org/e1.opus", "ipfs://Qm"])
        ],
        value: PodcastValue(
            type: "lightning", method: "keysend",
            recipients: [
                PodcastValueRecipient(type: "node", address: "aa", split: 100, customKey: "7629169", customValue: "x")
            ]),
        seasonName: "Egypt", episodeDisplay: "Ch.1")

    static let expectedMedia = [
        MediaContent(
            url: "https://x.org/e1.mp4", type: "video/mp4", medium: "video", fileSize: 999, duration: 3723, width: 640,
            height: 360, bitrate: 800, isDefault: true, title: "Video", description: "Item-level",
            thumbnails: [MediaThumbnail(url: "https://x.org/t1.jpg", width: 75, height: 50)]),
        MediaContent(
            url: "https://x.org/a.jpg", medium: "image", title: "Gallery", description: "Item-level",
            credits: [MediaCredit(name: "Pat", role: "photographer", scheme: "urn:ebu")], keywords: ["a", "b", "c"],
            player: "https://x.org/play"),
        MediaContent(
            url: "https://x.org/b.jpg", medium: "image", title: "Gallery", description: "Own",
            credits: [MediaCredit(name: "Pat", role: "photographer", scheme: "urn:ebu")], keywords: ["a", "b", "c"],
            player: "https://x.org/play"),
    ]

    @Test("RSS: every iTunes, Podcasting 2.0 and Media RSS field, in every chunking")
    func rss() throws {
        let document = """
            <?xml version="1.0"?>
            <rss version="2.0" \(Self.namespaces)><channel><title>Show</title>
            \(Self.show)
            <item><title>Ep 1</title>\(Self.episode)</item>
            <item><title>Plain</title><media:thumbnail url="https://x.org/only.jpg"/></item>
            <item><title>None</title><comments>c</comments></item>
            </channel></rss>
            """
        let (outcome, feed) = decodeFeedEveryWay(document, options: .init(baseURL: "https://x.org/feed.xml"))
        #expect(outcome.error == nil)
        try #require(outcome.items.count == 3)
        #expect(feed.podcast == Self.expectedShow)
        #expect(outcome.items[0].podcast == Self.expectedEpisode)
        #expect(outcome.items[0].media == Self.expectedMedia)
        #expect(outcome.items[1].media == [MediaContent(thumbnails: [MediaThumbnail(url: "https://x.org/only.jpg")])])
        #expect(outcome.items[1].podcast == nil)
        #expect(outcome.items[2].podcast == nil && outcome.items[2].media == nil)
        // `extensions` keeps what it held before: the text-only item children, as written.
        let names = outcome.items[0].extensions.map(\.name)
        #expect(names.prefix(8) == ["title", "duration", "explicit", "image", "episode", "season", "episodeType", "block"])
        #expect(outcome.items[0].extensions.first { $0.name == "duration" }?.value == "1:02:03.5")
        #expect(!names.contains("alternateEnclosure") && !names.contains("value") && !names.contains("content"))
    }

    @Test("Atom: the same fields from a feed and its entries; extensions as before")
    func atom() throws {
        let document = """
            <feed xmlns="http://www.w3.org/2005/Atom" \(Self.namespaces)><title>Show</title>
            \(Self.show)
            <entry><id>e1</id><title>Ep 1</title>\(Self.episode)</entry>
            <entry><id>e2</id><title>None</title></entry>
            </feed>
            """
        let (outcome, feed) = decodeFeedEveryWay(document, options: .init(baseURL: "https://x.org/feed.xml"))
        #expect(outcome.error == nil)
        try #require(outcome.items.count == 2)
        #expect(feed.podcast == Self.expectedShow)
        #expect(outcome.items[0].podcast == Self.expectedEpisode)
        #expect(outcome.items[0].media == Self.expectedMedia)
        #expect(outcome.items[1].podcast == nil && outcome.items[1].media == nil)
        #expect(outcome.items[0].extensions.first { $0.name == "duration" }?.value == "1:02:03.5")

        let parser = AtomParser(options: .init(baseURL: "https://x.org/feed.xml"))
        let entries = try parser.parseAll(Array(document.utf8))
        #expect(entries == outcome.items)
    }

    @Test(
        "itunes:duration in every form, in seconds",
        arguments: [
            ("3723", 3723.0), ("62:03", 3723), ("1:02:03", 3723), ("1:02:03.5", 3723.5), (" 45 ", 45), ("0:07", 7),
            ("00:00:00", 0),
        ])
    func durations(text: String, seconds: Double) {
        #expect(episode("<itunes:duration>\(text)</itunes:duration>")?.duration == seconds)
    }

    @Test("Durations that are not durations are left out", arguments: ["", "1:2:3:4", "abc", "1:xx", "-5", "1::2", "nan"])
    func badDurations(text: String) {
        #expect(episode("<itunes:duration>\(text)</itunes:duration>")?.duration == nil)
    }

    @Test(
        "itunes:explicit from yes/true/explicit and no/false/clean, as feedparser reads it (YES is unknown)",
        arguments: [
            ("yes", true), ("true", true), ("explicit", true), ("no", false), ("false", false), ("clean", false),
            ("YES", nil), ("maybe", nil),
        ] as [(String, Bool?)])
    func explicit(text: String, flag: Bool?) {
        #expect(episode("<itunes:title>t</itunes:title><itunes:explicit>\(text)</itunes:explicit>")?.explicit == flag)
    }

    @Test(
        "itunes:block is on only for yes, as feedparser reads it",
        arguments: [("yes", true), ("no", false), ("true", false), ("YES", false)])
    func block(text: String, flag: Bool) {
        #expect(episode("<itunes:block>\(text)</itunes:block>")?.block == flag)
    }

    @Test("itunes:image written with url instead of href still gives the image")
    func imageURL() {
        #expect(episode(#"<itunes:image url="http://a.b/i.png"/>"#)?.image == "http://a.b/i.png")
    }

    @Test("Feeds without podcast fields: no podcast, no media, extensions unchanged")
    func nothingTyped() {
        let (outcome, feed) = decodeFeedEveryWay(
            "<rss version=\"2.0\"><channel><title>t</title><item><title>x</title></item></channel></rss>")
        #expect(feed.podcast == nil)
        #expect(outcome.items.first?.podcast == nil)
        #expect(outcome.items.first?.media == nil)
    }

    @Test("The Codable encoding leaves out absent podcast info and media; a round trip keeps them")
    func codable() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let plain = String(decoding: try encoder.encode(AtomEntry(id: "1")), as: UTF8.self)
        #expect(!plain.contains("podcast") && !plain.contains("media"))
        let entry = AtomEntry(id: "1", podcast: Self.expectedEpisode, media: Self.expectedMedia)
        let decoded = try JSONDecoder().decode(AtomEntry.self, from: try encoder.encode(entry))
        #expect(decoded == entry)
        let feed = AtomFeed(format: "rss2.0", podcast: Self.expectedShow)
        #expect(try JSONDecoder().decode(AtomFeed.self, from: try encoder.encode(feed)) == feed)
    }

    @Test("Many podcast elements in one item run into the item limit")
    func itemLimit() {
        let persons = String(repeating: "<podcast:person>P</podcast:person>", count: 2_000)
        let document = "<rss version=\"2.0\" \(Self.namespaces)><channel><item><title>a</title></item><item>\(persons)</item></channel></rss>"
        let parser = FeedParser(options: .init(limits: StreamLimits(maximumItemBytes: 20_000)))
        let outcome = DripFeed.run(parser, bytes: Array(document.utf8), splits: [])
        #expect(outcome.error?.kind == .limitExceeded)
        #expect(outcome.items.count == 1)
    }

    private func episode(_ elements: String) -> PodcastEpisodeInfo? {
        let document = "<rss version=\"2.0\" \(Self.namespaces)><channel><item>\(elements)</item></channel></rss>"
        return decodeFeedEveryWay(document).outcome.items.first?.podcast
    }
}
