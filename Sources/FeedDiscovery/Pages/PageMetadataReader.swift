@_spi(XMLEngine) import XMLStream

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Collects what a page's head says about its site (``PageMetadata``) as ``FeedLinkCollector`` meets it; URLs are
/// kept as written and resolved when read, since `<base href>` may come after them.
struct PageMetadataReader {
    private var title: [UInt8] = []
    private var titleState = TitleState.none
    private var icons: [PageMetadata.Icon] = []
    private var openGraphImage: String?
    private var twitterImage: String?
    private var openGraphWidth: Int?
    private var openGraphHeight: Int?
    private var hubs: [String] = []

    private enum TitleState {
        case none, reading, done
    }

    /// Bounds on what one page may make the reader hold.
    static let maximumTitleBytes = 4096
    static let maximumIcons = 64
    static let maximumHubs = 16

    mutating func startTitle() {
        if case .none = titleState { titleState = .reading }
    }

    mutating func endTitle() {
        if case .reading = titleState { titleState = .done }
    }

    mutating func characters(_ text: UnsafeRawBufferPointer) {
        guard case .reading = titleState, title.count < Self.maximumTitleBytes else { return }
        title.append(contentsOf: text.prefix(Self.maximumTitleBytes - title.count))
    }

    /// A `<link>`: an icon or a WebSub hub.
    mutating func link(_ tag: HTMLStartTag, relTokens: [String], href: String) {
        let href = href.trimmingWhitespaceAndNewlines()
        guard !href.isEmpty else { return }
        if relTokens.contains("hub") {
            if hubs.count < Self.maximumHubs, !hubs.contains(href) { hubs.append(href) }
        }
        let isIcon = relTokens.contains { Self.iconRels.contains($0) }
        guard isIcon, icons.count < Self.maximumIcons else { return }
        let sizes = tag.value(of: "sizes").map { $0.trimmingSpacesAndTabs() }
        let type = tag.value(of: "type").map { $0.trimmingSpacesAndTabs().lowercased() }
        icons.append(
            PageMetadata.Icon(
                url: href, rel: relTokens.joined(separator: " "), sizes: sizes?.isEmpty == false ? sizes : nil,
                type: type?.isEmpty == false ? type : nil))
    }

    private static let iconRels: Set<String> = [
        "icon", "apple-touch-icon", "apple-touch-icon-precomposed", "mask-icon",
    ]

    /// A `<meta>`: `og:image` (Open Graph writes `property`, some pages `name`) or `twitter:image`.
    mutating func meta(_ tag: HTMLStartTag) {
        guard let key = (tag.value(of: "property") ?? tag.value(of: "name"))?.lowercased(),
            let content = tag.value(of: "content")?.trimmingWhitespaceAndNewlines(), !content.isEmpty
        else { return }
        switch key {
        case "og:image", "og:image:url", "og:image:secure_url": if openGraphImage == nil { openGraphImage = content }
        case "twitter:image", "twitter:image:src": if twitterImage == nil { twitterImage = content }
        // The first image's size: Open Graph writes it after the image it describes.
        case "og:image:width": if openGraphWidth == nil { openGraphWidth = Int(content) }
        case "og:image:height": if openGraphHeight == nil { openGraphHeight = Int(content) }
        default: break
        }
    }

    /// The metadata of the page at `url`, with its URLs passed through `resolve`.
    func resolved(url: String?, _ resolve: (String) -> String) -> PageMetadata {
        let text = String(decoding: title, as: UTF8.self).split(whereSeparator: { $0.isWhitespace })
            .joined(separator: " ")
        var resolvedIcons = icons
        for index in resolvedIcons.indices { resolvedIcons[index].url = resolve(resolvedIcons[index].url) }
        return PageMetadata(
            title: text.isEmpty ? nil : text, icons: resolvedIcons,
            image: (openGraphImage ?? twitterImage).map(resolve),
            hubs: hubs.map(resolve), url: url,
            imageWidth: openGraphImage == nil ? nil : openGraphWidth,
            imageHeight: openGraphImage == nil ? nil : openGraphHeight)
    }
}
