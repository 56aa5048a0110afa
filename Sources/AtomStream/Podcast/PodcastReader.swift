@_spi(XMLEngine) import XMLStream
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads the typed podcast and media fields of a feed — iTunes, Podcasting 2.0, Media RSS — for the RSS and Atom
/// decoders alike. The decoders hand it the elements of those namespaces (a pointer comparison decides), it
/// returns what each element is, and it is told the element's text when it ends.
struct PodcastReader {
    let names: PodcastNames

    /// The show's fields so far.
    var show = PodcastFeedInfo()
    var episode = PodcastEpisodeInfo()
    var media: [MediaContent] = []
    /// Media RSS elements at the item level, which apply to every object of the item (or stand alone).
    var itemMedia = MediaContent()
    /// Whether ``itemMedia`` holds anything.
    var hasItemMedia = false
    /// Those of the open `media:group`, and where its objects start in ``media``.
    var groupMedia: MediaContent?
    /// Whether a `media:group` is open: a flag, because testing the optional above for `nil` copies the struct.
    var isInGroup = false
    var groupStart = 0
    /// The open `media:content`, as an index into ``media``.
    var openContent: Int?
    /// Attributes kept until the element's text arrives.
    private var person: PodcastPerson?
    private var owner = PodcastOwner()
    private var fundingURL: String?
    private var location = PodcastLocation(name: "")
    private var licenseURL: String?
    private var soundbite = PodcastSoundbite(start: 0, duration: 0)
    private var trailer: PodcastTrailer?
    private var textPurpose: String?
    var credit = MediaCredit(name: "")
    private var seasonName: String?
    private var episodeDisplay: String?
    var value: PodcastValue?
    var alternateEnclosure: PodcastAlternateEnclosure?
    /// The top-level `itunes:category` open, and whether a nested one has replaced its bare entry.
    private var categoryParent: String?
    private var categoryParentReplaced = false
    /// The state of the newer tags (``PodcastExtraState``).
    var more = PodcastExtraState()

    init(names: PodcastNames) {
        self.names = names
    }

    /// Whether `namespace` is one this reader reads.
    @inline(__always)
    func reads(_ namespace: XMLName) -> Bool {
        namespace == names.itunes || namespace == names.podcast || namespace == names.media
            || namespace == names.itunesApple || namespace == names.mediaNoSlash
    }

    /// Whether the current episode has typed fields to hand over: one flag to test per item, so feeds without any
    /// pay nothing more.
    var hasEpisodeFields = false

    /// The show's fields, `nil` when there are none.
    var showInfo: PodcastFeedInfo? { show.isEmpty ? nil : show }

    /// Moves the finished episode's fields and media objects into `entry` and starts the next episode. Everything
    /// is moved, not copied: a copy of these structs retains each field only to release it again.
    mutating func takeEpisode(into entry: inout AtomEntry) {
        if hasItemMedia {
            if media.isEmpty {
                // The item's one object goes straight into the entry, in an array made at its size.
                entry.media = [Self.take(&itemMedia, leaving: MediaContent())]
            } else {
                for index in media.indices { Self.fill(&media[index], from: itemMedia) }
                itemMedia = MediaContent()
            }
            hasItemMedia = false
        }
        if !episode.isEmpty {
            entry.podcastStorage = PodcastEpisodeStorage(Self.take(&episode, leaving: PodcastEpisodeInfo()))
        }
        if !media.isEmpty { entry.media = Self.take(&media, leaving: []) }
        hasEpisodeFields = false
        if isInGroup {
            groupMedia = nil
            isInGroup = false
        }
        openContent = nil
    }

    /// Moves `value` out and leaves `replacement` in its place, bit for bit: `swap` through a local and assignment
    /// copied these many-field structs (a retain per field, then a release per field; callgrind, once per item).
    @inline(__always)
    static func take<Value>(_ value: inout Value, leaving replacement: Value) -> Value {
        withUnsafeMutablePointer(to: &value) { pointer in
            let taken = pointer.move()
            pointer.initialize(to: replacement)
            return taken
        }
    }

    // MARK: - Starting elements

    /// What the element `tag` is, taking its attributes; `nil` for an element this reader does not read there.
    /// `parent` is the reader's element the tag is inside, `nil` directly inside a channel, item, feed or entry.
    mutating func start(
        _ tag: XMLStartTag, scope: PodcastScope, parent: PodcastElement?, resolve: (String) -> String
    ) -> PodcastElement? {
        let namespace = tag.namespace
        if scope == .episode { hasEpisodeFields = true }
        if let parent { return startChild(tag, of: parent, scope: scope, resolve: resolve) }
        if names.isITunes(namespace) { return startITunes(tag, scope: scope, resolve: resolve) }
        if namespace == names.podcast { return startPodcast(tag, scope: scope, resolve: resolve) }
        if names.isMedia(namespace), scope == .episode { return startMedia(tag, resolve: resolve) }
        return nil
    }

    mutating func startITunes(
        _ tag: XMLStartTag, scope: PodcastScope, resolve: (String) -> String
    ) -> PodcastElement? {
        switch (tag.localName, scope) {
        case (names.image, _):
            // Some feeds write `url` for `href`; feedparser reads it.
            if let href = PodcastValueText.attribute(tag.value(of: names.href) ?? tag.value(of: names.url)) {
                setImage(resolve(href), scope)
            }
            return .image
        case (names.category, .show):
            if let term = PodcastValueText.attribute(tag.value(of: names.text)) { startCategory(term) }
            return .category
        case (names.explicit, _): return .explicit
        case (names.block, _): return .block
        case (names.author, .show): return .author
        case (names.owner, .show):
            owner = PodcastOwner()
            return .owner
        case (names.type, .show): return .type
        case (names.complete, .show): return .complete
        case (names.newFeedURL, .show): return .newFeedURL
        case (names.title, .episode): return .title
        case (names.duration, .episode): return .duration
        case (names.episode, .episode): return .episode
        case (names.season, .episode): return .season
        case (names.episodeType, .episode): return .episodeType
        default: return nil
        }
    }

    mutating func startPodcast(
        _ tag: XMLStartTag, scope: PodcastScope, resolve: (String) -> String
    ) -> PodcastElement? {
        func attribute(_ name: XMLName) -> String? { PodcastValueText.attribute(tag.value(of: name)) }
        func url(_ name: XMLName) -> String? { attribute(name).map(resolve) }
        switch tag.localName {
        case names.person:
            person = PodcastPerson(
                name: "", role: attribute(names.role), group: attribute(names.group), image: url(names.img),
                href: url(names.href))
            return .person
        case names.location:
            location = PodcastLocation(name: "", geo: attribute(names.geo), osm: attribute(names.osm))
            return .location
        case names.license:
            licenseURL = url(names.url)
            return .license
        case names.value:
            value = PodcastValue(
                type: attribute(names.type) ?? "", method: attribute(names.method) ?? "",
                suggested: attribute(names.suggested))
            return .value
        case names.txt:
            textPurpose = attribute(names.purpose)
            return .txt
        default: break
        }
        switch scope {
        case .show:
            switch tag.localName {
            case names.guid: return .guid
            case names.locked:
                show.lockedOwner = attribute(names.owner)
                return .locked
            case names.funding:
                fundingURL = url(names.url)
                return .funding
            case names.medium: return .medium
            case names.block:
                // A `podcast:block` naming a platform (`id="…"`) blocks only there.
                return tag.value(of: names.id) == nil ? .podcastBlock : nil
            case names.trailer:
                trailer = url(names.url).map { url in
                    PodcastTrailer(
                        url: url, published: attribute(names.pubdate).flatMap(DateParser.parseFeedDate),
                        length: attribute(names.length).flatMap(PodcastValueText.int64), type: attribute(names.type),
                        season: attribute(names.season).flatMap(PodcastValueText.integer))
                }
                return .trailer
            case names.updateFrequency:
                show.updateFrequencyRule = attribute(names.rrule)
                return .updateFrequency
            default: return startNewerPodcastTag(tag, scope: scope, resolve: resolve)
            }
        case .episode:
            switch tag.localName {
            case names.transcript:
                if let href = url(names.url) {
                    let transcript = PodcastTranscript(
                        url: href, type: attribute(names.type), language: attribute(names.language),
                        rel: attribute(names.rel))
                    episode.updateNewerFields { $0.transcripts.append(transcript) }
                }
                return .transcript
            case names.chapters:
                if let href = url(names.url) {
                    let chapters = PodcastChapters(url: href, type: attribute(names.type))
                    episode.updateNewerFields { $0.chapters = chapters }
                }
                return .chapters
            case names.soundbite:
                soundbite = PodcastSoundbite(
                    start: attribute(names.startTime).flatMap(PodcastValueText.number) ?? -1,
                    duration: attribute(names.duration).flatMap(PodcastValueText.number) ?? -1)
                return .soundbite
            case names.alternateEnclosure:
                alternateEnclosure = PodcastAlternateEnclosure(
                    type: attribute(names.type) ?? "", length: attribute(names.length).flatMap(PodcastValueText.int64),
                    bitrate: attribute(names.bitrate).flatMap(PodcastValueText.number),
                    height: attribute(names.height).flatMap(PodcastValueText.integer), language: attribute(names.lang),
                    title: attribute(names.title), rel: attribute(names.rel), codecs: attribute(names.codecs),
                    isDefault: attribute(names.isDefaultAttribute).flatMap(PodcastValueText.flag))
                return .alternateEnclosure
            case names.season:
                seasonName = attribute(names.name)
                return .podcastSeason
            case names.episode:
                episodeDisplay = attribute(names.display)
                return .podcastEpisode
            default: return startNewerPodcastTag(tag, scope: scope, resolve: resolve)
            }
        }
    }

    private mutating func startChild(
        _ tag: XMLStartTag, of parent: PodcastElement, scope: PodcastScope, resolve: (String) -> String
    ) -> PodcastElement? {
        switch parent {
        case .owner where names.isITunes(tag.namespace):
            if tag.localName == names.name { return .ownerName }
            if tag.localName == names.email { return .ownerEmail }
            return nil
        case .category where names.isITunes(tag.namespace) && tag.localName == names.category:
            if let term = PodcastValueText.attribute(tag.value(of: names.text)) { nestCategory(term) }
            return nil
        case .value where tag.namespace == names.podcast && tag.localName == names.valueRecipient:
            if let recipient = valueRecipient(tag) { value?.recipients.append(recipient) }
            return .valueRecipient
        case .alternateEnclosure where tag.namespace == names.podcast && tag.localName == names.source:
            if let uri = PodcastValueText.attribute(tag.value(of: names.uri)) {
                alternateEnclosure?.sources.append(resolve(uri))
            }
            return .source
        case .mediaGroup, .mediaContent:
            guard names.isMedia(tag.namespace) else { return nil }
            if parent == .mediaContent && tag.localName == names.content { return nil }
            return startMedia(tag, resolve: resolve)
        default:
            return startNewerChild(tag, of: parent, resolve: resolve)
        }
    }

    // MARK: - Finishing elements

    /// Takes the text of an element ``start(_:scope:parent:resolve:)`` named, as it ends.
    mutating func finish(_ element: PodcastElement, text: String, scope: PodcastScope, resolve: (String) -> String) {
        // A live item's children fill episode fields, whatever scope the decoder holds them in.
        let scope = more.isInLiveItem && element != .liveItem ? PodcastScope.episode : scope
        // The fields every episode of a podcast has are read from the text's bytes, without making a trimmed copy.
        switch element {
        case .duration:
            episode.duration = PodcastValueText.duration(text)
            return
        case .explicit:
            guard let flag = PodcastValueText.explicit(text) else { return }
            if scope == .show { show.explicit = flag } else { episode.explicit = flag }
            return
        case .image, .valueRecipient, .transcript, .chapters, .source, .mediaThumbnail, .mediaPlayer:
            return
        default:
            break
        }
        let value = PodcastValueText.nonEmpty(text)
        switch element {
        case .author: show.author = value ?? show.author
        case .ownerName: owner.name = value
        case .ownerEmail: owner.email = value
        case .owner: if owner != PodcastOwner() { show.owner = owner }
        case .block, .podcastBlock:
            // `itunes:block` is on only when it says `yes` (feedparser reads `YES` and `true` as off).
            let flag = element == .block ? value == "yes" : value.flatMap(PodcastValueText.flag)
            guard let flag else { return }
            if scope == .show { show.block = flag } else { episode.block = flag }
        case .type: show.type = value?.lowercased()
        case .complete: show.complete = value.flatMap(PodcastValueText.flag)
        case .newFeedURL: show.newFeedURL = value.map(resolve)
        case .title: episode.title = value
        case .episode: episode.episode = value.flatMap(PodcastValueText.integer) ?? episode.episode
        case .season: episode.season = value.flatMap(PodcastValueText.integer) ?? episode.season
        case .podcastEpisode:
            if episode.episode == nil { episode.episode = value.flatMap(PodcastValueText.number).map { Int($0) } }
            episode.episodeDisplay = episodeDisplay
        case .podcastSeason:
            if episode.season == nil { episode.season = value.flatMap(PodcastValueText.integer) }
            episode.seasonName = seasonName
        case .episodeType: episode.episodeType = value?.lowercased()
        case .category: categoryParent = nil
        case .guid: show.guid = value
        case .locked: show.locked = value.flatMap(PodcastValueText.flag)
        case .funding: if let fundingURL { show.funding.append(PodcastFunding(url: fundingURL, title: value)) }
        case .medium: show.medium = value?.lowercased()
        case .updateFrequency: show.updateFrequency = value
        case .txt:
            guard let value else { return }
            let text = PodcastText(value: value, purpose: textPurpose)
            if scope == .show { show.texts.append(text) } else { episode.texts.append(text) }
        case .trailer:
            if var trailer {
                trailer.title = value
                show.trailers.append(trailer)
            }
        case .person:
            guard var person, let value else { return }
            person.name = value
            if scope == .show {
                show.persons.append(person)
            } else {
                episode.updateNewerFields { $0.persons.append(person) }
            }
        case .location:
            guard let value else { return }
            location.name = value
            if scope == .show {
                show.location = location
            } else {
                episode.updateNewerFields { [location] in $0.location = location }
            }
        case .license:
            guard let value else { return }
            let license = PodcastLicense(name: value, url: licenseURL)
            if scope == .show {
                show.license = license
            } else {
                episode.updateNewerFields { $0.license = license }
            }
        case .value:
            guard let value = self.value, !value.type.isEmpty else { return }
            if scope == .show { show.value = value } else { episode.updateNewerFields { $0.value = value } }
        case .soundbite:
            guard soundbite.start >= 0, soundbite.duration >= 0 else { return }
            soundbite.title = value
            episode.updateNewerFields { [soundbite] in $0.soundbites.append(soundbite) }
        case .alternateEnclosure:
            if let alternateEnclosure, !alternateEnclosure.type.isEmpty {
                episode.updateNewerFields { $0.alternateEnclosures.append(alternateEnclosure) }
            }
        case .mediaContent: openContent = nil
        case .mediaGroup: endMediaGroup()
        case .mediaTitle: updateMedia { $0.title = $0.title ?? value }
        case .mediaDescription: updateMedia { $0.description = $0.description ?? value }
        case .mediaKeywords:
            guard let value else { return }
            let keywords = value.split(separator: ",").compactMap { PodcastValueText.nonEmpty(String($0)) }
            updateMedia { $0.keywords += keywords }
        case .mediaCredit:
            guard let value else { return }
            var credit = self.credit
            credit.name = value
            updateMedia { $0.credits.append(credit) }
        case .duration, .explicit, .image, .valueRecipient, .transcript, .chapters, .source, .mediaThumbnail,
            .mediaPlayer:
            break
        default:
            finishNewerTag(element, value: value, scope: scope, resolve: resolve)
        }
    }

    // MARK: - Shared pieces

    private mutating func setImage(_ href: String, _ scope: PodcastScope) {
        switch scope {
        // An image taken from `podcast:image` gives way to `itunes:image`.
        case .show:
            if show.image == nil || more.showImageIsFallback {
                show.image = href
                more.showImageIsFallback = false
            }
        case .episode:
            hasEpisodeFields = true
            if episode.image == nil || more.episodeImageIsFallback {
                episode.image = href
                more.episodeImageIsFallback = false
            }
        }
    }

    /// `itunes:image href` of an RSS channel or item, which the RSS decoder reads itself.
    mutating func image(_ href: String, scope: PodcastScope) {
        setImage(href, scope)
    }

    /// A top-level `itunes:category` of the show: `Parent` until a nested one makes it `Parent/Child`.
    mutating func startCategory(_ term: String) {
        show.categories.append(term)
        categoryParent = term
        categoryParentReplaced = false
    }

    /// A nested `itunes:category` inside the open one.
    mutating func nestCategory(_ term: String) {
        guard let parent = categoryParent else { return }
        let path = parent + "/" + term
        if !categoryParentReplaced, show.categories.last == parent {
            show.categories[show.categories.count - 1] = path
            categoryParentReplaced = true
        } else {
            show.categories.append(path)
        }
    }

    /// The end of a top-level `itunes:category` the RSS decoder read.
    mutating func endCategory() {
        categoryParent = nil
    }
}
