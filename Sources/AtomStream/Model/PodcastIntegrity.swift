/// `podcast:integrity` of a ``PodcastAlternateEnclosure``: how to check that a downloaded file was not tampered
/// with.
public struct PodcastIntegrity: Sendable, Hashable, Codable {
    /// `type`: `sri` (a Subresource Integrity string) or `pgp-signature` (base64).
    public var type: String
    /// `value`: the SRI string (`sha384-…`) or the signature.
    public var value: String

    /// Creates an integrity check.
    public init(type: String, value: String) {
        self.type = type
        self.value = value
    }
}
