@_spi(XMLEngine) import XMLStream
/// `podcast:image`, `podcast:images`, `podcast:socialInteract` and `podcast:chat`: read from their attributes, for
/// the show, an episode or a live item alike.
extension PodcastReader {
    mutating func startImage(_ tag: XMLStartTag, scope: PodcastScope, resolve: (String) -> String) -> PodcastElement {
        func attribute(_ name: XMLName) -> String? { PodcastValueText.attribute(tag.value(of: name)) }
        guard let href = attribute(names.href) else { return .podcastImage }
        let image = PodcastImage(
            href: resolve(href), alt: attribute(names.extra.alt), aspectRatio: attribute(names.extra.aspectRatio),
            width: attribute(names.width).flatMap(PodcastValueText.integer),
            height: attribute(names.height).flatMap(PodcastValueText.integer), type: attribute(names.type),
            purpose: attribute(names.purpose))
        addImages([image], scope: scope, square: image.aspectRatio == nil || image.aspectRatio == "1/1")
        return .podcastImage
    }

    /// The deprecated `podcast:images srcset="url 1500w, url 600w"`: one ``PodcastImage`` per candidate.
    mutating func startImages(_ tag: XMLStartTag, scope: PodcastScope, resolve: (String) -> String) -> PodcastElement {
        guard let srcset = PodcastValueText.attribute(tag.value(of: names.extra.srcset)) else { return .podcastImages }
        let images = Self.sourceSet(srcset).map { PodcastImage(href: resolve($0.url), width: $0.width) }
        addImages(images, scope: scope, square: true)
        return .podcastImages
    }

    /// Adds images to the show's or the episode's list; the first square one stands in for ``PodcastFeedInfo/image``
    /// until an `itunes:image` names one.
    private mutating func addImages(_ images: [PodcastImage], scope: PodcastScope, square: Bool) {
        guard let first = images.first else { return }
        switch scope {
        case .show:
            show.images += images
            if square, show.image == nil {
                show.image = first.href
                more.showImageIsFallback = true
            }
        case .episode:
            hasEpisodeFields = true
            episode.images += images
            if square, episode.image == nil {
                episode.image = first.href
                more.episodeImageIsFallback = true
            }
        }
    }

    /// The candidates of an HTML `srcset`: a URL, then optional descriptors up to the next comma; `1500w` is a
    /// width. URLs may hold commas, so a URL ends at white space (trailing commas are the separator).
    static func sourceSet(_ text: String) -> [(url: String, width: Int?)] {
        var candidates: [(url: String, width: Int?)] = []
        var rest = Substring(text)
        func isSpace(_ character: Character) -> Bool {
            character == " " || character == "\n" || character == "\t" || character == "\r"
        }
        while true {
            rest = rest.drop { isSpace($0) || $0 == "," }
            guard !rest.isEmpty else { break }
            var url = rest.prefix { !isSpace($0) }
            rest = rest.dropFirst(url.count)
            var descriptors = Substring("")
            if url.hasSuffix(",") {
                while url.hasSuffix(",") { url = url.dropLast() }
            } else {
                descriptors = rest.prefix { $0 != "," }
                rest = rest.dropFirst(descriptors.count)
            }
            guard !url.isEmpty else { continue }
            var width: Int?
            for descriptor in descriptors.split(whereSeparator: isSpace) where descriptor.hasSuffix("w") {
                width = Int(descriptor.dropLast())
            }
            candidates.append((String(url), width))
        }
        return candidates
    }

    mutating func startSocialInteract(
        _ tag: XMLStartTag, scope: PodcastScope, resolve: (String) -> String
    ) -> PodcastElement {
        let extra = names.extra
        func attribute(_ name: XMLName) -> String? { PodcastValueText.attribute(tag.value(of: name)) }
        guard let protocolName = attribute(extra.protocolName)?.lowercased() else { return .socialInteract }
        let interact = PodcastSocialInteract(
            protocol: protocolName, uri: attribute(names.uri).map(resolve), accountID: attribute(extra.accountID),
            accountURL: attribute(extra.accountURL).map(resolve),
            priority: attribute(extra.priority).flatMap(PodcastValueText.integer))
        switch scope {
        case .show: show.socialInteracts.append(interact)
        case .episode: episode.socialInteracts.append(interact)
        }
        return .socialInteract
    }

    mutating func startChat(_ tag: XMLStartTag, scope: PodcastScope, resolve: (String) -> String) -> PodcastElement {
        let extra = names.extra
        func attribute(_ name: XMLName) -> String? { PodcastValueText.attribute(tag.value(of: name)) }
        guard let server = attribute(extra.server), let protocolName = attribute(extra.protocolName) else {
            return .chat
        }
        let chat = PodcastChat(
            server: server, protocol: protocolName.lowercased(), accountID: attribute(extra.accountID),
            space: attribute(extra.space), embedURL: attribute(extra.embedURL).map(resolve))
        switch scope {
        case .show: if show.chat == nil { show.chat = chat }
        case .episode: if episode.chat == nil { episode.chat = chat }
        }
        return .chat
    }
}
