#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `head` of an OPML document: who made the list and when.
public struct OPMLHead: Sendable, Hashable, Codable {
    /// The document's `title`.
    public var title: String?
    /// `dateCreated` (RFC 822, read as feed dates are read); `nil` when absent or unreadable.
    public var dateCreated: Date?
    /// `dateModified`, likewise.
    public var dateModified: Date?
    /// `ownerName`.
    public var ownerName: String?
    /// `ownerEmail`.
    public var ownerEmail: String?
    /// `ownerId`: a URL of the owner's page.
    public var ownerID: String?
    /// `docs`: where the format is documented.
    public var docs: String?
    /// The `version` attribute of the root `opml` element (`1.0`, `1.1`, `2.0`).
    public var version: String?

    /// Creates a head.
    public init(
        title: String? = nil, dateCreated: Date? = nil, dateModified: Date? = nil, ownerName: String? = nil,
        ownerEmail: String? = nil, ownerID: String? = nil, docs: String? = nil, version: String? = nil
    ) {
        self.title = title
        self.dateCreated = dateCreated
        self.dateModified = dateModified
        self.ownerName = ownerName
        self.ownerEmail = ownerEmail
        self.ownerID = ownerID
        self.docs = docs
        self.version = version
    }
}
