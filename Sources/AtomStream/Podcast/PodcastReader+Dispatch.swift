@_spi(XMLEngine) import XMLStream
/// Where the ``PodcastReader`` hands the elements of its newer tags over: the Podcasting 2.0 tags of the later
/// phases (images, live items, remote items, podroll, publisher, social and chat references, podping, content
/// links, integrity, value time splits) and the rarer Media RSS children. Reached only from the `default` branches
/// of the reader's switches, so the elements every feed has are dispatched as before.
extension PodcastReader {
    /// A `podcast:` element of a channel, item or live item that the reader's first phases do not read.
    mutating func startNewerPodcastTag(
        _ tag: XMLStartTag, scope: PodcastScope, resolve: (String) -> String
    ) -> PodcastElement? {
        let extra = names.extra
        switch tag.localName {
        case names.image: return startImage(tag, scope: scope, resolve: resolve)
        case extra.images: return startImages(tag, scope: scope, resolve: resolve)
        case extra.socialInteract: return startSocialInteract(tag, scope: scope, resolve: resolve)
        case extra.chat: return startChat(tag, scope: scope, resolve: resolve)
        default: break
        }
        switch scope {
        case .show:
            switch tag.localName {
            case extra.liveItem: return startLiveItem(tag)
            case extra.remoteItem:
                if let item = remoteItem(tag, resolve: resolve) { show.remoteItems.append(item) }
                return .remoteItem
            case extra.podroll: return .podroll
            case extra.publisher: return .publisher
            case extra.podping:
                show.usesPodping = PodcastValueText.attribute(tag.value(of: extra.usesPodping))
                    .flatMap(PodcastValueText.flag)
                return .podping
            default: return nil
            }
        case .episode:
            switch tag.localName {
            case extra.contentLink:
                more.contentLinkHref = PodcastValueText.attribute(tag.value(of: names.href)).map(resolve)
                return .contentLink
            default: return nil
            }
        }
    }

    /// An element inside one the reader reads, which the reader's first phases do not read there.
    mutating func startNewerChild(
        _ tag: XMLStartTag, of parent: PodcastElement, resolve: (String) -> String
    ) -> PodcastElement? {
        switch parent {
        case .liveItem, .liveItemAuthor: return startLiveItemChild(tag, of: parent, resolve: resolve)
        case .podroll, .publisher, .value, .valueTimeSplit, .alternateEnclosure:
            guard tag.namespace == names.podcast else { return nil }
            return startRemoteChild(tag, of: parent, resolve: resolve)
        default:
            return startMediaDetailChild(tag, of: parent)
        }
    }

    /// Takes the text of an element the two functions above named, as it ends.
    mutating func finishNewerTag(
        _ element: PodcastElement, value: String?, scope: PodcastScope, resolve: (String) -> String
    ) {
        switch element {
        case .contentLink:
            guard let href = more.contentLinkHref else { return }
            more.contentLinkHref = nil
            episode.contentLinks.append(PodcastContentLink(href: href, title: value))
        case .valueTimeSplit: finishValueTimeSplit()
        case .liveItem: finishLiveItem(resolve: resolve)
        case .liveItemTitle, .liveItemDescription, .liveItemContent, .liveItemLink, .liveItemGuid, .liveItemAuthor,
            .liveItemAuthorName, .liveItemPublished, .liveItemUpdated, .liveItemCategory:
            finishLiveItemField(element, value: value, resolve: resolve)
        default:
            finishMediaDetail(element, value: value, resolve: resolve)
        }
    }
}
