@_spi(XMLEngine) import XMLStream
/// iTunes, Podcasting 2.0 and Media RSS elements, handed to the ``PodcastReader`` (see ``FeedItemDecoding``).
/// Item-level ones that were text-only extensions before stay in `extensions` as well.
extension RSSDocumentDecoder {
    /// The role of an element the podcast reader reads directly inside the channel or an item; `nil` otherwise.
    func podcastRole(_ tag: XMLStartTag, _ scope: RSSScope, keepsExtension: Bool) throws(StreamError) -> RSSRole? {
        guard
            let element = try startPodcastElement(
                tag, scope.podcastScope, parent: nil, keepsExtension: keepsExtension)
        else { return nil }
        return .podcast(element, scope, keepsExtension: keepsExtension)
    }

    /// The role of an element inside one the podcast reader reads (`itunes:owner`'s `itunes:name`, …).
    func podcastChildRole(_ tag: XMLStartTag, of parent: PodcastElement, _ scope: RSSScope) throws(StreamError)
        -> RSSRole
    {
        guard let element = try startPodcastElement(tag, scope.podcastScope, parent: parent, keepsExtension: false)
        else { return .ignored }
        return .podcast(element, scope, keepsExtension: false)
    }
}
