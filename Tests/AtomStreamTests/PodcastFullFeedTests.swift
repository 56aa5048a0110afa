import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// A realistic podcast feed using every Podcasting 2.0 tag of the published phases together with iTunes and Media
/// RSS, written after the examples of the podcast namespace's documentation: each tag typed, every chunking alike.
@Suite("FeedParser: a full Podcasting 2.0 feed")
struct PodcastFullFeedTests {
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0" \
        xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/" \
        xmlns:content="http://purl.org/rss/1.0/modules/content/">
        <channel>
          <title>Podcasting 2.0 Namespace Example</title>
          <description>This is a fake show that exists only as an example of the "podcast" namespace tag usage.</description>
          <link>https://example.com/podcast</link>
          <language>en-US</language>
          <itunes:author>John Doe</itunes:author>
          <itunes:owner><itunes:name>John Doe</itunes:name><itunes:email>johndoe@example.com</itunes:email></itunes:owner>
          <itunes:category text="Technology"><itunes:category text="Podcasting"/></itunes:category>
          <itunes:explicit>false</itunes:explicit>
          <itunes:type>episodic</itunes:type>
          <itunes:image href="https://example.com/images/pci_avatar-massive.jpg"/>
          <podcast:guid>y0ur-gu1d-g035-h3r3</podcast:guid>
          <podcast:license url="https://example.org/mypodcastlicense/full.pdf">my-podcast-license-v1</podcast:license>
          <podcast:locked owner="podcastowner@example.com">yes</podcast:locked>
          <podcast:block>no</podcast:block>
          <podcast:block id="google">yes</podcast:block>
          <podcast:funding url="https://www.example.com/donations">Support the show!</podcast:funding>
          <podcast:location geo="geo:30.2672,97.7431" osm="R113314">Austin, TX</podcast:location>
          <podcast:medium>podcast</podcast:medium>
          <podcast:person href="https://example.com/johnsmith/blog" img="http://example.com/images/johnsmith.jpg">John Smith</podcast:person>
          <podcast:trailer pubdate="Thu, 01 Apr 2021 08:00:00 EST" url="https://example.org/trailers/teaser" \
        length="12345678" type="audio/mp3">Coming April 1st, 2021</podcast:trailer>
          <podcast:updateFrequency complete="false" dtstart="2023-04-11T15:00:00.000Z" \
        rrule="FREQ=WEEKLY">Weekly</podcast:updateFrequency>
          <podcast:txt purpose="applepodcastsverify">d0a60da0-f0e1-4d1d-b3a6-4bd2e5e8e3a7</podcast:txt>
          <podcast:podping usesPodping="true"/>
          <podcast:image href="https://example.com/images/pci_square.jpg" alt="An antenna emanating signal waves" \
        aspect-ratio="1/1" width="3000" height="3000" type="image/jpeg" purpose="artwork"/>
          <podcast:image href="https://example.com/images/pci_landscape.jpg" aspect-ratio="16/9" purpose="artwork social"/>
          <podcast:chat server="irc.zeronode.net" protocol="irc" accountId="@jsmith" space="#myawesomepodcast"/>
          <podcast:socialInteract priority="1" protocol="activitypub" \
        uri="https://podcastindex.social/@dave/105079274766075912" accountId="@dave" \
        accountUrl="https://podcastindex.social/@dave"/>
          <podcast:value type="lightning" method="keysend" suggested="0.00000005000">
            <podcast:valueRecipient name="podcaster" type="node" \
        address="036557ea56b3b86f08be31bcd2557cae8021b0e3a9413f0c0e52625c6696972e57" split="99"/>
            <podcast:valueRecipient name="hosting company" type="node" \
        address="036557ea56b3b86f08be31bcd2557cae8021b0e3a9413f0c0e52625c6696972e57" split="1" fee="true"/>
          </podcast:value>
          <podcast:podroll>
            <podcast:remoteItem feedGuid="917393e3-1b1e-5cef-ace4-edaa54e1f810"/>
            <podcast:remoteItem feedGuid="ea6ff6d7-2cb0-5de4-af33-94b4d8ed2f7c" \
        feedUrl="https://feeds.example.org/ea6ff6d7/rss.xml"/>
          </podcast:podroll>
          <podcast:publisher>
            <podcast:remoteItem medium="publisher" feedGuid="003af0a0-6a45-55cf-b765-68e3d349551a" \
        feedUrl="https://agilesetmedia.com/assets/static/feeds/publisher.xml"/>
          </podcast:publisher>
          <podcast:remoteItem feedGuid="a94f5cc9-8c58-55fc-91fe-a324087a655b" \
        itemGuid="https://podcastindex.org/podcast/4148683#1" medium="music" title="Here Comes the Sun"/>
          <podcast:liveItem status="live" start="2021-09-26T07:30:00.000-0600" end="2021-09-26T09:30:00.000-0600">
            <title>Podcasting 2.0 Live Show</title>
            <description>A look into the future of podcasting and how we get to Podcasting 2.0!</description>
            <link>https://example.com/podcast/live</link>
            <guid isPermaLink="true">https://example.com/live</guid>
            <author>John Doe (john@example.com)</author>
            <podcast:images srcset="https://example.com/images/live/pci_avatar-massive.jpg 1500w,
                https://example.com/images/live/pci_avatar-middle.jpg 600w,
                https://example.com/images/live/pci_avatar-small.jpg 300w,
                https://example.com/images/live/pci_avatar-tiny.jpg 150w"/>
            <podcast:person href="https://www.podchaser.com/creators/adam-curry-107ZzmWE5f" \
        img="https://example.com/images/adamcurry.jpg">Adam Curry</podcast:person>
            <podcast:person role="guest" href="https://github.com/daveajones/" \
        img="https://example.com/images/davejones.jpg">Dave Jones</podcast:person>
            <podcast:alternateEnclosure type="audio/mpeg" length="312" default="true">
              <podcast:source uri="https://example.com/pc20/livestream"/>
            </podcast:alternateEnclosure>
            <enclosure url="https://example.com/pc20/livestream?format=.mp3" type="audio/mpeg" length="312"/>
            <podcast:contentLink href="https://www.youtube.com/pc20/livestream">YouTube!</podcast:contentLink>
            <podcast:contentLink href="https://www.twitch.tv/pc20/livestream">Twitch!</podcast:contentLink>
            <podcast:contentLink href="https://example.com/html/livestream">Listen Live!</podcast:contentLink>
          </podcast:liveItem>
          <item>
            <title>Episode 3 - The Future</title>
            <description>&lt;p&gt;A look into the future of podcasting and how we get to Podcasting 2.0!&lt;/p&gt;</description>
            <link>https://example.com/podcast/ep0003</link>
            <guid isPermaLink="true">https://example.com/ep0003</guid>
            <pubDate>Fri, 09 Oct 2020 04:30:38 GMT</pubDate>
            <author>John Doe (john@example.com)</author>
            <itunes:duration>1:02:03</itunes:duration>
            <itunes:explicit>no</itunes:explicit>
            <itunes:episode>3</itunes:episode>
            <itunes:season>1</itunes:season>
            <podcast:image href="https://example.com/images/ep3/pci_square.jpg" alt="Episode 3 art"/>
            <podcast:season>1</podcast:season>
            <podcast:episode>3</podcast:episode>
            <podcast:chapters url="https://example.com/ep3_chapters.json" type="application/json"/>
            <podcast:soundbite startTime="33.833" duration="60">Why the Podcast Namespace Matters</podcast:soundbite>
            <podcast:transcript url="https://example.com/ep3/transcript.txt" type="text/plain"/>
            <podcast:person href="https://www.podchaser.com/creators/adam-curry-107ZzmWE5f" \
        img="https://example.com/images/adamcurry.jpg">Adam Curry</podcast:person>
            <podcast:person group="visuals" role="Cover Art Designer" \
        href="https://example.com/artist/beckysmith">Becky Smith</podcast:person>
            <podcast:location geo="geo:33.51601,-86.81455" osm="R6930627">Birmingham Civil Rights Museum</podcast:location>
            <podcast:license>cc-by-4.0</podcast:license>
            <podcast:socialInteract protocol="activitypub" \
        uri="https://podcastindex.social/@dave/105079274766075912" accountId="@dave"/>
            <podcast:chat server="relay.example.com" protocol="nostr" accountId="npub1pvdw7mm7k20t9dn9gful8n5x" \
        space="#myawesomepodcast_episode3"/>
            <podcast:txt>ep3-record</podcast:txt>
            <podcast:alternateEnclosure type="video/mp4" length="7924786" bitrate="511276.52" height="720">
              <podcast:source uri="https://example.com/file-720.mp4"/>
              <podcast:source uri="ipfs://QmX33FYehk6ckGQ6g1D9D3FqZPix5JpKstKQKbaS8quUFb"/>
              <podcast:integrity type="sri" value="sha384-ExVqijgYHm15PqQqdXfW95x+Rs6C+d6E/ICxyQOeFevnxNLR/wtJNrNYTjIysUBo"/>
            </podcast:alternateEnclosure>
            <podcast:value type="lightning" method="keysend">
              <podcast:valueRecipient name="Alice (Podcaster)" type="node" address="02d5c1bf8b940dc9" split="95"/>
              <podcast:valueRecipient name="Hosting Provider" type="node" address="03ae9f91a0cb8ff4" split="5" fee="true"/>
              <podcast:valueTimeSplit startTime="60" duration="237" remotePercentage="95">
                <podcast:remoteItem itemGuid="https://podcastindex.org/podcast/4148683#1" \
        feedGuid="a94f5cc9-8c58-55fc-91fe-a324087a655b" medium="music"/>
              </podcast:valueTimeSplit>
            </podcast:value>
            <enclosure url="https://example.com/file-03.mp3" length="43200000" type="audio/mpeg"/>
            <media:content url="https://example.com/file-03.mp4" type="video/mp4" medium="video" lang="en">
              <media:rating scheme="urn:simple">nonadult</media:rating>
              <media:text type="plain" lang="en" start="00:00:03.000" end="00:00:10.000">Welcome</media:text>
              <media:restriction relationship="deny" type="country">fr</media:restriction>
            </media:content>
          </item>
          <item>
            <title>Episode 2 - The Present</title>
            <guid isPermaLink="true">https://example.com/ep0002</guid>
            <itunes:duration>2700</itunes:duration>
            <podcast:images srcset="https://example.com/images/ep2/pci_avatar-massive.jpg 1500w,
                https://example.com/images/ep2/pci_avatar-middle.jpg 600w"/>
            <enclosure url="https://example.com/file-02.mp3" length="43200000" type="audio/mpeg"/>
          </item>
        </channel>
        </rss>
        """

    @Test("Every tag typed; the live item is the show's; every chunking gives the same")
    func everyTag() throws {
        let (outcome, feed) = decodeFeedEveryWay(Self.document)
        #expect(outcome.error == nil)
        try #require(outcome.items.count == 2)
        let show = try #require(feed.podcast)
        #expect(show.guid == "y0ur-gu1d-g035-h3r3" && show.locked == true && show.lockedOwner == "podcastowner@example.com")
        #expect(show.block == false && show.medium == "podcast" && show.usesPodping == true)
        #expect(show.image == "https://example.com/images/pci_avatar-massive.jpg")
        #expect(show.images.map(\.aspectRatio) == ["1/1", "16/9"])
        #expect(show.images.first?.alt == "An antenna emanating signal waves" && show.images.first?.width == 3000)
        #expect(show.chat?.space == "#myawesomepodcast")
        #expect(show.socialInteracts.first?.priority == 1)
        #expect(show.podroll.map(\.feedGuid) == ["917393e3-1b1e-5cef-ace4-edaa54e1f810", "ea6ff6d7-2cb0-5de4-af33-94b4d8ed2f7c"])
        #expect(show.publisher?.feedURL == "https://agilesetmedia.com/assets/static/feeds/publisher.xml")
        #expect(show.remoteItems.first?.title == "Here Comes the Sun")
        #expect(show.value?.recipients.count == 2 && show.trailers.count == 1 && show.texts.count == 1)

        let live = try #require(show.liveItems.first)
        #expect(show.liveItems.count == 1)
        #expect(live.status == "live")
        #expect(live.start == DateParser.parseRFC3339("2021-09-26T13:30:00Z"))
        #expect(live.end == DateParser.parseRFC3339("2021-09-26T15:30:00Z"))
        #expect(live.entry.id == "https://example.com/live")
        #expect(live.entry.title?.value == "Podcasting 2.0 Live Show")
        #expect(live.entry.authors == [AtomPerson(name: "John Doe", email: "john@example.com")])
        #expect(live.entry.link(rel: "enclosure")?.href == "https://example.com/pc20/livestream?format=.mp3")
        #expect(live.entry.podcast?.contentLinks.map(\.title) == ["YouTube!", "Twitch!", "Listen Live!"])
        #expect(live.entry.podcast?.images.map(\.width) == [1500, 600, 300, 150])
        #expect(live.entry.podcast?.image == "https://example.com/images/live/pci_avatar-massive.jpg")
        #expect(live.entry.podcast?.persons.map(\.name) == ["Adam Curry", "Dave Jones"])
        #expect(live.entry.podcast?.alternateEnclosures.first?.sources == ["https://example.com/pc20/livestream"])

        let first = try #require(outcome.items[0].podcast)
        #expect(first.duration == 3723 && first.episode == 3 && first.season == 1)
        #expect(first.image == "https://example.com/images/ep3/pci_square.jpg")
        #expect(first.socialInteracts.first?.accountID == "@dave")
        #expect(first.chat?.protocol == "nostr")
        #expect(first.texts == [PodcastText(value: "ep3-record")])
        #expect(first.alternateEnclosures.first?.integrity?.type == "sri")
        #expect(first.alternateEnclosures.first?.sources.count == 2)
        #expect(first.value?.timeSplits.first?.remoteItem?.feedGuid == "a94f5cc9-8c58-55fc-91fe-a324087a655b")
        #expect(first.value?.timeSplits.first?.remotePercentage == 95)
        let media = try #require(outcome.items[0].media?.first)
        #expect(media.language == "en")
        #expect(media.ratings == [MediaRating(value: "nonadult", scheme: "urn:simple")])
        #expect(media.texts.first?.start == 3)
        #expect(media.restrictions == [MediaRestriction(relationship: "deny", type: "country", value: "fr")])
        #expect(outcome.items[1].podcast?.images.count == 2)
        #expect(outcome.items[1].podcast?.image == "https://example.com/images/ep2/pci_avatar-massive.jpg")
    }

    @Test("The feed and its items survive a Codable round trip, as an app caches them")
    func roundTrip() throws {
        let (outcome, feed) = decodeFeedEveryWay(Self.document)
        let encoder = JSONEncoder()
        #expect(try JSONDecoder().decode(AtomFeed.self, from: try encoder.encode(feed)) == feed)
        #expect(try JSONDecoder().decode([AtomEntry].self, from: try encoder.encode(outcome.items)) == outcome.items)
    }
}
