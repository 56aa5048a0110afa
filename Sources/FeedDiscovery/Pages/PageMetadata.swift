/// The page metadata type, by its short name inside AtomStream (FeedStreamNetworking has a `PageMetadata` of its
/// own, the paging engine's, so the public name is nested in ``FeedLinkParser``).
typealias PageMetadata = FeedLinkParser.PageMetadata

extension FeedLinkParser {
    /// What a page says about its site besides its feeds: what a feed reader shows beside a subscription.
    ///
    /// Read from the page's head by ``FeedLinkParser``; every URL is resolved against the page's `<base href>` and
    /// URL. Nested in ``FeedLinkParser`` because FeedStreamNetworking's paging engine already has a `PageMetadata`.
    public struct PageMetadata: Sendable, Hashable, Codable {
        /// The page's `<title>`, white space collapsed.
        public var title: String?
        /// The icons the page names, in document order: `rel` `icon`, `shortcut icon`, `apple-touch-icon`,
        /// `apple-touch-icon-precomposed` and `mask-icon`.
        public var icons: [Icon]
        /// The page's preview image: `og:image`, else `twitter:image`.
        public var image: String?
        /// The preview image's size as the page declares it (`og:image:width`, `og:image:height`), when it does:
        /// how ``bestIcon(minimumSize:)`` tells a square picture from a wide banner.
        public var imageWidth: Int?
        public var imageHeight: Int?
        /// WebSub hubs (`<link rel="hub">`), where a reader may subscribe for pushed updates.
        public var hubs: [String]
        /// The page's address (after redirects), against which ``bestIcon(minimumSize:)`` finds the site's
        /// `/favicon.ico` when the page declares no icon.
        public var url: String?

        /// Creates page metadata.
        public init(
            title: String? = nil, icons: [Icon] = [], image: String? = nil, hubs: [String] = [], url: String? = nil,
            imageWidth: Int? = nil, imageHeight: Int? = nil
        ) {
            self.title = title
            self.icons = icons
            self.image = image
            self.hubs = hubs
            self.url = url
            self.imageWidth = imageWidth
            self.imageHeight = imageHeight
        }

        /// An icon a page names with `<link rel="icon" …>` and its kin.
        public struct Icon: Sendable, Hashable, Codable {
            /// The icon's address, resolved.
            public var url: String
            /// The link's `rel`, lowercase, white space collapsed: `icon`, `shortcut icon`, `apple-touch-icon`, …
            public var rel: String
            /// The `sizes` attribute as written (`32x32`, `180x180`, `any`).
            public var sizes: String?
            /// The `type` attribute (`image/png`, `image/svg+xml`).
            public var type: String?

            /// Creates an icon.
            public init(url: String, rel: String, sizes: String? = nil, type: String? = nil) {
                self.url = url
                self.rel = rel
                self.sizes = sizes
                self.type = type
            }
        }
    }
}
