#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

/// Turns the SAX events of an RSS 0.9x, 1.0 or 2.0 document into `AtomEntry` values and `AtomFeed` metadata,
/// without a DOM.
///
/// As in the Atom decoder, a stack of frames records what each open element means (``RSSRole``), so a field is
/// only taken from an element whose parent is the item (or the channel): an item's title is never the channel's,
/// the `image`'s or the `textInput`'s. RSS 1.0's items are siblings of the channel and are handled the same way.
/// Character data goes into one reused byte buffer and becomes a `String` once, when the field closes.
final class RSSDocumentDecoder: XMLEventHandler, FeedItemDecoding {
    typealias Role = RSSRole
    static let itemNoun = "item"
    var xmlBase: (localName: XMLName, namespace: XMLName) { (names.base, names.xml) }

    let names: RSSNames
    let limits: StreamLimits
    /// The document's own URL, against which relative references resolve when no `xml:base` applies.
    let documentBase: String?

    // Kept by measurement: removing the unchecked exclusivity of the Atom and RSS decoders costs --child atom +23.8
    // %, rss-raw +23.1 % (callgrind net of start-up; BENCHMARKS.md, "What unchecked exclusivity buys").
    @exclusivity(unchecked) var feed: AtomFeed
    @exclusivity(unchecked) var completed = CompletedItems<AtomEntry>()

    @exclusivity(unchecked) var frames: [RSSFrame] = []
    @exclusivity(unchecked) var bases: [String] = []
    @exclusivity(unchecked) var markupBases = MarkupBases()
    @exclusivity(unchecked) var entry = AtomEntry()
    /// Names that matched no RSS element in any case: the unknown elements a feed repeats in every item.
    @exclusivity(unchecked) private var unfoldable = (XMLName.none, XMLName.none, XMLName.none, XMLName.none)
    @exclusivity(unchecked) private var unfoldableNext = 0
    var entryCount = 0
    @exclusivity(unchecked) var documentIDs = DocumentEntryIDs()
    private(set) var hasSeenRoot = false
    @exclusivity(unchecked) var entryBytes = 0
    var feedBytes = 0
    @exclusivity(unchecked) var entryShape = EntryShape()

    /// Collected character data, and the depth of the field it belongs to (0: not collecting).
    @exclusivity(unchecked) var text = ByteAccumulator()
    @exclusivity(unchecked) var captureDepth = 0
    /// Whether elements below the field are re-serialized as markup (HTML fields only).
    @exclusivity(unchecked) var captureMarkup = false
    /// Writes the elements found inside HTML fields back out as HTML.
    @exclusivity(unchecked) var markup: MarkupSerializer

    /// Item state kept aside until the field or the item closes.
    var guidIsPermaLink = true
    var guidValue: String?
    var about: String?
    var categoryScheme: String?
    /// Whether the channel's `updated` came from a modification date, which a later `pubDate` must not replace.
    var feedUpdatedIsModification = false
    @exclusivity(unchecked) var extensionHasChildren = false
    @exclusivity(unchecked) var nameStrings = NameStrings()
    @exclusivity(unchecked) var recentStrings = RecentStrings()
    /// The day and month order of the document's numeric dates (`01/10/2020`), settled by its language and dates.
    var dayMonthOrder = DayMonthOrder()
    /// The typed iTunes, Podcasting 2.0 and Media RSS fields.
    @exclusivity(unchecked) var podcast: PodcastReader

    init(names: RSSNames, podcastNames: PodcastNames, limits: StreamLimits, documentBase: String?) {
        self.names = names
        podcast = PodcastReader(names: podcastNames)
        self.limits = limits
        self.documentBase = documentBase
        markup = MarkupSerializer(
            voidElements: names.voidElements, namespaceDeclarations: .omitted, voidElementsArePrefixless: true)
        feed = AtomFeed(format: "rss")
    }

    func isItem(_ role: RSSRole) -> Bool {
        if case .item = role { true } else { false }
    }

    // MARK: - Events

    func startElement(_ tag: XMLStartTag) throws(StreamError) {
        try checkDepth()
        guard let parent = frames.last?.role else {
            hasSeenRoot = true
            startRoot(tag)
            frames.append(RSSFrame(role: .root, localName: tag.localName, setsBase: pushBase(tag)))
            return
        }
        let role: RSSRole
        switch parent {
        case .ignored, .extensionElement:
            if case .extensionElement = parent { extensionHasChildren = true }
            frames.append(RSSFrame(role: .ignored, localName: tag.localName, setsBase: false))
            return
        case .field, .markup:
            if captureMarkup {
                startMarkup(tag)
                role = .markup
            } else {
                role = .ignored
            }
            frames.append(RSSFrame(role: role, localName: tag.localName, setsBase: false))
            return
        case .root: role = rootChildRole(tag)
        case .channel: role = try channelChildRole(tag)
        case .item: role = try itemChildRole(tag)
        case .mediaGroup:
            if let media = try mediaChildRole(tag) {
                role = media
            } else {
                role = try podcastRole(tag, .item, keepsExtension: false) ?? .ignored
            }
        case .itunesCategory(let scope): role = itunesChildRole(tag, scope, nested: true) ?? .ignored
        case .podcast(let element, let scope, _):
            extensionHasChildren = true
            role = try podcastChildRole(tag, of: element, scope)
        case .image:
            role = names.isRSS(tag.namespace) && tag.localName == names.url ? beginField(.logo, .feed) : .ignored
        case .skipList:
            role = skipListChildRole(tag)
        }
        let setsBase = pushBase(tag)
        frames.append(RSSFrame(role: role, localName: tag.localName, setsBase: setsBase))
    }

    func endElement(localName: XMLName, prefix: XMLName, namespace: XMLName) throws(StreamError) {
        guard let frame = frames.popLast() else { return }
        defer { if frame.setsBase { bases.removeLast() } }
        switch frame.role {
        case .ignored, .root, .channel, .image, .skipList:
            return
        case .mediaGroup:
            podcast.endMediaGroup()
        case .itunesCategory(let scope):
            if scope == .feed, case .itunesCategory = frames.last?.role {} else { podcast.endCategory() }
        case .podcast(let element, let scope, let keepsExtension):
            try finishPodcastElement(
                element, scope.podcastScope, keepsExtension: keepsExtension, namespace: namespace,
                localName: localName)
        case .markup:
            endMarkup(localName: localName, prefix: prefix)
        case .field(let field, let scope):
            try finishField(field, scope: scope)
        case .extensionElement(let namespace, let localName):
            try finishExtension(namespace: namespace, localName: localName)
        case .item:
            completeItem()
        }
    }

    func characters(_ bytes: UnsafeRawBufferPointer) throws(StreamError) {
        guard captureDepth != 0 else { return }
        if frames.count == captureDepth {
            text.append(bytes)
        } else if captureMarkup, frames.count > captureDepth {
            appendEscaped(bytes, attribute: false)
        } else {
            return
        }
        try checkTextBytes(text.count)
    }

    // MARK: - Roles

    /// Names the format from the root: `rss` and its `version`, or `rdf:RDF` and the RSS namespace it declares.
    private func startRoot(_ tag: XMLStartTag) {
        if tag.localName == names.rss {
            feed.format = Self.format(rssVersion: tag.string(of: names.version))
            return
        }
        feed.format = "rss1.0"
        for index in 0..<tag.namespaceCount where tag.namespaceDeclaration(at: index).uri == names.rss090 {
            feed.format = "rss0.90"
        }
    }

    /// `rss0.91`, `rss0.92`, `rss0.93`, `rss0.94` or `rss2.0` from the `version` attribute; `rss` when it is
    /// missing or unknown.
    static func format(rssVersion: String?) -> String {
        guard let version = rssVersion?.trimmingSpacesAndTabs() else { return "rss" }
        switch version {
        case "0.91", "0.92", "0.93", "0.94": return "rss" + version
        case _ where version.hasPrefix("2."): return "rss2.0"
        default: return "rss"
        }
    }

    private func rootChildRole(_ tag: XMLStartTag) -> RSSRole {
        guard names.isRSS(tag.namespace) else { return .ignored }
        switch tag.localName {
        case names.channel:
            if tag.namespace == names.rss090 { feed.format = "rss0.90" }
            return .channel
        case names.item:
            beginItem(tag)
            return .item
        case names.image: return .image
        default:
            if let name = caseFolded(tag.localName) { return rootChildRole(tag.renamed(name)) }
            return .ignored
        }
    }

    private func channelChildRole(_ tag: XMLStartTag) throws(StreamError) -> RSSRole {
        let namespace = tag.namespace
        if names.isRSS(namespace) {
            switch tag.localName {
            case names.item:
                beginItem(tag)
                return .item
            case names.title: return beginField(.title, .feed)
            case names.link: return beginField(.link, .feed)
            case names.description: return beginField(.description, .feed)
            case names.copyright: return beginField(.rights, .feed)
            case names.managingEditor, names.author: return beginField(.author, .feed)
            case names.pubDate: return beginField(.published, .feed)
            case names.lastBuildDate: return beginField(.updated, .feed)
            case names.generator: return beginField(.generator, .feed)
            case names.language: return beginField(.language, .feed)
            case names.category: return beginCategory(tag, .feed)
            case names.image: return .image
            case names.ttl: return beginField(.ttl, .feed)
            case names.skipHours, names.skipDays: return .skipList
            default:
                if let name = caseFolded(tag.localName) { return try channelChildRole(tag.renamed(name)) }
                return .ignored
            }
        }
        if namespace == names.dc || namespace == names.dcterms || namespace == names.atom {
            return moduleFieldRole(tag, .feed) ?? .ignored
        }
        if names.isITunes(namespace) {
            if tag.localName == names.image, let href = tag.string(of: names.href) {
                if feed.logo == nil { feed.logo = resolve(href) }
                if !href.isEmpty { podcast.image(resolve(href), scope: .show) }
                return .ignored
            }
            if let role = itunesChildRole(tag, .feed, nested: false) { return role }
            return try podcastRole(tag, .feed, keepsExtension: false) ?? .ignored
        }
        if namespace == podcast.names.podcast {
            return try podcastRole(tag, .feed, keepsExtension: false) ?? .ignored
        }
        if namespace == names.sy { return syndicationRole(tag) }
        return .ignored
    }

    /// iTunes' categories (`text` attribute, nested for subcategories, scheme `http://www.itunes.com/`) and its
    /// summary and subtitle; `nil` for the other iTunes elements.
    private func itunesChildRole(_ tag: XMLStartTag, _ scope: FeedScope, nested: Bool) -> RSSRole? {
        guard names.isITunes(tag.namespace) else { return nil }
        switch tag.localName {
        case names.category:
            if let term = tag.string(of: names.text), !term.isEmpty {
                let category = AtomCategory(term: term, scheme: "http://www.itunes.com/")
                switch scope {
                case .feed:
                    feed.categories.append(category)
                    if let term = PodcastValueText.nonEmpty(term) {
                        if nested { podcast.nestCategory(term) } else { podcast.startCategory(term) }
                    }
                case .item: entry.categories.append(category)
                }
            }
            return .itunesCategory(scope)
        case names.summary, names.subtitle:
            return beginField(.fallbackSummary, scope)
        default:
            return nil
        }
    }

    private func itemChildRole(_ tag: XMLStartTag) throws(StreamError) -> RSSRole {
        let namespace = tag.namespace
        if names.isRSS(namespace) {
            switch tag.localName {
            case names.title: return beginField(.title, .item)
            case names.link: return beginField(.link, .item)
            case names.description: return beginField(.description, .item)
            case names.guid:
                guidIsPermaLink = !(tag.value(of: names.isPermaLink).map(Self.isFalse) ?? false)
                return beginField(.guid, .item)
            case names.pubDate: return beginField(.published, .item)
            case names.author: return beginField(.author, .item)
            case names.category: return beginCategory(tag, .item)
            case names.enclosure:
                try addEnclosure(tag)
                return .ignored
            default:
                if let name = caseFolded(tag.localName) { return try itemChildRole(tag.renamed(name)) }
            }
        } else if namespace == names.content && tag.localName == names.encoded {
            return beginField(.content, .item)
        } else if namespace == names.dc || namespace == names.dcterms || namespace == names.atom {
            if let role = moduleFieldRole(tag, .item) { return role }
        } else if names.isMedia(namespace) {
            if tag.localName == names.group {
                podcast.beginMediaGroup()
                return .mediaGroup
            }
            if let role = try mediaChildRole(tag) { return role }
            if let role = try podcastRole(tag, .item, keepsExtension: true) { return role }
        } else if names.isITunes(namespace) {
            if tag.localName == names.image {
                if let href = tag.string(of: names.href) {
                    try appendExtension(namespace: namespace, localName: tag.localName, value: resolve(href))
                    if !href.isEmpty { podcast.image(resolve(href), scope: .episode) }
                } else if let url = PodcastValueText.attribute(tag.value(of: names.url)) {
                    podcast.image(resolve(url), scope: .episode)
                }
                return .ignored
            }
            if let role = itunesChildRole(tag, .item, nested: false) { return role }
            if let role = try podcastRole(tag, .item, keepsExtension: true) { return role }
        } else if namespace == podcast.names.podcast {
            if let role = try podcastRole(tag, .item, keepsExtension: true) { return role }
        }
        extensionHasChildren = false
        beginText(markup: false)
        return .extensionElement(namespace: namespace, localName: tag.localName)
    }

    /// Dublin Core, DC terms and Atom elements inside RSS; `nil` for the ones no field holds.
    private func moduleFieldRole(_ tag: XMLStartTag, _ scope: FeedScope) -> RSSRole? {
        switch (tag.namespace, tag.localName) {
        case (names.dc, names.title): return beginField(.title, scope)
        case (names.dc, names.description): return beginField(.description, scope)
        case (names.dc, names.creator), (names.dc, names.author): return beginField(.author, scope)
        case (names.dc, names.contributor): return beginField(.contributor, scope)
        case (names.dc, names.date), (names.dcterms, names.modified), (names.atom, names.updated):
            return beginField(.updated, scope)
        case (names.dcterms, names.issued), (names.dcterms, names.created), (names.atom, names.published):
            return beginField(.published, scope)
        case (names.dc, names.subject):
            categoryScheme = nil
            return beginField(.category, scope)
        case (names.dc, names.rights): return beginField(.rights, scope)
        case (names.dc, names.language): return beginField(.language, scope)
        case (names.atom, names.id): return beginField(.id, scope)
        case (names.atom, names.link):
            addAtomLink(tag, scope)
            return .ignored
        default: return nil
        }
    }

    /// `media:content` (an enclosure link) and `media:thumbnail` (an extension holding its URL); `nil` for any
    /// other Media RSS element.
    private func mediaChildRole(_ tag: XMLStartTag) throws(StreamError) -> RSSRole? {
        guard names.isMedia(tag.namespace) else { return nil }
        switch tag.localName {
        case names.mediaContent:
            try addMediaContent(tag)
            return try podcastRole(tag, .item, keepsExtension: false) ?? .ignored
        case names.thumbnail:
            // One string for `extensions` (the URL as written) and the typed thumbnail (the URL trimmed), unless
            // trimming changes it. A thumbnail has no text: nothing to collect until it ends.
            guard let bytes = tag.value(of: names.url) else { return .ignored }
            let url = resolve(String(decoding: bytes, as: UTF8.self))
            try appendExtension(namespace: tag.namespace, localName: tag.localName, value: url)
            if PodcastValueText.isTrimmed(bytes) {
                podcast.addThumbnail(tag, url: url)
            } else if let trimmed = PodcastValueText.attribute(bytes) {
                podcast.addThumbnail(tag, url: resolve(trimmed))
            }
            try countItemBytes(16 + tag.attributeCount * 16)
            return .ignored
        default:
            return nil
        }
    }

    // MARK: - Items

    /// `entry` is already empty: the previous item's completion left one with room reserved in its place.
    private func beginItem(_ tag: XMLStartTag) {
        entryBytes = 0
        entryCount += 1
        guidIsPermaLink = true
        guidValue = nil
        about = tag.string(of: names.about, namespace: names.rdf)
    }

    /// ``RSSNames/caseFolded(_:)``, remembering the last few names it had no answer for.
    private func caseFolded(_ name: XMLName) -> XMLName? {
        if name == unfoldable.0 || name == unfoldable.1 || name == unfoldable.2 || name == unfoldable.3 { return nil }
        if let folded = names.caseFolded(name) { return folded }
        switch unfoldableNext {
        case 0: unfoldable.0 = name
        case 1: unfoldable.1 = name
        case 2: unfoldable.2 = name
        default: unfoldable.3 = name
        }
        unfoldableNext = (unfoldableNext + 1) & 3
        return nil
    }

    /// Completes the item: RSS 1.0's `rdf:about` stands in for a missing `guid`, and a permalink `guid` for a
    /// missing `link`, as feed readers do.
    func completeItem() {
        if entry.id == nil, let about { entry.id = about }
        // RSS 2.0: a `guid` without `isPermaLink="false"` is the item's permalink, whatever it looks like;
        // feedparser reads it so, and a relative one resolves against the feed's base like any link.
        if let guidValue, guidIsPermaLink, !guidValue.isEmpty, !entry.links.contains(where: { $0.rel == "alternate" })
        {
            entry.links.append(AtomLink(href: resolve(guidValue)))
        }
        completeEntry()
    }

    static func isFalse(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var (start, end) = (0, bytes.count)
        while start < end, AtomDocumentDecoder.isSpace(bytes[start]) { start += 1 }
        while end > start, AtomDocumentDecoder.isSpace(bytes[end - 1]) { end -= 1 }
        return AtomDocumentDecoder.equalsIgnoringCase(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), "false")
    }
}
