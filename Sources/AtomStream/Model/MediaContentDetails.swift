/// The Media RSS attributes and elements few feeds write, kept out of line: a ``MediaContent`` without any of them
/// (nearly all) carries one `nil` reference, so items with a thumbnail pay nothing for them. Read and written
/// through ``MediaContent``'s properties.
struct MediaContentDetails: Sendable, OutOfLineFields {
    var player: String?
    var expression: String?
    var framerate: Double?
    var samplingRate: Double?
    var channels: Int?
    var language: String?
    var ratings: [MediaRating] = []
    var restrictions: [MediaRestriction] = []
    var texts: [MediaText] = []
    var hashes: [MediaHash] = []
    var embed: MediaEmbed?
    var status: MediaStatus?
    var licenses: [MediaLicense] = []
    var copyright: MediaCopyright?
    var categories: [AtomCategory] = []
    var community: MediaCommunity?
    var comments: [String] = []
    var responses: [String] = []
    var backLinks: [String] = []
    var prices: [MediaPrice] = []
    var locations: [MediaLocation] = []
    var peerLinks: [MediaPeerLink] = []
    var subtitles: [MediaSubtitle] = []
    var scenes: [MediaScene] = []
    var rights: String?

    var isEmpty: Bool { self == MediaContentDetails() }

    /// Takes from `defaults` (a group's or the item's) each field this object does not set itself.
    mutating func fill(from defaults: MediaContentDetails) {
        func take<Value>(_ field: WritableKeyPath<Self, Value?>) {
            if self[keyPath: field] == nil { self[keyPath: field] = defaults[keyPath: field] }
        }
        func take<Element>(_ field: WritableKeyPath<Self, [Element]>) {
            if self[keyPath: field].isEmpty { self[keyPath: field] = defaults[keyPath: field] }
        }
        take(\.ratings)
        take(\.restrictions)
        take(\.texts)
        take(\.hashes)
        take(\.embed)
        take(\.status)
        take(\.licenses)
        take(\.copyright)
        take(\.categories)
        take(\.community)
        take(\.comments)
        take(\.responses)
        take(\.backLinks)
        take(\.prices)
        take(\.locations)
        take(\.peerLinks)
        take(\.subtitles)
        take(\.scenes)
        take(\.rights)
    }
}

/// ``MediaContentDetails`` out of line, copied on write (``Swift/Optional/update(_:)``).
final class MediaContentDetailsStorage: CopyOnWriteStorage, @unchecked Sendable {
    var value: MediaContentDetails

    init(_ value: MediaContentDetails) {
        self.value = value
    }
}
