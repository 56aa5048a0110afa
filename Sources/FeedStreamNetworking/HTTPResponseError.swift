import StreamCore

/// A response whose status or media type says its body is not the data asked for.
///
/// It carries what the server said: the status, the content type, the start of the body as text, and — when the
/// body is an error document the parser recognises (an IBM Connections `snx:error`, a Twitter `errors` object)
/// — the parser's `StreamError` of kind `.serviceError`, whose message is the service's own.
public struct HTTPResponseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the response was refused.
    public enum Reason: String, Sendable, Hashable, Codable {
        /// The status code is outside ``ResponseRequirements/acceptedStatusCodes``.
        case status
        /// The media type is outside ``ResponseRequirements/acceptedMediaTypes``.
        case mediaType
    }

    /// Why the response was refused.
    public var reason: Reason
    /// The HTTP status code.
    public var statusCode: Int?
    /// The `Content-Type` header as sent.
    public var contentType: String?
    /// The body as text (UTF-8, or ISO-8859-1 when the `charset` says so), at most
    /// ``ResponseRequirements/maximumErrorBodyBytes`` of it.
    public var body: String
    /// Whether the body was longer than what ``body`` holds.
    public var isBodyTruncated: Bool
    /// The service's error as the parser read it from the body, when the body is an error document it knows.
    public var serviceError: StreamError?
    /// The response's header fields, names lowercased: `Retry-After` and `x-rate-limit-reset` tell when to try a
    /// 429 or 503 again (``RetryPolicy``).
    public var headers: [String: String]
    /// The `WWW-Authenticate` header of a 401 that came as an authentication challenge whose body the platform
    /// withheld (see ``init(challenge:)``).
    public var authenticationChallenge: String?

    /// Creates an error.
    public init(
        reason: Reason, statusCode: Int?, contentType: String?, body: String, isBodyTruncated: Bool = false,
        serviceError: StreamError? = nil, headers: [String: String] = [:]
    ) {
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        self.reason = reason
        self.statusCode = statusCode
        self.contentType = contentType
        self.body = body
        self.isBodyTruncated = isBodyTruncated
        self.serviceError = serviceError
    }

    /// `HTTP 403 (application/atom+xml): IBM Connections error 403: …`, or `HTTP 401 (text/html): Unauthorized
    /// Invalid signature` — the status and the service's ``message`` on one line.
    public var description: String {
        let status = statusCode.map { "HTTP \($0)" } ?? "response"
        let type = contentType.map { " (\($0))" } ?? ""
        let what = reason == .mediaType ? " is not of an accepted media type" : ""
        let detail = message
        return "\(status)\(type)\(what): \(detail.isEmpty ? "empty body" : detail)"
    }
}
