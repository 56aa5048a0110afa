import Foundation

/// One entry of a Jive object's `resources`: a related URL and the HTTP methods the signed-in person may use
/// on it (`"self"`, `"editable"`, `"html"`, `"comments"`, …).
public struct JiveResource: Sendable, Hashable, Codable {
    /// The resource's URL.
    public var ref: URL?
    /// The methods allowed on it for the requesting person (`GET`, `PUT`, `POST`, `DELETE`).
    public var allowed: [String]

    /// Creates a resource entry.
    public init(ref: URL?, allowed: [String] = []) {
        self.ref = ref
        self.allowed = allowed
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JiveFieldKey.self)
        ref = try container.decodeIfPresent(URL.self, forKey: "ref")
        allowed = try container.decodeIfPresent([String].self, forKey: "allowed") ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JiveFieldKey.self)
        try container.encodeIfPresent(ref, forKey: "ref")
        try container.encode(allowed, forKey: "allowed")
    }

    /// Whether `method` is allowed (case-insensitive).
    public func allows(_ method: String) -> Bool {
        allowed.contains { $0.caseInsensitiveCompare(method) == .orderedSame }
    }
}
