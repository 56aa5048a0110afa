#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One entry of a Jive inbox (`/api/core/v3/inbox`): an activity-stream item plus Jive's read state.
public struct JiveInboxEntry: Sendable, Hashable, Codable {
    /// The activity verb, e.g. `jive:created`, `jive:commented`, `jive:liked`.
    public var verb: String?
    /// The headline.
    public var title: String?
    /// The HTML summary of the activity.
    public var content: String?
    /// When the activity happened.
    public var published: Date?
    /// When it last changed; inbox paging (`before` / `after`) is by this date.
    public var updated: Date?
    /// The web page of the activity.
    public var url: String?
    /// Who acted.
    public var actor: JiveActivityObject?
    /// What was acted on.
    public var object: JiveActivityObject?
    /// Where (the place or parent), when given.
    public var target: JiveActivityObject?
    /// How the app should present it.
    public var kind: JiveInboxEntryKind
    /// The thread the entry belongs to (`jive.collection`), for grouping.
    public var collection: String?
    /// When that thread last changed.
    public var collectionUpdated: Date?
    /// Whether the user has read it.
    public var read: Bool?
    /// The REST URL of the content acted on (the `object`'s `id`), to fetch or mark it.
    public var contentURL: String?

    /// Creates an entry.
    public init(kind: JiveInboxEntryKind = .general) {
        self.kind = kind
    }
}

/// How an inbox entry is presented.
public enum JiveInboxEntryKind: String, Sendable, Hashable, Codable {
    /// Something to open: content, a comment, a reply.
    case general
    /// Someone liked, promoted or otherwise acclaimed something.
    case acclaim
    /// Nothing to open (the object has no URL): a notice.
    case notice
}

/// An actor, object or target of an activity.
public struct JiveActivityObject: Sendable, Hashable, Codable {
    /// The REST URL identifying it.
    public var id: String?
    /// The name to show.
    public var displayName: String?
    /// Its type, e.g. `jive:person`, `jive:document`.
    public var objectType: String?
    /// Its web page.
    public var url: String?
    /// A short description.
    public var summary: String?
    /// An avatar or icon (`image.url`).
    public var imageURL: String?

    /// Creates an object.
    public init(
        id: String? = nil, displayName: String? = nil, objectType: String? = nil, url: String? = nil,
        summary: String? = nil, imageURL: String? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.objectType = objectType
        self.url = url
        self.summary = summary
        self.imageURL = imageURL
    }
}
