/// `media:scene` of `media:scenes`: a named stretch of the object.
public struct MediaScene: Sendable, Hashable, Codable {
    /// `sceneTitle`.
    public var title: String?
    /// `sceneDescription`.
    public var description: String?
    /// `sceneStartTime` in seconds (written `00:15` or `00:00:15.000`).
    public var startTime: Double?
    /// `sceneEndTime` in seconds.
    public var endTime: Double?

    /// Creates a scene.
    public init(title: String? = nil, description: String? = nil, startTime: Double? = nil, endTime: Double? = nil) {
        self.title = title
        self.description = description
        self.startTime = startTime
        self.endTime = endTime
    }
}
