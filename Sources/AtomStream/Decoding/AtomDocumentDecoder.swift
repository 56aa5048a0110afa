#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

/// Turns SAX events into `AtomEntry` values and `AtomFeed` metadata, without a DOM.
///
/// A stack of frames, one per open element, records what each element means (``AtomRole``); an entry's title
/// is only ever taken from a `title` whose parent frame is that entry, so a feed's, a `source`'s or an
/// extension's title cannot leak into it. Character data goes into one reused byte buffer and becomes a
/// `String` once, when the field closes.
final class AtomDocumentDecoder: XMLEventHandler, FeedItemDecoding {
    typealias Role = AtomRole
    static let itemNoun = "entry"
    var xmlBase: (localName: XMLName, namespace: XMLName) { (names.base, names.xml) }

    let names: AtomNames
    let limits: StreamLimits
    /// The document's own URL, against which relative references resolve when no `xml:base` applies.
    let documentBase: String?

    var feed = AtomFeed()
    // Kept by measurement: removing the unchecked exclusivity of the Atom and RSS decoders costs --child atom +23.8
    // %, rss-raw +23.1 % (callgrind net of start-up; BENCHMARKS.md, "What unchecked exclusivity buys").
    @exclusivity(unchecked) var completed = CompletedItems<AtomEntry>()

    // The per-event state is exempt from dynamic exclusivity checks: it is only touched from the SAX callbacks
    // of one parse call, never re-entrantly, and the checks cost more than the rest of a characters event.
    @exclusivity(unchecked) var frames: [AtomFrame] = []
    @exclusivity(unchecked) var bases: [String] = []
    @exclusivity(unchecked) var markupBases = MarkupBases()
    @exclusivity(unchecked) var entry = AtomEntry()
    /// The previous entry's array sizes, reserved in the next one: a feed's entries are alike.
    @exclusivity(unchecked) var entryShape = EntryShape()
    var entryCount = 0
    @exclusivity(unchecked) var documentIDs = DocumentEntryIDs()
    private(set) var hasSeenRoot = false
    var entryBytes = 0
    var feedBytes = 0
    @exclusivity(unchecked) var person = AtomPerson()
    var textType = AtomText.Kind.text
    var contentType = "text"
    var contentSource: String?
    var generator: (uri: String?, version: String?) = (nil, nil)
    @exclusivity(unchecked) var recentStrings = RecentStrings()
    @exclusivity(unchecked) var nameStrings = NameStrings()
    var serviceError: (code: String?, message: String?) = (nil, nil)
    var extensionHasChildren = false
    /// The typed iTunes, Podcasting 2.0 and Media RSS fields.
    @exclusivity(unchecked) var podcast: PodcastReader

    /// Collected character data and the mode it is collected in.
    @exclusivity(unchecked) var text = ByteAccumulator()
    @exclusivity(unchecked) var capture = TextCapture.off
    /// Writes the elements of XHTML content (and XML media types) back out as markup.
    var markup: MarkupSerializer
    /// Whether the markup being collected has a wrapper `div` to leave out. Decided when the field starts: the
    /// previous text construct's or entry's type must not decide it.
    var markupIsWrapped = false
    var wrapperClosed = false

    /// Whether to repair what libxml2's recover mode lets through (see `AtomDocumentDecoder+Recovery.swift`).
    let recovers: Bool

    init(
        names: AtomNames, podcastNames: PodcastNames, limits: StreamLimits, documentBase: String?,
        recovers: Bool = false
    ) {
        self.names = names
        podcast = PodcastReader(names: podcastNames)
        self.limits = limits
        self.documentBase = documentBase
        self.recovers = recovers
        markup = MarkupSerializer(
            voidElements: names.voidElements,
            namespaceDeclarations: .kept(implied: names.xhtml, foreign: [names.svg, names.mathML]),
            voidElementsArePrefixless: false)
        if names.isAtom03 { feed.format = "atom0.3" }
    }

    /// Carries the decoder out of the engine's handler factory, typed.
    final class Box {
        var value: AtomDocumentDecoder?
    }

    func isItem(_ role: AtomRole) -> Bool {
        if case .entry = role { true } else { false }
    }

    // MARK: - Events

    func startElement(_ tag: XMLStartTag) throws(StreamError) {
        try checkDepth()
        if recovers, try recoverNestedEntry(tag) { return }
        guard let parent = frames.last?.role else {
            hasSeenRoot = true
            frames.append(AtomFrame(role: try rootRole(for: tag), localName: tag.localName, setsBase: pushBase(tag)))
            return
        }
        switch parent {
        case .ignored, .simple, .personField, .serviceErrorField:
            frames.append(AtomFrame(role: .ignored, localName: tag.localName, setsBase: false))
        case .markup, .markupWrapper:
            frames.append(AtomFrame(role: startMarkup(tag), localName: tag.localName, setsBase: false))
        case .text, .content:
            if case .markup = capture {
                frames.append(AtomFrame(role: startMarkup(tag), localName: tag.localName, setsBase: false))
            } else {
                frames.append(AtomFrame(role: .ignored, localName: tag.localName, setsBase: false))
            }
        case .extensionElement:
            extensionHasChildren = true
            frames.append(AtomFrame(role: .ignored, localName: tag.localName, setsBase: false))
        case .podcast(let element, let scope, _):
            extensionHasChildren = true
            let role = try podcastChildRole(tag, of: element, scope)
            frames.append(AtomFrame(role: role, localName: tag.localName, setsBase: false))
        case .feed:
            let setsBase = pushBase(tag)
            frames.append(AtomFrame(role: try feedChildRole(for: tag), localName: tag.localName, setsBase: setsBase))
        case .entry:
            let setsBase = pushBase(tag)
            frames.append(AtomFrame(role: try entryChildRole(for: tag), localName: tag.localName, setsBase: setsBase))
        case .person:
            let role: AtomRole
            if tag.namespace == names.atom {
                switch tag.localName {
                case names.name: role = .personField(.name)
                case names.email: role = .personField(.email)
                case names.uri, names.personURL, names.homepage: role = .personField(.uri)
                default: role = .ignored
                }
            } else if tag.namespace == names.snx && tag.localName == names.userid {
                role = .personField(.userID)
            } else {
                role = .ignored
            }
            let setsBase = pushBase(tag)
            if case .personField = role { beginText() }
            frames.append(AtomFrame(role: role, localName: tag.localName, setsBase: setsBase))
        case .serviceError(let namespace):
            let role: AtomRole
            switch tag.localName {
            case _ where tag.namespace != namespace: role = .ignored
            case names.code, names.errorCode: role = .serviceErrorField(.code)
            case names.message, names.errorMessage: role = .serviceErrorField(.message)
            default: role = .ignored
            }
            if case .serviceErrorField = role { beginText() }
            frames.append(AtomFrame(role: role, localName: tag.localName, setsBase: false))
        }
    }

    func endElement(localName: XMLName, prefix: XMLName, namespace: XMLName) throws(StreamError) {
        guard let frame = frames.popLast() else { return }
        defer { if frame.setsBase { bases.removeLast() } }
        switch frame.role {
        case .ignored:
            return
        case .markup:
            endMarkup(localName: localName, prefix: prefix)
        case .markupWrapper:
            wrapperClosed = true
        case .text(let field, let scope):
            try finishText(field, scope: scope)
        case .content:
            try finishContent()
        case .simple(let field, let scope):
            try finishSimple(field, scope: scope)
        case .personField(let field):
            try finishPersonField(field)
        case .person(let role, let scope):
            finishPerson(role, scope: scope)
        case .extensionElement(let namespace, let localName):
            try finishExtension(namespace: namespace, localName: localName)
        case .podcast(let element, let scope, let keepsExtension):
            try finishPodcastElement(
                element, scope.podcastScope, keepsExtension: keepsExtension, namespace: namespace,
                localName: localName)
        case .entry:
            // RFC 4287 §4.2.1: an entry without authors has the feed's. Streaming returns each entry as it closes,
            // so only the authors read before it apply; a feed that lists them after its entries gives them to none.
            if entry.authors.isEmpty && !feed.authors.isEmpty { entry.authors = feed.authors }
            completeEntry()
        case .feed:
            return
        case .serviceErrorField(let field):
            let value = takeText()
            switch field {
            case .code: serviceError.code = value
            case .message: serviceError.message = value
            }
        case .serviceError:
            // Some services send `<code></code>`: an empty field is no field.
            throw StreamError(
                service: "IBM Connections error", code: serviceError.code, message: serviceError.message)
        }
    }

    func characters(_ bytes: UnsafeRawBufferPointer) throws(StreamError) {
        switch capture {
        case .off:
            return
        case .text(let depth):
            guard frames.count == depth else { return }
            text.append(bytes)
        case .markup:
            guard !wrapperClosed else { return }
            appendEscaped(bytes, attribute: false)
        }
        try checkTextBytes(text.count)
    }

    // MARK: - Roles

    private func rootRole(for tag: XMLStartTag) throws(StreamError) -> AtomRole {
        if tag.namespace == names.atom && tag.localName == names.feed {
            return .feed
        }
        if tag.namespace == names.atom && tag.localName == names.entry {
            beginEntry()
            return .entry
        }
        if tag.localName == names.error && names.isServiceError(tag.namespace) {
            return .serviceError(namespace: tag.namespace)
        }
        if tag.namespace == names.atomPub {
            // AtomPub service and category documents describe collections; they hold no entries.
            feed.format = "atompub"
            return .ignored
        }
        let namespace = tag.namespace.isNone ? "no namespace" : "namespace \(tag.namespace.string)"
        throw StreamError(
            kind: .unexpectedDocument,
            message: "the root element <\(tag.localName.string)> in \(namespace) is not an Atom feed or entry")
    }

    private func feedChildRole(for tag: XMLStartTag) throws(StreamError) -> AtomRole {
        if tag.namespace == names.atom {
            switch tag.localName {
            case names.entry:
                beginEntry()
                return .entry
            case names.title: return beginTextConstruct(.title, .feed, tag)
            case names.subtitle, names.tagline: return beginTextConstruct(.subtitle, .feed, tag)
            case names.rights, names.copyright: return beginTextConstruct(.rights, .feed, tag)
            case names.id: return beginSimple(.id, .feed)
            case names.updated, names.modified: return beginSimple(.updated, .feed)
            case names.icon: return beginSimple(.icon, .feed)
            case names.logo: return beginSimple(.logo, .feed)
            case names.generator:
                generator = (tag.string(of: names.uri).map(resolve), tag.string(of: names.version))
                return beginSimple(.generator, .feed)
            case names.author: return beginPerson(.author, .feed)
            case names.link:
                addLink(tag, scope: .feed)
                return .ignored
            case names.category:
                if let category = category(tag) { feed.categories.append(category) }
                return .ignored
            default:
                return .ignored
            }
        }
        if names.isOpenSearch(tag.namespace) {
            switch tag.localName {
            case names.totalResults: return beginSimple(.totalResults, .feed)
            case names.startIndex: return beginSimple(.startIndex, .feed)
            case names.itemsPerPage: return beginSimple(.itemsPerPage, .feed)
            default: return .ignored
            }
        }
        if tag.namespace == names.feedHistory && tag.localName == names.complete {
            feed.complete = true
        }
        if podcast.reads(tag.namespace) { return try podcastRole(tag, .feed, keepsExtension: false) ?? .ignored }
        return .ignored
    }

    private func entryChildRole(for tag: XMLStartTag) throws(StreamError) -> AtomRole {
        if tag.namespace == names.atom {
            switch tag.localName {
            case names.title: return beginTextConstruct(.title, .item, tag)
            case names.summary: return beginTextConstruct(.summary, .item, tag)
            case names.rights, names.copyright: return beginTextConstruct(.rights, .item, tag)
            case names.content: return beginContent(tag)
            case names.id: return beginSimple(.id, .item)
            case names.published, names.issued: return beginSimple(.published, .item)
            case names.updated, names.modified: return beginSimple(.updated, .item)
            // Atom 0.3's `created` is the closest it has to a publication date when `issued` is absent.
            case names.created: return beginSimple(.published, .item)
            case names.author: return beginPerson(.author, .item)
            case names.contributor: return beginPerson(.contributor, .item)
            case names.link:
                addLink(tag, scope: .item)
                return .ignored
            case names.category:
                if let category = category(tag) {
                    entry.categories.append(category)
                    try countItemBytes(category.term.utf8.count + (category.scheme?.utf8.count ?? 0))
                }
                return .ignored
            default:
                return .ignored
            }
        }
        if tag.namespace == names.thread && tag.localName == names.inReplyTo {
            if let ref = tag.string(of: names.ref) {
                entry.inReplyTo.append(AtomReplyReference(ref: ref, href: tag.string(of: names.href).map(resolve)))
            }
            return .ignored
        }
        if podcast.reads(tag.namespace), let role = try podcastRole(tag, .item, keepsExtension: true) { return role }
        extensionHasChildren = false
        beginText()
        return .extensionElement(namespace: tag.namespace, localName: tag.localName)
    }

    func beginEntry() {
        assert(entry == AtomEntry(), "the previous entry was not completed")
        entryBytes = 0
        entryCount += 1
    }
}
