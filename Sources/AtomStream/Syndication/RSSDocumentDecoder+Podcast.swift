@_spi(XMLEngine) import XMLStream
/// iTunes, Podcasting 2.0 and Media RSS elements, handed to the ``PodcastReader``. Item-level ones that were
/// text-only extensions before stay in `extensions` as well.
extension RSSDocumentDecoder {
    /// The role of an element the podcast reader reads directly inside the channel or an item; `nil` otherwise.
    func podcastRole(_ tag: XMLStartTag, _ scope: RSSScope, keepsExtension: Bool) throws(StreamError) -> RSSRole? {
        guard let element = podcast.start(tag, scope: scope.podcastScope, parent: nil, resolve: resolve) else {
            return nil
        }
        // What an item keeps is bounded: each element counts, whatever it holds.
        if scope == .item { try countItemBytes(16 + tag.attributeCount * 16) }
        if keepsExtension { extensionHasChildren = false }
        beginText(markup: false)
        return .podcast(element, scope, keepsExtension: keepsExtension)
    }

    /// The role of an element inside one the podcast reader reads (`itunes:owner`'s `itunes:name`, …).
    func podcastChildRole(_ tag: XMLStartTag, of parent: PodcastElement, _ scope: RSSScope) throws(StreamError)
        -> RSSRole
    {
        guard let element = podcast.start(tag, scope: scope.podcastScope, parent: parent, resolve: resolve) else {
            return .ignored
        }
        if scope == .item { try countItemBytes(16 + tag.attributeCount * 16) }
        beginText(markup: false)
        return .podcast(element, scope, keepsExtension: false)
    }

    func finishPodcast(
        _ element: PodcastElement, _ scope: RSSScope, keepsExtension: Bool, namespace: XMLName, localName: XMLName
    ) throws(StreamError) {
        let value = takeText()
        if keepsExtension && !extensionHasChildren {
            try appendExtension(namespace: namespace, localName: localName, value: value)
        } else if scope == .item {
            try countItemBytes(value.utf8.count)
        }
        podcast.finish(element, text: value, scope: scope.podcastScope, resolve: resolve)
        if scope == .channel { feed.podcast = podcast.showInfo }
    }
}
