/// `podcast:socialInteract`: the root post of the official comment thread of an episode or the show. A
/// ``protocol`` of `disabled` says the podcaster wants no public comments shown.
public struct PodcastSocialInteract: Sendable, Hashable, Codable {
    /// `protocol`: `activitypub`, `twitter`, `lightning`, `atproto`, …, or `disabled`.
    public var `protocol`: String
    /// `uri`, resolved: the root post. `nil` when comments are disabled.
    public var uri: String?
    /// `accountId`: the account that wrote the root post (`@dave`).
    public var accountID: String?
    /// `accountUrl`, resolved: that account's public page.
    public var accountURL: String?
    /// `priority`: among several, the lower the number the sooner to show.
    public var priority: Int?

    /// Creates a comment thread reference.
    public init(
        protocol: String, uri: String? = nil, accountID: String? = nil, accountURL: String? = nil,
        priority: Int? = nil
    ) {
        self.protocol = `protocol`
        self.uri = uri
        self.accountID = accountID
        self.accountURL = accountURL
        self.priority = priority
    }
}
