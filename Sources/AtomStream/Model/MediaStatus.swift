/// `media:status`: whether the object is still available.
public struct MediaStatus: Sendable, Hashable, Codable {
    /// `state`: `active`, `blocked` or `deleted`.
    public var state: String
    /// `reason`: why it is blocked or deleted, as text or a URL.
    public var reason: String?

    /// Creates a status.
    public init(state: String, reason: String? = nil) {
        self.state = state
        self.reason = reason
    }
}
