import Foundation
import JSONStream

/// A Jive content object — document, post, discussion, … (`GET /api/core/v3/contents/{id}`).
///
/// Every field is a `var`, so an app edits a copy and sends it back (``JiveClient/saveWhileEditing(_:)``,
/// ``JiveClient/update(_:)``). The members it does not name (`visibility`, `tags`, `parent`, `categories`, …)
/// are kept in ``additionalFields`` and written back with it, so an update does not drop what the app never
/// looked at.
public struct JiveContent: Sendable, Hashable, Codable {
    /// The content's id (kept as text, as Jive sends it).
    public var id: String
    /// The content type: `document`, `post`, `discussion`, `update`, …
    public var type: String
    /// The title.
    public var subject: String?
    /// The content's own URL: `resources.self.ref` as decoded, or the URL it was loaded from when the server
    /// gave no `self` resource. It is not a Jive field and is not encoded.
    public var selfURL: URL?
    /// Who holds the editing lock, when someone does (Jive 7 and later).
    public var editingBy: JivePerson?
    /// The body.
    public var content: JiveContentBody?
    /// The author.
    public var author: JivePerson?
    /// `published`, `draft`, …
    public var status: String?
    /// When it was first published.
    public var published: Date?
    /// When it was last updated.
    public var updated: Date?
    /// Related URLs and the methods allowed on them (`self`, `editable`, `html`, `comments`, …).
    public var resources: [String: JiveResource]
    /// Every other member, as sent.
    public var additionalFields: [String: JSONValue]

    /// Creates a content object, e.g. to post a new document.
    public init(
        id: String, type: String, subject: String? = nil, selfURL: URL? = nil, editingBy: JivePerson? = nil,
        content: JiveContentBody? = nil, author: JivePerson? = nil, status: String? = nil, published: Date? = nil,
        updated: Date? = nil, resources: [String: JiveResource] = [:], additionalFields: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.type = type
        self.subject = subject
        self.selfURL = selfURL ?? resources["self"]?.ref
        self.editingBy = editingBy
        self.content = content
        self.author = author
        self.status = status
        self.published = published
        self.updated = updated
        self.resources = resources
        self.additionalFields = additionalFields
    }

    /// The URL of the editable form and the editing lock: `resources.editable.ref`, else `{self}/editable`.
    public var editableURL: URL? {
        if let ref = resources["editable"]?.ref { return ref }
        return (resources["self"]?.ref ?? selfURL).map { $0.appendingPathComponent("editable") }
    }

    /// The URL that publishing updates: `resources.self.ref`, else ``selfURL``.
    public var updateURL: URL? { resources["self"]?.ref ?? selfURL }

    static let knownFields: Set<String> = [
        "id", "type", "subject", "editingBy", "content", "author", "status", "published", "updated", "resources",
    ]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JiveFieldKey.self)
        id = try container.decode(String.self, forKey: "id")
        type = try container.decode(String.self, forKey: "type")
        subject = try container.decodeIfPresent(String.self, forKey: "subject")
        editingBy = try container.decodeIfPresent(JivePerson.self, forKey: "editingBy")
        content = try container.decodeIfPresent(JiveContentBody.self, forKey: "content")
        author = try container.decodeIfPresent(JivePerson.self, forKey: "author")
        status = try container.decodeIfPresent(String.self, forKey: "status")
        published = try container.decodeJiveDate(forKey: "published")
        updated = try container.decodeJiveDate(forKey: "updated")
        resources = try container.decodeIfPresent([String: JiveResource].self, forKey: "resources") ?? [:]
        additionalFields = try container.additionalFields(excluding: Self.knownFields)
        selfURL = resources["self"]?.ref
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JiveFieldKey.self)
        try container.encode(additionalFields: additionalFields, excluding: Self.knownFields)
        try container.encode(id, forKey: "id")
        try container.encode(type, forKey: "type")
        try container.encodeIfPresent(subject, forKey: "subject")
        try container.encodeIfPresent(editingBy, forKey: "editingBy")
        try container.encodeIfPresent(content, forKey: "content")
        try container.encodeIfPresent(author, forKey: "author")
        try container.encodeIfPresent(status, forKey: "status")
        try container.encodeJiveDate(published, forKey: "published")
        try container.encodeJiveDate(updated, forKey: "updated")
        if !resources.isEmpty { try container.encode(resources, forKey: "resources") }
    }
}
