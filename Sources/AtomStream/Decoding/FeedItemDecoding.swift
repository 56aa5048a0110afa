#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

/// What the Atom and RSS decoders do alike with the state they share: an item (entry) in the making and the bytes it
/// keeps, `xml:base` resolution, text-only extension elements, and the podcast elements handed to the
/// ``PodcastReader``. Written once here; each decoder is a `final class`, so these are specialized for it and reach
/// its stored properties directly.
protocol FeedItemDecoding: AnyObject {
    /// What an open element means to the decoder: ``AtomRole``, ``RSSRole``.
    associatedtype Role: FeedElementRole
    var limits: StreamLimits { get }
    var documentBase: String? { get }
    var bases: [String] { get set }
    /// The `xml:base` each html or xhtml text construct was read in, for the sanitizer.
    var markupBases: MarkupBases { get set }
    var feed: AtomFeed { get set }
    var entry: AtomEntry { get set }
    var entryBytes: Int { get set }
    /// Bytes the feed's own podcast fields keep (show-level tags, live items, remote items, …), never reset: they
    /// accumulate in ``AtomFeed/podcast`` for the whole document, wherever they stand between the items.
    var feedBytes: Int { get set }
    var nameStrings: NameStrings { get set }
    var extensionHasChildren: Bool { get set }
    var podcast: PodcastReader { get set }
    /// One frame per open element.
    var frames: [ElementFrame<Role>] { get set }
    /// Entries completed since the last ``takeCompleted()``.
    var completed: CompletedItems<AtomEntry> { get set }
    /// The previous entry's array sizes, reserved in the next one: a feed's entries are alike.
    var entryShape: EntryShape { get set }
    /// The number of the current item, for the element path of errors and the identity of a repeated id.
    var entryCount: Int { get }
    /// The ids the document's items used so far, for ``AtomEntry/identity``.
    var documentIDs: DocumentEntryIDs { get set }
    /// What the format calls an item, for the item-size error: `item` (RSS), `entry` (Atom).
    static var itemNoun: String { get }
    /// The interned `base` and XML namespace names: `xml:base`.
    var xmlBase: (localName: XMLName, namespace: XMLName) { get }

    /// Whether `role` is the item's (entry's) own element.
    func isItem(_ role: Role) -> Bool
    /// Starts collecting the direct text of the element about to be pushed.
    func beginText()
    /// The collected text without surrounding white space; stops collecting.
    func takeText() -> String
}

extension FeedItemDecoding {
    /// The feed read so far, with its podcast fields. The reader keeps those apart until the feed is asked for:
    /// copying them into ``feed`` at each show-level element left the reader's lists shared, so every later append
    /// copied the whole list — quadratic in the number of show-level tags (80,000 `podcast:remoteItem` took 60 s).
    var feedSoFar: AtomFeed {
        var feed = self.feed
        feed.podcast = podcast.showInfo
        return feed
    }

    /// The path of open elements, the item's numbered (`rss/channel/item[3]/title`), for errors.
    var currentPath: String {
        XMLElementPath.make(depth: frames.count) { index in
            let frame = frames[index]
            if isItem(frame.role) { return frame.localName.string + "[\(entryCount)]" }
            return frame.localName.string
        }
    }

    /// Throws when the element about to open would nest deeper than the limit. Inlined, with the error made out of
    /// line: it runs for every element, and the call cost more than the test (callgrind, RSS benchmark: +0.6 M).
    @inline(__always)
    func checkDepth() throws(StreamError) {
        guard frames.count < limits.maximumDepth else { throw tooDeep() }
    }

    @inline(never)
    private func tooDeep() -> StreamError {
        StreamError(kind: .limitExceeded, message: "nesting deeper than \(limits.maximumDepth) elements")
    }

    /// Throws when the text collected for one value (`count` bytes) passes the limit. Inlined, with the error made
    /// out of line: it runs for every characters event.
    @inline(__always)
    func checkTextBytes(_ count: Int) throws(StreamError) {
        guard count <= limits.maximumTextBytes else { throw textTooLarge() }
    }

    @inline(never)
    private func textTooLarge() -> StreamError {
        StreamError(kind: .limitExceeded, message: "a text value is larger than \(limits.maximumTextBytes) bytes")
    }

    /// Moves the finished entry out rather than copying it: a copy retains every field only to release them again.
    /// The next entry, with room reserved, takes its place in the same move, so that starting it replaces nothing
    /// (building an empty one here and the reserved one when the next item starts destroyed an entry per item).
    func completeEntry() {
        entryShape.remember(entry)
        var finished = entryShape.makeEntry()
        swap(&finished, &entry)
        if podcast.hasEpisodeFields {
            podcast.takeEpisode(into: &finished)
        }
        documentIDs.note(&finished, position: entryCount)
        markupBases.completeEntry()
        completed.append(consume finished)
        entryBytes = 0
    }

    /// Hands over the entries completed so far.
    func takeCompleted() -> [AtomEntry] {
        completed.take()
    }

    /// The base against which references in the current element resolve.
    var currentBase: String? { bases.last ?? documentBase }

    /// Records an `xml:base` on `tag`, resolved against the enclosing base; returns whether it set one. The test
    /// for attributes is inlined: it runs for every element, most have none, and the call cost more than the test.
    @inline(__always)
    func pushBase(_ tag: XMLStartTag) -> Bool {
        tag.attributeCount > 0 && pushBaseAttribute(tag)
    }

    @inline(never)
    private func pushBaseAttribute(_ tag: XMLStartTag) -> Bool {
        guard let base = tag.string(of: xmlBase.localName, namespace: xmlBase.namespace) else { return false }
        bases.append(resolve(base))
        return true
    }

    /// Notes the `xml:base` in scope of a text construct that may hold markup, which the sanitizer resolves its
    /// references against; nothing when no `xml:base` applies (the document URL does). Inlined: it runs for every
    /// such field, and most feeds set no base.
    @inline(__always)
    func noteMarkupBase(_ field: MarkupBases.Field, scope: FeedScope) {
        guard let base = bases.last else { return }
        markupBases.record(field, base: base, scope: scope)
    }

    /// Resolves a reference against the current `xml:base` or document URL; absolute references stay as they are.
    func resolve(_ reference: String) -> String {
        URLResolution.resolve(reference, against: currentBase)
    }

    /// Counts bytes kept for the current item against the item limit. Inlined, with the error made out of line:
    /// it runs for every field of every item, and the call cost more than the sum (callgrind, RSS benchmark).
    @inline(__always)
    func countItemBytes(_ count: Int) throws(StreamError) {
        entryBytes += count
        guard entryBytes <= limits.maximumItemBytes else { throw itemTooLarge() }
    }

    @inline(never)
    private func itemTooLarge() -> StreamError {
        StreamError(
            kind: .limitExceeded,
            message: "an \(Self.itemNoun) holds more than \(limits.maximumItemBytes) bytes of text")
    }

    /// The end of a child of the item outside the format's namespaces: kept when it held only text.
    /// Counts bytes kept in the feed's podcast fields against the item limit: the feed's metadata is bounded as
    /// one item is, or a channel of endless `podcast:remoteItem` would grow without bound.
    func countFeedBytes(_ count: Int) throws(StreamError) {
        feedBytes += count
        guard feedBytes <= limits.maximumItemBytes else {
            throw StreamError(
                kind: .limitExceeded,
                message: "the feed's podcast fields hold more than \(limits.maximumItemBytes) bytes of text")
        }
    }

    /// The end of a child of the item outside the format's namespaces: kept when it held only text.
    func finishExtension(namespace: XMLName, localName: XMLName) throws(StreamError) {
        let value = takeText()
        guard !extensionHasChildren else { return }
        try appendExtension(namespace: namespace, localName: localName, value: value)
    }

    func appendExtension(namespace: XMLName, localName: XMLName, value: String) throws(StreamError) {
        try countItemBytes(value.utf8.count)
        let strings = nameStrings.strings(namespace: namespace, localName: localName)
        entry.extensions.append(
            AtomExtensionElement(namespace: strings.namespace, name: strings.localName, value: value))
    }

    // MARK: - Podcast elements

    /// Hands `tag` to the podcast reader (inside the reader's element `parent`, or directly inside the channel,
    /// item, feed or entry when `nil`) and starts collecting its text; `nil` when the reader does not read it there.
    /// `keepsExtension`: a text-only child of the item that `extensions` keeps as well.
    func startPodcastElement(
        _ tag: XMLStartTag, _ scope: PodcastScope, parent: PodcastElement?, keepsExtension: Bool
    ) throws(StreamError) -> PodcastElement? {
        guard let element = podcast.start(tag, scope: scope, parent: parent, resolve: resolve) else { return nil }
        // What an item keeps is bounded: each element counts, whatever it holds.
        let elementBytes = 16 + tag.attributeCount * 16
        if scope == .episode { try countItemBytes(elementBytes) } else { try countFeedBytes(elementBytes) }
        if keepsExtension { extensionHasChildren = false }
        beginText()
        return element
    }

    /// The role of an iTunes, Podcasting 2.0 or Media RSS element directly inside the feed (channel) or an item
    /// (entry); `nil` when the reader does not read it there. `keepsExtension`: an item-level one that was a
    /// text-only extension before stays in `extensions` as well, as every text-only foreign child of an item does.
    func podcastRole(_ tag: XMLStartTag, _ scope: FeedScope, keepsExtension: Bool) throws(StreamError) -> Role? {
        guard
            let element = try startPodcastElement(
                tag, scope.podcastScope, parent: nil, keepsExtension: keepsExtension)
        else { return nil }
        return .podcast(element, scope, keepsExtension: keepsExtension)
    }

    /// The role of an element inside one the podcast reader reads (`itunes:owner`'s `itunes:name`, …).
    func podcastChildRole(_ tag: XMLStartTag, of parent: PodcastElement, _ scope: FeedScope) throws(StreamError)
        -> Role
    {
        guard let element = try startPodcastElement(tag, scope.podcastScope, parent: parent, keepsExtension: false)
        else { return .ignored }
        return .podcast(element, scope, keepsExtension: false)
    }

    /// The end of an element ``startPodcastElement(_:_:parent:keepsExtension:)`` started: its text goes to the
    /// reader (and to `extensions` when it keeps one and held only text).
    func finishPodcastElement(
        _ element: PodcastElement, _ scope: PodcastScope, keepsExtension: Bool, namespace: XMLName, localName: XMLName
    ) throws(StreamError) {
        let value = takeText()
        if keepsExtension && !extensionHasChildren {
            try appendExtension(namespace: namespace, localName: localName, value: value)
        } else if scope == .episode {
            try countItemBytes(value.utf8.count)
        } else {
            try countFeedBytes(value.utf8.count)
        }
        podcast.finish(element, text: value, scope: scope, resolve: resolve)
    }
}
