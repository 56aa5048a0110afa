/// The author of a tweet.
public struct TwitterUser: Sendable, Hashable, Codable {
    /// The user id, exact.
    public var id: Int64
    /// The id as the service wrote it in text.
    public var idString: String
    /// The handle without `@` (`screen_name`, v2 `username`, v1 search `from_user`).
    public var screenName: String
    /// The display name; v1 search results do not carry it.
    public var name: String?
    /// The avatar (the `https` form when the response has both).
    public var profileImageURL: String?

    /// Creates a user.
    public init(id: Int64, idString: String, screenName: String, name: String? = nil, profileImageURL: String? = nil) {
        self.id = id
        self.idString = idString
        self.screenName = screenName
        self.name = name
        self.profileImageURL = profileImageURL
    }
}
