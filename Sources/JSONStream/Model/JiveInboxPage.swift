#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a Jive inbox response says about the page.
public struct JiveInboxPage: Sendable, Hashable, Codable {
    /// The page size the server used.
    public var itemsPerPage: Int?
    /// How many entries are unread in the whole inbox.
    public var unread: Int?
    /// The URL of the next (older) page, `links.next`.
    public var next: String?
    /// The URL of the previous (newer) page, `links.previous`.
    public var previous: String?
    /// The oldest `updated` among the entries: pass it as `before` to page back.
    public var earliest: Date?
    /// The newest `updated` among the entries: pass it as `after` to poll for newer ones.
    public var latest: Date?

    /// Creates an empty page.
    public init() {}
}
