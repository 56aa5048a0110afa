import Foundation

/// Why a subscription's refresh failed, in terms an app can act on: show it, localise it, retry it later, or offer
/// to find the feed again.
public struct RefreshFailure: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// What kind of failure it was.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// DNS, a refused or reset connection, TLS: the host, not the network.
        case unreachable
        /// No byte for the idle timeout, or past the whole-transfer deadline.
        case timedOut
        /// A 4xx or 5xx answer other than those below (``RefreshFailure/statusCode`` says which).
        case httpStatus
        /// A bot wall: a 403 or 503 with a challenge page (such as `cf-mitigated: challenge`).
        case blocked
        /// The body passed the inflation ratio or the body size limit.
        case tooLarge
        /// The body is no feed: an HTML page, a login portal, JSON that is no JSON Feed.
        case notAFeed
        /// A decoding error, after the entries before it.
        case malformed
    }

    /// What kind of failure it was.
    public var kind: Kind
    /// The HTTP status, when an answer arrived.
    public var statusCode: Int?
    /// One line in the user's terms, without credentials.
    public var message: String

    /// Creates a failure.
    public init(kind: Kind, statusCode: Int? = nil, message: String) {
        self.kind = kind
        self.statusCode = statusCode
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
