@_spi(XMLEngine) import XMLStream
/// The rarer Media RSS elements — rating, restriction, text, hash, embed, status, license, copyright, category,
/// community, comments, responses, back links, price, location, peer link, subtitle, scenes, rights — and the
/// rarer `media:content` attributes. Like the title and thumbnails they describe the open object, else the open
/// group, else every object of the item (``PodcastReader/updateMedia(_:)``).
extension PodcastReader {
    /// What the Media RSS element `tag` is, directly inside an item, group or object; `nil` when it is none of these.
    mutating func startMediaDetail(_ tag: XMLStartTag, resolve: (String) -> String) -> PodcastElement? {
        let extra = names.extra
        func attribute(_ name: XMLName) -> String? { PodcastValueText.attribute(tag.value(of: name)) }
        func time(_ name: XMLName) -> Double? { attribute(name).flatMap(PodcastValueText.duration) }
        switch tag.localName {
        case extra.rating:
            more.mediaScheme = attribute(names.scheme)
            return .mediaRating
        case extra.restriction:
            more.mediaLabel = attribute(extra.relationship)?.lowercased()
            more.mediaType = attribute(names.type)
            return .mediaRestriction
        case names.text:
            more.mediaType = attribute(names.type)
            more.mediaLanguage = attribute(names.lang)
            more.mediaStart = time(extra.start)
            more.mediaEnd = time(extra.end)
            return .mediaText
        case extra.hash:
            more.mediaLabel = attribute(extra.algo)
            return .mediaHash
        case extra.embed:
            more.embed = MediaEmbed(
                url: attribute(names.url).map(resolve), width: attribute(names.width).flatMap(PodcastValueText.integer),
                height: attribute(names.height).flatMap(PodcastValueText.integer))
            return .mediaEmbed
        case extra.status:
            if let state = attribute(extra.state) {
                let status = MediaStatus(state: state.lowercased(), reason: attribute(extra.reason))
                updateMediaDetails { $0.status = $0.status ?? status }
            }
            return .mediaStatus
        case names.license:
            more.mediaType = attribute(names.type)
            more.mediaHref = attribute(names.href).map(resolve)
            return .mediaLicense
        case extra.copyright:
            more.mediaHref = attribute(names.url).map(resolve)
            return .mediaCopyright
        case names.category:
            more.mediaScheme = attribute(names.scheme)
            more.mediaLabel = attribute(extra.label)
            return .mediaCategory
        case extra.community:
            more.community = MediaCommunity()
            return .mediaCommunity
        case extra.comments: return .mediaComments
        case extra.responses: return .mediaResponses
        case extra.backLinks: return .mediaBackLinks
        case extra.price:
            let price = MediaPrice(
                type: attribute(names.type)?.lowercased(), info: attribute(extra.info).map(resolve),
                price: attribute(extra.price).flatMap(PodcastValueText.number), currency: attribute(extra.currency))
            updateMediaDetails { $0.prices.append(price) }
            return .mediaPrice
        case names.location:
            more.location = MediaLocation(
                description: attribute(names.description), start: time(extra.start), end: time(extra.end))
            return .mediaLocation
        case extra.peerLink:
            if let href = attribute(names.href) {
                let link = MediaPeerLink(href: resolve(href), type: attribute(names.type))
                updateMediaDetails { $0.peerLinks.append(link) }
            }
            return .mediaPeerLink
        case extra.subTitle:
            if let href = attribute(names.href) {
                let subtitle = MediaSubtitle(
                    href: resolve(href), type: attribute(names.type), language: attribute(names.lang))
                updateMediaDetails { $0.subtitles.append(subtitle) }
            }
            return .mediaSubtitle
        case extra.scenes: return .mediaScenes
        case extra.rights:
            if let status = attribute(extra.status) { updateMediaDetails { $0.rights = $0.rights ?? status } }
            return .mediaRights
        default: return nil
        }
    }

    /// What an element inside one of the elements above is: `media:param` of an embed, the parts of a community,
    /// the entries of comments, responses, back links and scenes, and the GeoRSS point of a location.
    mutating func startMediaDetailChild(_ tag: XMLStartTag, of parent: PodcastElement) -> PodcastElement? {
        if parent == .mediaLocation || parent == .mediaLocationPoint { return .mediaLocationPoint }
        let extra = names.extra
        // The spec writes a scene's parts without the media prefix; read them in any namespace.
        if parent == .mediaScene {
            switch tag.localName {
            case extra.sceneTitle: return .mediaSceneTitle
            case extra.sceneDescription: return .mediaSceneDescription
            case extra.sceneStartTime: return .mediaSceneStartTime
            case extra.sceneEndTime: return .mediaSceneEndTime
            default: return nil
            }
        }
        guard names.isMedia(tag.namespace) else { return nil }
        func attribute(_ name: XMLName) -> String? { PodcastValueText.attribute(tag.value(of: name)) }
        switch (parent, tag.localName) {
        case (.mediaEmbed, extra.param):
            more.mediaParameterName = attribute(names.name)
            return .mediaEmbedParameter
        case (.mediaCommunity, extra.starRating):
            more.community?.starRating = MediaStarRating(
                average: attribute(extra.average).flatMap(PodcastValueText.number),
                count: attribute(extra.count).flatMap(PodcastValueText.int64),
                min: attribute(extra.min).flatMap(PodcastValueText.number),
                max: attribute(extra.max).flatMap(PodcastValueText.number))
            return .mediaStarRating
        case (.mediaCommunity, extra.statistics):
            more.community?.statistics = MediaStatistics(
                views: attribute(extra.views).flatMap(PodcastValueText.int64),
                favorites: attribute(extra.favorites).flatMap(PodcastValueText.int64))
            return .mediaStatistics
        case (.mediaCommunity, extra.tags): return .mediaTags
        case (.mediaComments, extra.comment): return .mediaComment
        case (.mediaResponses, extra.response): return .mediaResponse
        case (.mediaBackLinks, extra.backLink): return .mediaBackLink
        case (.mediaScenes, extra.scene):
            more.scene = MediaScene()
            return .mediaScene
        default: return nil
        }
    }

    /// Takes the text of a Media RSS element ``startMediaDetail(_:resolve:)`` or
    /// ``startMediaDetailChild(_:of:)`` named, as it ends.
    mutating func finishMediaDetail(_ element: PodcastElement, value: String?, resolve: (String) -> String) {
        switch element {
        case .mediaRating:
            guard let value else { return }
            let rating = MediaRating(value: value.lowercased(), scheme: more.mediaScheme)
            updateMediaDetails { $0.ratings.append(rating) }
        case .mediaRestriction:
            guard let relationship = more.mediaLabel else { return }
            let restriction = MediaRestriction(relationship: relationship, type: more.mediaType, value: value ?? "")
            updateMediaDetails { $0.restrictions.append(restriction) }
        case .mediaText:
            guard let value else { return }
            let text = MediaText(
                value: value, type: more.mediaType, language: more.mediaLanguage, start: more.mediaStart,
                end: more.mediaEnd)
            updateMediaDetails { $0.texts.append(text) }
        case .mediaHash:
            guard let value else { return }
            let hash = MediaHash(value: value, algorithm: more.mediaLabel)
            updateMediaDetails { $0.hashes.append(hash) }
        case .mediaEmbedParameter:
            guard let name = more.mediaParameterName else { return }
            more.embed?.parameters.append(MediaEmbedParameter(name: name, value: value ?? ""))
        case .mediaEmbed:
            guard let embed = more.embed else { return }
            more.embed = nil
            updateMediaDetails { $0.embed = $0.embed ?? embed }
        case .mediaLicense:
            guard value != nil || more.mediaHref != nil else { return }
            let license = MediaLicense(name: value, type: more.mediaType, href: more.mediaHref)
            updateMediaDetails { $0.licenses.append(license) }
        case .mediaCopyright:
            guard let value else { return }
            let copyright = MediaCopyright(value: value, url: more.mediaHref)
            updateMediaDetails { $0.copyright = $0.copyright ?? copyright }
        case .mediaCategory:
            guard let value else { return }
            let category = AtomCategory(term: value, scheme: more.mediaScheme, label: more.mediaLabel)
            updateMediaDetails { $0.categories.append(category) }
        case .mediaTags:
            guard let value else { return }
            more.community?.tags += Self.mediaTags(value)
        case .mediaCommunity:
            guard let community = more.community else { return }
            more.community = nil
            if community != MediaCommunity() { updateMediaDetails { $0.community = $0.community ?? community } }
        case .mediaComment:
            if let value { updateMediaDetails { $0.comments.append(value) } }
        case .mediaResponse:
            if let value { updateMediaDetails { $0.responses.append(resolve(value)) } }
        case .mediaBackLink:
            if let value { updateMediaDetails { $0.backLinks.append(resolve(value)) } }
        case .mediaLocationPoint:
            if let value, more.location?.point == nil { more.location?.point = value }
        case .mediaLocation:
            guard let location = more.location else { return }
            more.location = nil
            if location != MediaLocation() { updateMediaDetails { $0.locations.append(location) } }
        case .mediaSceneTitle: more.scene?.title = value
        case .mediaSceneDescription: more.scene?.description = value
        case .mediaSceneStartTime: more.scene?.startTime = value.flatMap(PodcastValueText.duration)
        case .mediaSceneEndTime: more.scene?.endTime = value.flatMap(PodcastValueText.duration)
        case .mediaScene:
            guard let scene = more.scene else { return }
            more.scene = nil
            if scene != MediaScene() { updateMediaDetails { $0.scenes.append(scene) } }
        default:
            break
        }
    }

    /// `expression`, `framerate`, `samplingrate`, `channels` and `lang` of the `media:content` just opened.
    mutating func readMediaContentDetails(_ tag: XMLStartTag) {
        let extra = names.extra
        func attribute(_ name: XMLName) -> String? { PodcastValueText.attribute(tag.value(of: name)) }
        let expression = attribute(extra.expression)?.lowercased()
        let framerate = attribute(extra.framerate).flatMap(PodcastValueText.number)
        let samplingRate = attribute(extra.samplingRate).flatMap(PodcastValueText.number)
        let channels = attribute(extra.channels).flatMap(PodcastValueText.integer)
        let language = attribute(names.lang)
        guard expression != nil || framerate != nil || samplingRate != nil || channels != nil || language != nil,
            let openContent
        else { return }
        media[openContent].updateDetails { details in
            details.expression = expression
            details.framerate = framerate
            details.samplingRate = samplingRate
            details.channels = channels
            details.language = language
        }
    }

    /// ``updateMedia(_:)`` for the fields stored out of line.
    mutating func updateMediaDetails(_ change: (inout MediaContentDetails) -> Void) {
        hasEpisodeFields = true
        updateMedia { $0.updateDetails(change) }
    }

    /// `media:tags`: comma-separated, each tag optionally followed by `:` and a weight (`news: 5, abc:3, reuters`).
    static func mediaTags(_ text: String) -> [MediaTag] {
        text.split(separator: ",").compactMap { part in
            let pieces = part.split(separator: ":", maxSplits: 1)
            guard let name = PodcastValueText.nonEmpty(pieces.first.map(String.init)) else { return nil }
            let weight = pieces.count > 1 ? PodcastValueText.integer(String(pieces[1])) : nil
            return MediaTag(name: name, weight: weight ?? 1)
        }
    }
}
