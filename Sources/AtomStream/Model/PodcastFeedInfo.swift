#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A podcast's show-level fields, typed: iTunes (`itunes:`) and Podcasting 2.0 (`podcast:`, podcastindex.org)
/// elements of an RSS channel or Atom feed. `nil` on ``AtomFeed/podcast`` when the feed has none of them.
public struct PodcastFeedInfo: Sendable, Hashable, Codable {
    /// `itunes:author`: the show's author as the directory shows it.
    public var author: String?
    /// `itunes:owner`: who to contact about the show.
    public var owner: PodcastOwner?
    /// `itunes:category`, nested ones written `Parent/Child`: `["Technology/Podcasting", "Comedy"]`.
    public var categories: [String]
    /// `itunes:explicit`: `yes`, `true`, `explicit` are `true`; `no`, `false`, `clean` are `false`.
    public var explicit: Bool?
    /// `itunes:image href` (else `podcast:image`), resolved.
    public var image: String?
    /// `itunes:type`: `episodic` or `serial`.
    public var type: String?
    /// `itunes:complete`: no more episodes will be published.
    public var complete: Bool?
    /// `itunes:block` (or `podcast:block` without an `id`): the show asks not to be listed.
    public var block: Bool?
    /// `itunes:new-feed-url`: where the show has moved, resolved.
    public var newFeedURL: String?
    /// `podcast:guid`: the show's global id (a UUIDv5 of its feed URL).
    public var guid: String?
    /// `podcast:locked`: the show may not be imported into another host.
    public var locked: Bool?
    /// `podcast:funding`: where listeners can support the show.
    public var funding: [PodcastFunding]
    /// `podcast:person`: the people of the show.
    public var persons: [PodcastPerson]
    /// `podcast:location`: what the show is about or where it is made.
    public var location: PodcastLocation?
    /// `podcast:medium`: `podcast`, `music`, `video`, `film`, `audiobook`, `newsletter`, `blog`, ….
    public var medium: String?
    /// `podcast:license`.
    public var license: PodcastLicense?
    /// `podcast:value`: how listeners pay the show as they listen.
    public var value: PodcastValue?
    /// `podcast:trailer`: the show's trailers.
    public var trailers: [PodcastTrailer]
    /// `podcast:updateFrequency`'s text (`rrule` attribute in ``updateFrequencyRule``).
    public var updateFrequency: String?
    /// `podcast:updateFrequency rrule`: the schedule as an RFC 5545 recurrence rule.
    public var updateFrequencyRule: String?
    /// `podcast:txt`: free-form text records (`purpose` attribute kept).
    public var texts: [PodcastText]
    /// `podcast:locked owner`: the e-mail address that can prove ownership when the show moves.
    public var lockedOwner: String?
    /// `podcast:image` (and the deprecated `podcast:images srcset`): the show's artwork in several sizes, shapes
    /// and purposes.
    public var images: [PodcastImage]
    /// `podcast:liveItem`: the show's live streams, pending, live or ended, in document order.
    public var liveItems: [PodcastLiveItem]
    /// `podcast:remoteItem` directly in the channel: the tracks of a playlist feed (`podcast:medium` `musicL`, …).
    public var remoteItems: [PodcastRemoteItem]
    /// `podcast:podroll`: other shows the podcaster recommends.
    public var podroll: [PodcastRemoteItem]
    /// `podcast:publisher`: the feed of the show's publisher.
    public var publisher: PodcastRemoteItem?
    /// `podcast:socialInteract`: the show's comment threads (or `disabled`).
    public var socialInteracts: [PodcastSocialInteract]
    /// `podcast:chat`: the show's always-on chat.
    public var chat: PodcastChat?
    /// `podcast:podping usesPodping`: the feed announces its changes on Podping, so it need not be polled often.
    public var usesPodping: Bool?

    /// Creates show-level fields.
    public init(
        author: String? = nil, owner: PodcastOwner? = nil, categories: [String] = [], explicit: Bool? = nil,
        image: String? = nil, type: String? = nil, complete: Bool? = nil, block: Bool? = nil,
        newFeedURL: String? = nil, guid: String? = nil, locked: Bool? = nil, funding: [PodcastFunding] = [],
        persons: [PodcastPerson] = [], location: PodcastLocation? = nil, medium: String? = nil,
        license: PodcastLicense? = nil, value: PodcastValue? = nil, trailers: [PodcastTrailer] = [],
        updateFrequency: String? = nil, updateFrequencyRule: String? = nil, texts: [PodcastText] = [],
        lockedOwner: String? = nil, images: [PodcastImage] = [], liveItems: [PodcastLiveItem] = [],
        remoteItems: [PodcastRemoteItem] = [], podroll: [PodcastRemoteItem] = [], publisher: PodcastRemoteItem? = nil,
        socialInteracts: [PodcastSocialInteract] = [], chat: PodcastChat? = nil, usesPodping: Bool? = nil
    ) {
        self.author = author
        self.owner = owner
        self.categories = categories
        self.explicit = explicit
        self.image = image
        self.type = type
        self.complete = complete
        self.block = block
        self.newFeedURL = newFeedURL
        self.guid = guid
        self.locked = locked
        self.funding = funding
        self.persons = persons
        self.location = location
        self.medium = medium
        self.license = license
        self.value = value
        self.trailers = trailers
        self.updateFrequency = updateFrequency
        self.updateFrequencyRule = updateFrequencyRule
        self.texts = texts
        self.lockedOwner = lockedOwner
        self.images = images
        self.liveItems = liveItems
        self.remoteItems = remoteItems
        self.podroll = podroll
        self.publisher = publisher
        self.socialInteracts = socialInteracts
        self.chat = chat
        self.usesPodping = usesPodping
    }

    /// Whether no field is set: such info is left out of ``AtomFeed`` (`nil`).
    public var isEmpty: Bool {
        // Field by field: comparing with a fresh value builds and destroys one.
        author == nil && owner == nil && categories.isEmpty && explicit == nil && image == nil && type == nil
            && complete == nil && block == nil && newFeedURL == nil && guid == nil && locked == nil
            && funding.isEmpty && persons.isEmpty && location == nil && medium == nil && license == nil
            && value == nil && trailers.isEmpty && updateFrequency == nil && updateFrequencyRule == nil
            && texts.isEmpty && lockedOwner == nil && images.isEmpty && liveItems.isEmpty && remoteItems.isEmpty
            && podroll.isEmpty && publisher == nil && socialInteracts.isEmpty && chat == nil && usesPodping == nil
    }
}

/// `itunes:owner`.
public struct PodcastOwner: Sendable, Hashable, Codable {
    /// `itunes:name`.
    public var name: String?
    /// `itunes:email`.
    public var email: String?

    /// Creates an owner.
    public init(name: String? = nil, email: String? = nil) {
        self.name = name
        self.email = email
    }
}

/// `podcast:funding url`: a page where listeners can support the show; the element's text is the title.
public struct PodcastFunding: Sendable, Hashable, Codable {
    /// The page, resolved.
    public var url: String
    /// What the page offers (`Support the show!`).
    public var title: String?

    /// Creates a funding link.
    public init(url: String, title: String? = nil) {
        self.url = url
        self.title = title
    }
}

/// `podcast:trailer`: a trailer of the show.
public struct PodcastTrailer: Sendable, Hashable, Codable {
    /// `url`, resolved.
    public var url: String
    /// The element's text.
    public var title: String?
    /// `pubdate`.
    public var published: Date?
    /// `length` in bytes.
    public var length: Int64?
    /// `type`: the media type.
    public var type: String?
    /// `season`: the season it announces.
    public var season: Int?

    /// Creates a trailer.
    public init(
        url: String, title: String? = nil, published: Date? = nil, length: Int64? = nil, type: String? = nil,
        season: Int? = nil
    ) {
        self.url = url
        self.title = title
        self.published = published
        self.length = length
        self.type = type
        self.season = season
    }
}

/// `podcast:txt`: a free-form text record, such as a domain-ownership token.
public struct PodcastText: Sendable, Hashable, Codable {
    /// The text.
    public var value: String
    /// `purpose` (`verify`, `applepodcastsverify`, …).
    public var purpose: String?

    /// Creates a text record.
    public init(value: String, purpose: String? = nil) {
        self.value = value
        self.purpose = purpose
    }
}
