@_spi(XMLEngine) import XMLStream
/// iTunes, Podcasting 2.0 and Media RSS elements in an Atom feed, handed to the ``PodcastReader``. Entry-level
/// ones stay in `extensions` as well, as every text-only foreign child of an entry does.
extension AtomDocumentDecoder {
    /// The role of an element the podcast reader reads directly inside the feed or an entry; `nil` otherwise.
    func podcastRole(_ tag: XMLStartTag, _ scope: AtomScope, keepsExtension: Bool) throws(StreamError) -> AtomRole? {
        guard let element = podcast.start(tag, scope: scope.podcastScope, parent: nil, resolve: resolve) else {
            return nil
        }
        // What an entry keeps is bounded: each element counts, whatever it holds.
        if scope == .entry { try countItemBytes(16 + tag.attributeCount * 16) }
        if keepsExtension { extensionHasChildren = false }
        beginText()
        return .podcast(element, scope, keepsExtension: keepsExtension)
    }

    /// The role of an element inside one the podcast reader reads (`itunes:owner`'s `itunes:name`, …).
    func podcastChildRole(_ tag: XMLStartTag, of parent: PodcastElement, _ scope: AtomScope) throws(StreamError)
        -> AtomRole
    {
        guard let element = podcast.start(tag, scope: scope.podcastScope, parent: parent, resolve: resolve) else {
            return .ignored
        }
        if scope == .entry { try countItemBytes(16 + tag.attributeCount * 16) }
        beginText()
        return .podcast(element, scope, keepsExtension: false)
    }

    func finishPodcast(
        _ element: PodcastElement, _ scope: AtomScope, keepsExtension: Bool, namespace: XMLName, localName: XMLName
    ) throws(StreamError) {
        let value = takeText()
        if keepsExtension && !extensionHasChildren {
            try appendExtension(namespace: namespace, localName: localName, value: value)
        } else if scope == .entry {
            try countItemBytes(value.utf8.count)
        }
        podcast.finish(element, text: value, scope: scope.podcastScope, resolve: resolve)
        if scope == .feed { feed.podcast = podcast.showInfo }
    }
}
