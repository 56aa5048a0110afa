@_spi(XMLEngine) import XMLStream
/// One open element of a feed document: what it means to the decoder (`Role`: ``AtomRole``, ``RSSRole``), its name
/// for the element path of errors, and whether it pushed an `xml:base`. One stack of these per decoder.
struct ElementFrame<Role> {
    var role: Role
    let localName: XMLName
    /// Whether this element set an `xml:base`, to be popped when it closes.
    let setsBase: Bool
}

/// What the roles of both decoders (``AtomRole``, ``RSSRole``) offer to the podcast handling they share
/// (``FeedItemDecoding``): each is an enum whose `podcast` and `ignored` cases meet these requirements.
protocol FeedElementRole {
    /// An iTunes, Podcasting 2.0 or Media RSS element read by the ``PodcastReader``; `keepsExtension` when it is a
    /// text-only child of the item that `extensions` keeps as well.
    static func podcast(_ element: PodcastElement, _ scope: FeedScope, keepsExtension: Bool) -> Self
    /// An element the model does not hold; its whole subtree is skipped.
    static var ignored: Self { get }
}

/// Whose fields an element fills: the feed's (RSS: the channel's) or the current item's (Atom: entry's).
enum FeedScope {
    case feed
    case item

    var podcastScope: PodcastScope { self == .feed ? .show : .episode }
}
