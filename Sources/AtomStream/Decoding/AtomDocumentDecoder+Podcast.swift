@_spi(XMLEngine) import XMLStream
/// iTunes, Podcasting 2.0 and Media RSS elements in an Atom feed, handed to the ``PodcastReader`` (see
/// ``FeedItemDecoding``). Entry-level ones stay in `extensions` as well, as every text-only foreign child of an entry
/// does.
extension AtomDocumentDecoder {
    /// The role of an element the podcast reader reads directly inside the feed or an entry; `nil` otherwise.
    func podcastRole(_ tag: XMLStartTag, _ scope: AtomScope, keepsExtension: Bool) throws(StreamError) -> AtomRole? {
        guard
            let element = try startPodcastElement(
                tag, scope.podcastScope, parent: nil, keepsExtension: keepsExtension)
        else { return nil }
        return .podcast(element, scope, keepsExtension: keepsExtension)
    }

    /// The role of an element inside one the podcast reader reads (`itunes:owner`'s `itunes:name`, …).
    func podcastChildRole(_ tag: XMLStartTag, of parent: PodcastElement, _ scope: AtomScope) throws(StreamError)
        -> AtomRole
    {
        guard let element = try startPodcastElement(tag, scope.podcastScope, parent: parent, keepsExtension: false)
        else { return .ignored }
        return .podcast(element, scope, keepsExtension: false)
    }
}
