import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// The rarer Media RSS children of `media:content`, `media:group` and the item, and the rarer `media:content`
/// attributes, in RSS and Atom, each decoded in every chunking.
@Suite("FeedParser: Media RSS children")
struct MediaChildrenTests {
    static let itemLevel = """
        <media:rating scheme="urn:mpaa">PG</media:rating>
        <media:status state="Blocked" reason="https://x.org/why"/>
        <media:comments><media:comment>First!</media:comment><media:comment>Second</media:comment></media:comments>
        """

    static let group = """
        <media:group>
          <media:content url="https://x.org/v-720.mp4" type="video/mp4" expression="full" framerate="25" \
        samplingrate="44.1" channels="2" lang="en" isDefault="true">
            <media:hash algo="md5">dfdec888b72151965a34b4b59031290a</media:hash>
            <media:restriction relationship="allow" type="country">au us</media:restriction>
            <media:text type="plain" lang="en" start="00:00:03.000" end="00:00:10.000">Oh, say, can you see</media:text>
          </media:content>
          <media:content url="https://x.org/v-360.mp4" type="video/mp4" channels="stereo" framerate="fast"/>
          <media:embed url="https://x.org/player.swf" width="512" height="323">\
        <media:param name="type">application/x-shockwave-flash</media:param>\
        <media:param name="allowfullscreen">true</media:param></media:embed>
          <media:license type="text/html" href="http://creativecommons.org/licenses/by/3.0/us/">CC BY 3.0</media:license>
          <media:copyright url="https://x.org/terms">2005 FooBar Media</media:copyright>
          <media:category scheme="http://search.yahoo.com/mrss/category_schema" label="Song">music/artist/album</media:category>
          <media:community><media:starRating average="3.5" count="20" min="1" max="10"/>\
        <media:statistics views="5" favorites="oops"/><media:tags>news: 5, abc:3, reuters</media:tags></media:community>
          <media:responses><media:response>r1</media:response></media:responses>
          <media:backLinks><media:backLink>https://blog.x.org/post</media:backLink></media:backLinks>
          <media:price type="rent" price="19.99" currency="EUR" info="buy"/>
          <media:price price="free"/>
          <media:location description="My house" start="00:01" end="01:00">\
        <georss:where><gml:Point><gml:pos>35.669998 139.770004</gml:pos></gml:Point></georss:where></media:location>
          <media:peerLink type="application/x-bittorrent" href="v.torrent"/>
          <media:subTitle type="application/smil" lang="en-us" href="sub.smil"/>
          <media:scenes><media:scene><sceneTitle>sceneTitle1</sceneTitle>\
        <sceneDescription>sceneDesc1</sceneDescription><sceneStartTime>00:15</sceneStartTime>\
        <sceneEndTime>00:45</sceneEndTime></media:scene></media:scenes>
          <media:rights status="official"/>
        </media:group>
        """

    static var groupDetails: MediaContent {
        var content = MediaContent()
        content.embed = MediaEmbed(
            url: "https://x.org/player.swf", width: 512, height: 323,
            parameters: [
                MediaEmbedParameter(name: "type", value: "application/x-shockwave-flash"),
                MediaEmbedParameter(name: "allowfullscreen", value: "true"),
            ])
        content.licenses = [
            MediaLicense(name: "CC BY 3.0", type: "text/html", href: "http://creativecommons.org/licenses/by/3.0/us/")
        ]
        content.copyright = MediaCopyright(value: "2005 FooBar Media", url: "https://x.org/terms")
        content.categories = [
            AtomCategory(
                term: "music/artist/album", scheme: "http://search.yahoo.com/mrss/category_schema", label: "Song")
        ]
        content.community = MediaCommunity(
            starRating: MediaStarRating(average: 3.5, count: 20, min: 1, max: 10),
            statistics: MediaStatistics(views: 5),
            tags: [MediaTag(name: "news", weight: 5), MediaTag(name: "abc", weight: 3), MediaTag(name: "reuters")])
        content.responses = ["https://x.org/r1"]
        content.backLinks = ["https://blog.x.org/post"]
        content.prices = [
            MediaPrice(type: "rent", info: "https://x.org/buy", price: 19.99, currency: "EUR"), MediaPrice(),
        ]
        content.locations = [MediaLocation(description: "My house", start: 1, end: 60, point: "35.669998 139.770004")]
        content.peerLinks = [MediaPeerLink(href: "https://x.org/v.torrent", type: "application/x-bittorrent")]
        content.subtitles = [MediaSubtitle(href: "https://x.org/sub.smil", type: "application/smil", language: "en-us")]
        content.scenes = [MediaScene(title: "sceneTitle1", description: "sceneDesc1", startTime: 15, endTime: 45)]
        content.rights = "official"
        // The item's elements apply to every object without its own.
        content.ratings = [MediaRating(value: "pg", scheme: "urn:mpaa")]
        content.status = MediaStatus(state: "blocked", reason: "https://x.org/why")
        content.comments = ["First!", "Second"]
        return content
    }

    static var expected: [MediaContent] {
        var first = groupDetails
        first.url = "https://x.org/v-720.mp4"
        first.type = "video/mp4"
        first.isDefault = true
        first.expression = "full"
        first.framerate = 25
        first.samplingRate = 44.1
        first.channels = 2
        first.language = "en"
        first.hashes = [MediaHash(value: "dfdec888b72151965a34b4b59031290a", algorithm: "md5")]
        first.restrictions = [MediaRestriction(relationship: "allow", type: "country", value: "au us")]
        first.texts = [MediaText(value: "Oh, say, can you see", type: "plain", language: "en", start: 3, end: 10)]
        var second = groupDetails
        second.url = "https://x.org/v-360.mp4"
        second.type = "video/mp4"
        return [first, second]
    }

    static let namespaces = PodcastFieldsTests.namespaces
        + #" xmlns:georss="http://www.georss.org/georss" xmlns:gml="http://www.opengis.net/gml""#

    @Test("RSS: every child in a group, on an object and on the item, in every chunking")
    func rss() throws {
        let document = """
            <rss version="2.0" \(Self.namespaces)><channel>
            <item><title>Clip</title>\(Self.itemLevel)\(Self.group)</item>
            <item><title>Thumb</title><media:thumbnail url="https://x.org/t.jpg"/></item>
            </channel></rss>
            """
        let (outcome, _) = decodeFeedEveryWay(document, options: .init(baseURL: "https://x.org/feed.xml"))
        #expect(outcome.error == nil)
        try #require(outcome.items.count == 2)
        let media = try #require(outcome.items[0].media)
        try #require(media.count == 2)
        #expect(media[0] == Self.expected[0])
        #expect(media[1] == Self.expected[1])
        // The plain item keeps the shape it always had.
        #expect(outcome.items[1].media == [MediaContent(thumbnails: [MediaThumbnail(url: "https://x.org/t.jpg")])])
        // Text-only media children stay in `extensions`, as before they were typed.
        #expect(outcome.items[0].extensions.contains { $0.name == "rating" && $0.value == "PG" })
    }

    @Test("Atom: the same children")
    func atom() throws {
        let document = """
            <feed xmlns="http://www.w3.org/2005/Atom" \(Self.namespaces)><title>t</title>
            <entry><id>1</id><title>Clip</title>\(Self.itemLevel)\(Self.group)</entry>
            </feed>
            """
        let (outcome, _) = decodeFeedEveryWay(document, options: .init(baseURL: "https://x.org/feed.xml"))
        #expect(outcome.error == nil)
        #expect(outcome.items.first?.media == Self.expected)
    }

    @Test("The encoding writes the new lists only when they hold something and round-trips")
    func codable() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let plain = String(decoding: try encoder.encode(MediaContent(url: "u")), as: UTF8.self)
        #expect(plain == #"{"credits":[],"keywords":[],"thumbnails":[],"url":"u"}"#)
        for content in Self.expected {
            let data = try encoder.encode(content)
            #expect(try JSONDecoder().decode(MediaContent.self, from: data) == content)
        }
        let text = String(decoding: try encoder.encode(Self.expected[0]), as: UTF8.self)
        for key in ["samplingRate", "restrictions", "starRating", "peerLinks", "subtitles", "scenes", "rights"] {
            #expect(text.contains("\"\(key)\""), "\(key)")
        }
    }

    @Test("Setting a field back to empty drops the out-of-line storage: equal to an object that never had it")
    func emptyAgain() {
        var content = MediaContent(url: "u")
        content.ratings = [MediaRating(value: "adult")]
        #expect(content != MediaContent(url: "u"))
        content.ratings = []
        #expect(content == MediaContent(url: "u"))
        #expect(content.hashValue == MediaContent(url: "u").hashValue)
    }
}
