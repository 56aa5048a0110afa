/// `media:hash`: a checksum of the object's file.
public struct MediaHash: Sendable, Hashable, Codable {
    /// The element's text: the hash in hex.
    public var value: String
    /// `algo`: `md5` or `sha-1`; `md5` when absent.
    public var algorithm: String?

    /// Creates a hash.
    public init(value: String, algorithm: String? = nil) {
        self.value = value
        self.algorithm = algorithm
    }
}
