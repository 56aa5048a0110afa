/// `podcast:image`: artwork of the show, an episode or a live item, in one size, shape or purpose among several;
/// also each candidate of the deprecated `podcast:images srcset` (then only ``href`` and ``width`` are known).
public struct PodcastImage: Sendable, Hashable, Codable {
    /// `href`, resolved.
    public var href: String
    /// `alt`: the image described for people who cannot see it.
    public var alt: String?
    /// `aspect-ratio` as written (`1/1`, `16/9`); a square image when absent.
    public var aspectRatio: String?
    /// `width` in pixels (from `srcset`, the `1500w` descriptor).
    public var width: Int?
    /// `height` in pixels.
    public var height: Int?
    /// `type`: the media type, for images that are not JPEG or PNG (`video/mp4`, `image/webp`).
    public var type: String?
    /// `purpose`: space-separated tokens saying what the image is for (`artwork social`, `apple/showcase-hero`).
    public var purpose: String?

    /// Creates an image.
    public init(
        href: String, alt: String? = nil, aspectRatio: String? = nil, width: Int? = nil, height: Int? = nil,
        type: String? = nil, purpose: String? = nil
    ) {
        self.href = href
        self.alt = alt
        self.aspectRatio = aspectRatio
        self.width = width
        self.height = height
        self.type = type
        self.purpose = purpose
    }
}
