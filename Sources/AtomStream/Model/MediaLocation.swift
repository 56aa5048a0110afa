/// `media:location`: a place the object shows or is about, for the whole object or a stretch of it.
public struct MediaLocation: Sendable, Hashable, Codable {
    /// `description`: the place as people name it.
    public var description: String?
    /// `start` in seconds.
    public var start: Double?
    /// `end` in seconds.
    public var end: Double?
    /// The `georss:point` (or `gml:pos`) inside, as written: latitude and longitude separated by white space.
    public var point: String?

    /// Creates a location.
    public init(description: String? = nil, start: Double? = nil, end: Double? = nil, point: String? = nil) {
        self.description = description
        self.start = start
        self.end = end
        self.point = point
    }
}
