import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// The Podcasting 2.0 tags of the later phases — images, live items, remote items, podroll, publisher, social and
/// chat references, podping, content links, integrity, value time splits — in RSS and Atom, each decoded in every
/// chunking.
@Suite("FeedParser: newer Podcasting 2.0 tags")
struct PodcastNewerTagsTests {
    static let show = """
        <podcast:locked owner="owner@x.org">no</podcast:locked>
        <podcast:image href="art-wide.jpg" alt="Antenna" aspect-ratio="16/9" width="1920" height="1080" \
        type="image/jpeg" purpose="artwork social"/>
        <podcast:image href="https://x.org/art.jpg" purpose="artwork"/>
        <podcast:images srcset="https://x.org/a-1500.jpg 1500w,
            https://x.org/a-600.jpg 600w, https://x.org/a,comma.jpg 300w"/>
        <podcast:liveItem status="Live" start="2021-09-26T07:30:00.000-06:00" end="2021-09-26T09:30:00.000-06:00">
            <title>Live Show</title>
            <description>&lt;p&gt;Tune in&lt;/p&gt;</description>
            <link>https://x.org/live</link>
            <guid isPermaLink="false">live-1</guid>
            <author>john@x.org (John Doe)</author>
            <podcast:images srcset="https://x.org/live-150.jpg 150w"/>
            <podcast:person role="guest" href="https://x.org/dave">Dave</podcast:person>
            <podcast:alternateEnclosure type="audio/mpeg" length="312" default="true">\
        <podcast:source uri="https://x.org/stream"/></podcast:alternateEnclosure>
            <enclosure url="https://x.org/stream.mp3" type="audio/mpeg" length="312"/>
            <podcast:contentLink href="https://www.youtube.com/live">YouTube!</podcast:contentLink>
            <podcast:chat server="irc.zeronode.net" protocol="IRC" accountId="@jsmith" space="#live"/>
            <itunes:image href="https://x.org/live.jpg"/>
        </podcast:liveItem>
        <podcast:liveItem start="2021-10-01T07:30:00Z"><title>No status</title></podcast:liveItem>
        <podcast:remoteItem feedGuid="track-feed" itemGuid="track-1" medium="Music" title="Here Comes the Sun"/>
        <podcast:remoteItem feedUrl="https://x.org/no-guid.xml"/>
        <podcast:podroll>
            <podcast:remoteItem feedGuid="friend-1" feedUrl="friend.xml"/>
            <podcast:remoteItem feedGuid="friend-2"/>
        </podcast:podroll>
        <podcast:publisher><podcast:remoteItem medium="publisher" feedGuid="pub-guid" \
        feedUrl="https://pub.org/publisher.xml"/></podcast:publisher>
        <podcast:socialInteract priority="1" protocol="activitypub" uri="https://mastodon.x/@show/1" \
        accountId="@show" accountUrl="https://mastodon.x/@show"/>
        <podcast:chat server="jabber.x.org" protocol="xmpp" accountId="show@jabber.x.org"/>
        <podcast:podping usesPodping="true"/>
        """

    static let episode = """
        <podcast:image href="https://x.org/e1-square.jpg"/>
        <itunes:image href="https://x.org/e1-itunes.jpg"/>
        <podcast:socialInteract protocol="disabled"/>
        <podcast:socialInteract priority="high" protocol="twitter" uri="https://twitter.com/x/status/1"/>
        <podcast:chat server="relay.x.org" protocol="nostr" space="#ep1"/>
        <podcast:contentLink href="https://x.org/watch">Watch</podcast:contentLink>
        <podcast:txt purpose="release">v1</podcast:txt>
        <podcast:alternateEnclosure type="video/mp4" length="7924786" height="720">\
        <podcast:source uri="https://x.org/e1-720.mp4"/>\
        <podcast:integrity type="SRI" value="sha384-ExVqijgYHm15PqQqdXfW95x"/></podcast:alternateEnclosure>
        <podcast:value type="lightning" method="keysend">\
        <podcast:valueRecipient name="Alice" type="node" address="02d5" split="95"/>\
        <podcast:valueTimeSplit startTime="60" duration="237" remotePercentage="95">\
        <podcast:remoteItem itemGuid="https://x.org/track#1" feedGuid="a94f" medium="music"/></podcast:valueTimeSplit>\
        <podcast:valueTimeSplit startTime="367" duration="246">\
        <podcast:valueRecipient name="Guest" type="node" address="032f" split="10"/></podcast:valueTimeSplit>\
        <podcast:valueTimeSplit startTime="soon" duration="10">\
        <podcast:valueRecipient type="node" address="ff" split="1"/></podcast:valueTimeSplit>\
        <podcast:valueTimeSplit startTime="5" duration="10"/>\
        </podcast:value>
        """

    static let liveItem = PodcastLiveItem(
        status: "live", start: Date(timeIntervalSince1970: 1_632_663_000),
        end: Date(timeIntervalSince1970: 1_632_670_200),
        entry: AtomEntry(
            id: "live-1", title: AtomText(value: "Live Show"), summary: AtomText(type: .html, value: "<p>Tune in</p>"),
            authors: [AtomPerson(name: "John Doe", email: "john@x.org")],
            links: [
                AtomLink(href: "https://x.org/live"),
                AtomLink(href: "https://x.org/stream.mp3", rel: "enclosure", type: "audio/mpeg", length: 312),
            ],
            podcast: PodcastEpisodeInfo(
                image: "https://x.org/live.jpg",
                persons: [PodcastPerson(name: "Dave", role: "guest", href: "https://x.org/dave")],
                alternateEnclosures: [
                    PodcastAlternateEnclosure(
                        type: "audio/mpeg", length: 312, isDefault: true, sources: ["https://x.org/stream"])
                ],
                images: [PodcastImage(href: "https://x.org/live-150.jpg", width: 150)],
                chat: PodcastChat(server: "irc.zeronode.net", protocol: "irc", accountID: "@jsmith", space: "#live"),
                contentLinks: [PodcastContentLink(href: "https://www.youtube.com/live", title: "YouTube!")])))

    static let expectedShow = PodcastFeedInfo(
        image: "https://x.org/art.jpg", locked: false, lockedOwner: "owner@x.org",
        images: [
            PodcastImage(
                href: "https://x.org/art-wide.jpg", alt: "Antenna", aspectRatio: "16/9", width: 1920, height: 1080,
                type: "image/jpeg", purpose: "artwork social"),
            PodcastImage(href: "https://x.org/art.jpg", purpose: "artwork"),
            PodcastImage(href: "https://x.org/a-1500.jpg", width: 1500),
            PodcastImage(href: "https://x.org/a-600.jpg", width: 600),
            PodcastImage(href: "https://x.org/a,comma.jpg", width: 300),
        ],
        liveItems: [liveItem],
        remoteItems: [
            PodcastRemoteItem(feedGuid: "track-feed", itemGuid: "track-1", medium: "music", title: "Here Comes the Sun")
        ],
        podroll: [
            PodcastRemoteItem(feedGuid: "friend-1", feedURL: "https://x.org/friend.xml"),
            PodcastRemoteItem(feedGuid: "friend-2"),
        ],
        publisher: PodcastRemoteItem(
            feedGuid: "pub-guid", feedURL: "https://pub.org/publisher.xml", medium: "publisher"),
        socialInteracts: [
            PodcastSocialInteract(
                protocol: "activitypub", uri: "https://mastodon.x/@show/1", accountID: "@show",
                accountURL: "https://mastodon.x/@show", priority: 1)
        ],
        chat: PodcastChat(server: "jabber.x.org", protocol: "xmpp", accountID: "show@jabber.x.org"),
        usesPodping: true)

    static let expectedEpisode = PodcastEpisodeInfo(
        image: "https://x.org/e1-itunes.jpg",
        alternateEnclosures: [
            PodcastAlternateEnclosure(
                type: "video/mp4", length: 7_924_786, height: 720, sources: ["https://x.org/e1-720.mp4"],
                integrity: PodcastIntegrity(type: "sri", value: "sha384-ExVqijgYHm15PqQqdXfW95x"))
        ],
        value: PodcastValue(
            type: "lightning", method: "keysend",
            recipients: [PodcastValueRecipient(name: "Alice", type: "node", address: "02d5", split: 95)],
            timeSplits: [
                PodcastValueTimeSplit(
                    startTime: 60, duration: 237, remotePercentage: 95,
                    remoteItem: PodcastRemoteItem(feedGuid: "a94f", itemGuid: "https://x.org/track#1", medium: "music")),
                PodcastValueTimeSplit(
                    startTime: 367, duration: 246,
                    recipients: [PodcastValueRecipient(name: "Guest", type: "node", address: "032f", split: 10)]),
            ]),
        images: [PodcastImage(href: "https://x.org/e1-square.jpg")],
        socialInteracts: [
            PodcastSocialInteract(protocol: "disabled"),
            PodcastSocialInteract(protocol: "twitter", uri: "https://twitter.com/x/status/1"),
        ],
        chat: PodcastChat(server: "relay.x.org", protocol: "nostr", space: "#ep1"),
        contentLinks: [PodcastContentLink(href: "https://x.org/watch", title: "Watch")],
        texts: [PodcastText(value: "v1", purpose: "release")])

    @Test("RSS: every newer tag of the channel, a live item and an item, in every chunking")
    func rss() throws {
        let document = """
            <?xml version="1.0"?>
            <rss version="2.0" \(PodcastFieldsTests.namespaces)><channel><title>Show</title>
            \(Self.show)
            <item><title>Ep 1</title>\(Self.episode)</item>
            <item><title>Plain</title></item>
            </channel></rss>
            """
        let (outcome, feed) = decodeFeedEveryWay(
            document, options: .init(baseURL: "https://x.org/feed.xml", sanitizesHTML: false))
        #expect(outcome.error == nil)
        try #require(outcome.items.count == 2)
        #expect(feed.podcast == Self.expectedShow)
        #expect(outcome.items[0].podcast == Self.expectedEpisode)
        #expect(outcome.items[1].podcast == nil)
        // A live item is the show's: it is not among the items, and its fields do not leak into the first item.
        #expect(outcome.items.allSatisfy { $0.title?.value != "Live Show" })
    }

    @Test("Atom: the same tags in a feed and its entries")
    func atom() throws {
        let document = """
            <feed xmlns="http://www.w3.org/2005/Atom" \(PodcastFieldsTests.namespaces)><title>Show</title>
            \(Self.show.replacingOccurrences(of: "<link>https://x.org/live</link>", with: #"<link href="live"/>"#)
                .replacingOccurrences(of: #"<guid isPermaLink="false">live-1</guid>"#, with: "<id>live-1</id>")
                .replacingOccurrences(
                    of: "<author>john@x.org (John Doe)</author>",
                    with: "<author><name>John Doe</name></author>"))
            <entry><id>e1</id><title>Ep 1</title>\(Self.episode)</entry>
            <entry><id>e2</id><title>None</title></entry>
            </feed>
            """
        var expected = Self.expectedShow
        expected.liveItems[0].entry.authors = [AtomPerson(name: "John Doe")]
        let (outcome, feed) = decodeFeedEveryWay(
            document, options: .init(baseURL: "https://x.org/feed.xml", sanitizesHTML: false))
        #expect(outcome.error == nil)
        try #require(outcome.items.count == 2)
        #expect(feed.podcast == expected)
        #expect(outcome.items[0].podcast == Self.expectedEpisode)
        #expect(outcome.items[1].podcast == nil)

        let parser = AtomParser(options: .init(baseURL: "https://x.org/feed.xml"))
        #expect(try parser.parseAll(Array(document.utf8)) == outcome.items)
        #expect(parser.feed.podcast == expected)
    }

    @Test("A live item's description is sanitized like an item's; a permalink guid stands in for its link")
    func liveItemSanitizedAndPermalink() {
        let document = """
            <rss version="2.0" \(PodcastFieldsTests.namespaces)><channel>
            <podcast:liveItem status="pending" start="2030-01-01T00:00:00Z"><guid>https://x.org/l</guid>\
            <description>&lt;p onclick="x()"&gt;hi&lt;script&gt;alert(1)&lt;/script&gt;&lt;/p&gt;</description>\
            </podcast:liveItem></channel></rss>
            """
        let feed = decodeFeedEveryWay(document).feed
        let entry = feed.podcast?.liveItems.first?.entry
        #expect(entry?.summary?.value == "<p>hi</p>")
        #expect(entry?.links == [AtomLink(href: "https://x.org/l")])
        #expect(feed.podcast?.liveItems.first?.status == "pending")
    }

    @Test("An itunes:image before or after a podcast:image is the image; a podcast:image alone stands in")
    func imageFallback() {
        func image(_ elements: String) -> String? {
            let document = "<rss version=\"2.0\" \(PodcastFieldsTests.namespaces)><channel><item>\(elements)</item>"
                + "<item><title>next</title></item></channel></rss>"
            return decodeFeedEveryWay(document).outcome.items.first?.podcast?.image
        }
        #expect(image(#"<podcast:image href="http://a/p.jpg"/>"#) == "http://a/p.jpg")
        #expect(image(#"<podcast:image href="http://a/p.jpg"/><itunes:image href="http://a/i.jpg"/>"#) == "http://a/i.jpg")
        #expect(image(#"<itunes:image href="http://a/i.jpg"/><podcast:image href="http://a/p.jpg"/>"#) == "http://a/i.jpg")
        #expect(image(#"<podcast:image href="http://a/w.jpg" aspect-ratio="16/9"/>"#) == nil)
    }

    @Test(
        "Malformed values: a number that is not one is absent, a tag without what it requires is dropped",
        arguments: [
            (#"<podcast:socialInteract protocol="x" priority="first"/>"#, "priority"),
            (#"<podcast:socialInteract uri="https://x.org/1"/>"#, "no protocol"),
            (#"<podcast:chat protocol="irc"/>"#, "no server"),
            (#"<podcast:image width="wide" href="http://a/i.jpg" aspect-ratio="1/2"/>"#, "width"),
            (#"<podcast:contentLink>no href</podcast:contentLink>"#, "no href"),
        ])
    func malformed(element: String, reason: String) throws {
        let document = "<rss version=\"2.0\" \(PodcastFieldsTests.namespaces)><channel><item>\(element)</item>"
            + "</channel></rss>"
        let (outcome, _) = decodeFeedEveryWay(document)
        #expect(outcome.error == nil)
        let episode = outcome.items.first?.podcast
        switch reason {
        case "priority": #expect(episode?.socialInteracts == [PodcastSocialInteract(protocol: "x")])
        case "width": #expect(episode?.images == [PodcastImage(href: "http://a/i.jpg", aspectRatio: "1/2")])
        default: #expect(episode == nil)
        }
    }

    @Test("Malformed show tags: a remote item without feedGuid, a live item without status, a bad podping flag")
    func malformedShow() {
        let document = """
            <rss version="2.0" \(PodcastFieldsTests.namespaces)><channel>
            <podcast:remoteItem itemGuid="x"/><podcast:podroll><podcast:remoteItem/></podcast:podroll>
            <podcast:liveItem start="someday"><title>t</title></podcast:liveItem>
            <podcast:liveItem status="ended" start="someday"><title>u</title></podcast:liveItem>
            <podcast:podping usesPodping="often"/><podcast:images srcset=" , "/>
            </channel></rss>
            """
        let podcast = decodeFeedEveryWay(document).feed.podcast
        #expect(podcast?.remoteItems == [] && podcast?.podroll == [] && podcast?.usesPodping == nil)
        #expect(podcast?.images == [])
        #expect(podcast?.liveItems.map(\.status) == ["ended"])
        #expect(podcast?.liveItems.first?.start == nil)
        #expect(podcast?.liveItems.first?.entry.title?.value == "u")
    }

    @Test("A live item is read only where it may stand: not inside an item, not inside another live item")
    func liveItemPlacement() throws {
        let document = """
            <rss version="2.0" \(PodcastFieldsTests.namespaces)><channel>
            <item><title>Ep</title><podcast:liveItem status="live"><title>Inside</title></podcast:liveItem>\
            <podcast:txt>kept</podcast:txt></item>
            <podcast:liveItem status="pending"><title>Outer</title>\
            <podcast:liveItem status="live"><title>Nested</title></podcast:liveItem>\
            <podcast:person>Host</podcast:person></podcast:liveItem>
            <item><title>After</title></item>
            </channel></rss>
            """
        let (outcome, feed) = decodeFeedEveryWay(document)
        #expect(outcome.error == nil)
        try #require(outcome.items.count == 2)
        #expect(outcome.items[0].title?.value == "Ep")
        #expect(outcome.items[0].podcast == PodcastEpisodeInfo(texts: [PodcastText(value: "kept")]))
        // The live item's fields are its own: the item after it starts empty.
        #expect(outcome.items[1].podcast == nil)
        let live = try #require(feed.podcast?.liveItems)
        #expect(live.map(\.entry.title?.value) == ["Outer"])
        #expect(live.first?.entry.podcast?.persons == [PodcastPerson(name: "Host")])
    }

    @Test("The Codable encoding of the new fields round-trips, and feedstream's keys are the property names")
    func codable() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let feed = AtomFeed(format: "rss2.0", podcast: Self.expectedShow)
        let data = try encoder.encode(feed)
        #expect(try JSONDecoder().decode(AtomFeed.self, from: data) == feed)
        let text = String(decoding: data, as: UTF8.self)
        for key in ["liveItems", "remoteItems", "podroll", "publisher", "socialInteracts", "usesPodping", "aspectRatio",
            "lockedOwner", "\"protocol\"", "accountURL"]
        {
            #expect(text.contains(key), "\(key)")
        }
        let entry = AtomEntry(id: "1", podcast: Self.expectedEpisode)
        #expect(try JSONDecoder().decode(AtomEntry.self, from: try encoder.encode(entry)) == entry)
    }
}
