import Foundation
import JSONStream

/// A Jive person (`GET /api/core/v3/people/@me`, a content's `author` and `editingBy`).
///
/// The members it does not name (`name`, `emails`, `jive`, `followerCount`, …) are kept in
/// ``additionalFields`` and written back when it is encoded.
public struct JivePerson: Sendable, Hashable, Codable {
    /// The person's id (a string of digits in Jive, kept as text).
    public var id: String
    /// The name to show.
    public var displayName: String
    /// The object type, `person`.
    public var type: String?
    /// The avatar's URL (Jive's `thumbnailUrl`).
    public var thumbnailURL: URL?
    /// Related URLs (`self`, `avatar`, `followers`, …).
    public var resources: [String: JiveResource]
    /// Every other member, as sent.
    public var additionalFields: [String: JSONValue]

    /// Creates a person.
    public init(
        id: String, displayName: String, type: String? = "person", thumbnailURL: URL? = nil,
        resources: [String: JiveResource] = [:], additionalFields: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.displayName = displayName
        self.type = type
        self.thumbnailURL = thumbnailURL
        self.resources = resources
        self.additionalFields = additionalFields
    }

    /// The person's own URL (`resources.self.ref`).
    public var selfURL: URL? { resources["self"]?.ref }

    /// The sign-in name (`jive.username`), when the server shows it.
    public var username: String? { additionalFields["jive"]?["username"]?.stringValue }

    static let knownFields: Set<String> = ["id", "displayName", "type", "thumbnailUrl", "resources"]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JiveFieldKey.self)
        id = try container.decode(String.self, forKey: "id")
        displayName = try container.decode(String.self, forKey: "displayName")
        type = try container.decodeIfPresent(String.self, forKey: "type")
        thumbnailURL = try container.decodeIfPresent(URL.self, forKey: "thumbnailUrl")
        resources = try container.decodeIfPresent([String: JiveResource].self, forKey: "resources") ?? [:]
        additionalFields = try container.additionalFields(excluding: Self.knownFields)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JiveFieldKey.self)
        try container.encode(additionalFields: additionalFields, excluding: Self.knownFields)
        try container.encode(id, forKey: "id")
        try container.encode(displayName, forKey: "displayName")
        try container.encodeIfPresent(type, forKey: "type")
        try container.encodeIfPresent(thumbnailURL, forKey: "thumbnailUrl")
        if !resources.isEmpty { try container.encode(resources, forKey: "resources") }
    }
}
