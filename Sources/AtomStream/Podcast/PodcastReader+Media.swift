@_spi(XMLEngine) import XMLStream
/// Media RSS: `media:content` objects, `media:group`s of them, and the elements that describe an object, a group
/// or every object of the item depending on where they stand.
extension PodcastReader {
    mutating func startMedia(_ tag: XMLStartTag, resolve: (String) -> String) -> PodcastElement? {
        func attribute(_ name: XMLName) -> String? { PodcastValueText.attribute(tag.value(of: name)) }
        switch tag.localName {
        case names.content:
            let content = MediaContent(
                url: attribute(names.url).map(resolve), type: attribute(names.type),
                medium: attribute(names.medium)?.lowercased(),
                fileSize: attribute(names.fileSize).flatMap(PodcastValueText.int64),
                duration: attribute(names.duration).flatMap(PodcastValueText.number),
                width: attribute(names.width).flatMap(PodcastValueText.integer),
                height: attribute(names.height).flatMap(PodcastValueText.integer),
                bitrate: attribute(names.bitrate).flatMap(PodcastValueText.number),
                isDefault: attribute(names.isDefault).flatMap(PodcastValueText.flag))
            appendMedia(content)
            readMediaContentDetails(tag)
            return .mediaContent
        case names.group:
            guard !isInGroup, openContent == nil else { return nil }
            beginMediaGroup()
            return .mediaGroup
        case names.thumbnail:
            if let url = attribute(names.url) { addThumbnail(tag, url: resolve(url)) }
            return .mediaThumbnail
        case names.player:
            if let url = attribute(names.url) { updateMedia { $0.player = $0.player ?? resolve(url) } }
            return .mediaPlayer
        case names.credit:
            credit = MediaCredit(name: "", role: attribute(names.role), scheme: attribute(names.scheme))
            return .mediaCredit
        case names.title: return .mediaTitle
        case names.description: return .mediaDescription
        case names.keywords: return .mediaKeywords
        default: return startMediaDetail(tag, resolve: resolve)
        }
    }

    /// A `media:thumbnail` whose URL (`url`, trimmed and resolved) has been read: the RSS decoder reads it for
    /// `extensions` too, and hands the same string over.
    mutating func addThumbnail(_ tag: XMLStartTag, url: String) {
        hasEpisodeFields = true
        let thumbnail = MediaThumbnail(
            url: url, width: PodcastValueText.attribute(tag.value(of: names.width)).flatMap(PodcastValueText.integer),
            height: PodcastValueText.attribute(tag.value(of: names.height)).flatMap(PodcastValueText.integer))
        // The first thumbnail (nearly always the only one) as a one-element array made at its size: appending to
        // the empty array took the growth path (callgrind, RSS benchmark).
        updateMedia { media in
            if media.thumbnails.isEmpty { media.thumbnails = [thumbnail] } else { media.thumbnails.append(thumbnail) }
        }
    }

    /// A `media:content` the RSS decoder read (it also makes it an enclosure link).
    mutating func appendMedia(_ content: MediaContent) {
        media.append(content)
        openContent = media.count - 1
    }

    mutating func beginMediaGroup() {
        hasEpisodeFields = true
        groupMedia = MediaContent()
        isInGroup = true
        groupStart = media.count
    }

    /// Gives the group's title, description, thumbnails, credits, keywords and player to its objects that have
    /// none of their own.
    mutating func endMediaGroup() {
        guard isInGroup, let group = groupMedia else { return }
        for index in media.indices where index >= groupStart { Self.fill(&media[index], from: group) }
        groupMedia = nil
        isInGroup = false
    }

    /// The end of a `media:content` the RSS decoder read.
    mutating func endMediaContent() {
        openContent = nil
    }

    /// Changes what a describing element describes: the open object, else the open group, else the item.
    mutating func updateMedia(_ change: (inout MediaContent) -> Void) {
        if let openContent {
            change(&media[openContent])
        } else if isInGroup {
            change(&groupMedia!)
        } else {
            change(&itemMedia)
            hasItemMedia = true
        }
    }

    static func fill(_ content: inout MediaContent, from defaults: MediaContent) {
        if content.title == nil { content.title = defaults.title }
        if content.description == nil { content.description = defaults.description }
        if content.thumbnails.isEmpty { content.thumbnails = defaults.thumbnails }
        if content.credits.isEmpty { content.credits = defaults.credits }
        if content.keywords.isEmpty { content.keywords = defaults.keywords }
        if content.player == nil { content.player = defaults.player }
        if let details = defaults.details {
            if content.details == nil {
                content.details = details
            } else {
                content.updateDetails { $0.fill(from: details.value) }
            }
        }
    }
}
