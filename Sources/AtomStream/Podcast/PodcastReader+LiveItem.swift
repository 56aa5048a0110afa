@_spi(XMLEngine) import XMLStream
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `podcast:liveItem`: an item-like element of the channel. Its `podcast:`, `itunes:` and `media:` children are
/// read as an episode's (into the reader's episode fields, which no item uses while the live item is open, since it
/// is the channel's child); its item vocabulary — `title`, `description`, `content:encoded`, `link`, `guid`,
/// `author` / `dc:creator`, `pubDate` / `dc:date`, `category`, `enclosure`, and their Atom spellings — fills an
/// ``AtomEntry`` as the RSS decoder fills an item's. When it ends the entry takes the episode fields and the live
/// item joins ``PodcastFeedInfo/liveItems``.
extension PodcastReader {
    mutating func startLiveItem(_ tag: XMLStartTag) -> PodcastElement {
        let extra = names.extra
        func attribute(_ name: XMLName) -> String? { PodcastValueText.attribute(tag.value(of: name)) }
        more.isInLiveItem = true
        more.liveItem = PodcastLiveItem(
            status: attribute(extra.status)?.lowercased() ?? "",
            start: attribute(extra.start).flatMap(DateParser.parseFeedDate),
            end: attribute(extra.end).flatMap(DateParser.parseFeedDate))
        more.liveItemGuidIsPermaLink = true
        return .liveItem
    }

    mutating func startLiveItemChild(
        _ tag: XMLStartTag, of parent: PodcastElement, resolve: (String) -> String
    ) -> PodcastElement? {
        let extra = names.extra
        let namespace = tag.namespace
        func attribute(_ name: XMLName) -> String? { PodcastValueText.attribute(tag.value(of: name)) }
        if parent == .liveItemAuthor {
            return tag.localName == names.name ? .liveItemAuthorName : nil
        }
        if namespace == names.podcast { return startPodcast(tag, scope: .episode, resolve: resolve) }
        if names.isITunes(namespace) { return startITunes(tag, scope: .episode, resolve: resolve) }
        if names.isMedia(namespace) {
            hasEpisodeFields = true
            return tag.localName == names.group ? startMediaGroupInLiveItem() : startMedia(tag, resolve: resolve)
        }
        switch tag.localName {
        case names.title: return .liveItemTitle
        case names.description, extra.summary: return .liveItemDescription
        case extra.encoded, names.content: return .liveItemContent
        case extra.link:
            // Atom's `link href rel`; RSS's link is the element's text.
            if let href = attribute(names.href) {
                more.liveItem.entry.links.append(
                    AtomLink(
                        href: resolve(href), rel: attribute(names.rel) ?? "alternate", type: attribute(names.type),
                        title: attribute(names.title), length: attribute(names.length).flatMap(PodcastValueText.int64)))
            }
            return .liveItemLink
        case names.guid:
            more.liveItemGuidIsPermaLink = attribute(extra.isPermaLink)?.lowercased() != "false"
            return .liveItemGuid
        case names.id:
            more.liveItemGuidIsPermaLink = false
            return .liveItemGuid
        case names.author, extra.creator:
            more.liveItemAuthor = nil
            return .liveItemAuthor
        case extra.pubDate, extra.published: return .liveItemPublished
        case extra.updated, extra.date: return .liveItemUpdated
        case names.category:
            more.liveItemCategoryScheme = attribute(extra.domain) ?? attribute(names.scheme)
            if let term = attribute(extra.term) {
                more.liveItem.entry.categories.append(
                    AtomCategory(term: term, scheme: more.liveItemCategoryScheme, label: attribute(extra.label)))
            }
            return .liveItemCategory
        case extra.enclosure:
            if let url = attribute(names.url) {
                more.liveItem.entry.links.append(
                    AtomLink(
                        href: resolve(url), rel: "enclosure", type: attribute(names.type),
                        length: attribute(names.length).flatMap(PodcastValueText.int64)))
            }
            return .liveItemEnclosure
        default:
            return nil
        }
    }

    private mutating func startMediaGroupInLiveItem() -> PodcastElement? {
        guard !isInGroup, openContent == nil else { return nil }
        beginMediaGroup()
        return .mediaGroup
    }

    mutating func finishLiveItemField(_ element: PodcastElement, value: String?, resolve: (String) -> String) {
        switch element {
        case .liveItemTitle:
            if let value { more.liveItem.entry.title = AtomText(type: .text, value: value) }
        case .liveItemDescription:
            if let value { more.liveItem.entry.summary = AtomText(type: .html, value: value) }
        case .liveItemContent:
            if let value { more.liveItem.entry.content = AtomContent(type: "html", value: value) }
        case .liveItemLink:
            if let value { more.liveItem.entry.links.append(AtomLink(href: resolve(value))) }
        case .liveItemGuid:
            if let value, more.liveItem.entry.id == nil { more.liveItem.entry.id = value }
        case .liveItemAuthorName:
            if let value { more.liveItemAuthor = AtomPerson(name: value) }
        case .liveItemAuthor:
            if let author = more.liveItemAuthor {
                more.liveItem.entry.authors.append(author)
                more.liveItemAuthor = nil
            } else if var value, let author = value.withUTF8({ AtomPerson(rssText: UnsafeRawBufferPointer($0)) }) {
                more.liveItem.entry.authors.append(author)
            }
        case .liveItemPublished:
            if let date = value.flatMap(DateParser.parseFeedDate) { more.liveItem.entry.published = date }
        case .liveItemUpdated:
            if let date = value.flatMap(DateParser.parseFeedDate) { more.liveItem.entry.updated = date }
        case .liveItemCategory:
            if let value {
                more.liveItem.entry.categories.append(AtomCategory(term: value, scheme: more.liveItemCategoryScheme))
            }
        default:
            break
        }
    }

    /// The live item is complete: it takes the episode fields its children set, a permalink `guid` stands in for a
    /// missing link (as for an item), and it joins the show's live items — unless it lacks the `status` the tag
    /// requires.
    mutating func finishLiveItem(resolve: (String) -> String) {
        more.isInLiveItem = false
        var item = Self.take(&more.liveItem, leaving: PodcastLiveItem(status: ""))
        takeEpisode(into: &item.entry)
        if let id = item.entry.id, more.liveItemGuidIsPermaLink,
            !item.entry.links.contains(where: { $0.rel == "alternate" })
        {
            item.entry.links.append(AtomLink(href: resolve(id)))
        }
        guard !item.status.isEmpty else { return }
        show.liveItems.append(item)
    }
}
