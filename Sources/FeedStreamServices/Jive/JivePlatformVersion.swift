import Foundation
import JSONStream

/// What `GET {instance}/api/version` says about a Jive instance: its release, the core API versions it
/// serves, and the URL it knows itself by.
public struct JivePlatformVersion: Sendable, Hashable, Codable {
    /// The release, e.g. `7.0.0.0 7c2` (version components, then a release id).
    public var jiveVersion: String
    /// The core API versions served (Jive's `jiveCoreVersions`).
    public var coreVersions: [JiveCoreVersion]
    /// The URL the instance knows itself by; it differs from the URL typed when the instance sits behind a
    /// proxy or load balancer, or was moved.
    public var instanceURL: URL?
    /// Every other member, as sent (`ssoEnabled`, `sdk`, …).
    public var additionalFields: [String: JSONValue]

    /// Creates a version record.
    public init(
        jiveVersion: String, coreVersions: [JiveCoreVersion], instanceURL: URL? = nil,
        additionalFields: [String: JSONValue] = [:]
    ) {
        self.jiveVersion = jiveVersion
        self.coreVersions = coreVersions
        self.instanceURL = instanceURL
        self.additionalFields = additionalFields
    }

    /// The core API v3 entry (the highest revision when several are listed), or `nil` when the instance
    /// predates Jive 6 and serves no v3.
    public var coreV3: JiveCoreVersion? {
        coreVersions.filter { $0.version == 3 }.max { ($0.revision ?? 0) < ($1.revision ?? 0) }
    }

    /// The numeric components of ``jiveVersion`` (`[7, 0, 0, 0]` for `7.0.0.0 7c2`); empty when unreadable.
    public var releaseComponents: [Int] {
        let numbers = jiveVersion.split(separator: " ").first?.split(separator: ".") ?? []
        let components = numbers.map { Int($0) }
        return components.contains(nil) ? [] : components.compactMap { $0 }
    }

    /// Whether the instance serves the content-editing API: `{self}/editable` (GET for the editable text, POST
    /// to lock, PUT to autosave, DELETE to unlock) and the `editingBy` field.
    ///
    /// The rule, from Jive's published API history: the editable resources and `editingBy` first appear in the
    /// core v3 documentation for Jive 7.0 and are absent from the Jive 6.0 edition; Jive 7.0 instances report
    /// core v3 revision 3, Jive 6.0 instances revision 1 (both recorded in the iOS SDK's test data, which the
    /// corpus holds). The iOS SDK gates the same feature on the release, `jiveVersion` ≥ 7.0.0.0. So: a core v3
    /// entry must be present, and either its revision is 3 or more or the release is 7.0 or later — the
    /// release check covers a server whose reported revision lags its release (the SDK records a 7.0 instance
    /// behind a proxy reporting revision 1). A core version above 3 counts as supporting it too.
    public var supportsContentEditingAPI: Bool {
        if coreVersions.contains(where: { $0.version > 3 }) { return true }
        guard let v3 = coreV3 else { return false }
        if let revision = v3.revision, revision >= 3 { return true }
        return releaseComponents.first.map { $0 >= 7 } ?? false
    }

    static let knownFields: Set<String> = ["jiveVersion", "jiveCoreVersions", "instanceURL"]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JiveFieldKey.self)
        jiveVersion = try container.decode(String.self, forKey: "jiveVersion")
        coreVersions = try container.decode([JiveCoreVersion].self, forKey: "jiveCoreVersions")
        instanceURL = try container.decodeIfPresent(URL.self, forKey: "instanceURL")
        additionalFields = try container.additionalFields(excluding: Self.knownFields)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JiveFieldKey.self)
        try container.encode(additionalFields: additionalFields, excluding: Self.knownFields)
        try container.encode(jiveVersion, forKey: "jiveVersion")
        try container.encode(coreVersions, forKey: "jiveCoreVersions")
        try container.encodeIfPresent(instanceURL, forKey: "instanceURL")
    }
}

/// One core API version an instance serves: `{"version": 3, "revision": 3, "uri": "/api/core/v3"}`.
public struct JiveCoreVersion: Sendable, Hashable, Codable {
    /// The major API version (2 or 3).
    public var version: Int
    /// The revision within it; `nil` when the server omits it.
    public var revision: Int?
    /// The API's path on the instance, e.g. `/api/core/v3` — the base of every core call.
    public var uri: String
    /// The documentation's URL.
    public var documentation: URL?

    /// Creates a core version entry.
    public init(version: Int, revision: Int?, uri: String, documentation: URL? = nil) {
        self.version = version
        self.revision = revision
        self.uri = uri
        self.documentation = documentation
    }
}
