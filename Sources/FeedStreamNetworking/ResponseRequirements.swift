/// What a response must be for its body to be handed to the parser.
///
/// A response that fails them is not parsed as data: its body is collected (up to ``maximumErrorBodyBytes``)
/// and the transfer ends with an ``HTTPResponseError`` — so a 403 with an error document, or an HTML login
/// page served with 200 by a single-sign-on proxy, is an error rather than a stream of nothing.
public struct ResponseRequirements: Sendable, Hashable {
    /// The status codes whose body is data. Default: 200–299.
    public var acceptedStatusCodes: ClosedRange<Int>
    /// The media types whose body is data, lowercased; `nil` accepts any. `application/xml` in the set also
    /// accepts every `…+xml` type, and `application/json` every `…+json` type. A response without a
    /// `Content-Type` is accepted: many services omit it.
    public var acceptedMediaTypes: Set<String>?
    /// How much of an error body is kept for ``HTTPResponseError/body``; the transfer is cancelled beyond it.
    public var maximumErrorBodyBytes: Int

    /// Creates requirements.
    public init(
        acceptedStatusCodes: ClosedRange<Int> = 200...299, acceptedMediaTypes: Set<String>? = nil,
        maximumErrorBodyBytes: Int = 64 << 10
    ) {
        self.acceptedStatusCodes = acceptedStatusCodes
        self.acceptedMediaTypes = acceptedMediaTypes
        self.maximumErrorBodyBytes = maximumErrorBodyBytes
    }

    /// Any 2xx response, whatever its media type.
    public static let anySuccess = ResponseRequirements()

    /// A 2xx response with an XML media type: Atom feeds and entry documents (`application/atom+xml`).
    public static let xml = ResponseRequirements(acceptedMediaTypes: ["application/xml", "text/xml"])

    /// A 2xx response with a JSON media type (including `text/javascript` and `text/plain`, which older
    /// services such as Twitter v1 and Jive use for JSON).
    public static let json = ResponseRequirements(
        acceptedMediaTypes: ["application/json", "text/json", "text/javascript", "text/plain"])

    /// Whether the response's status code is accepted (a response that is not HTTP always is).
    public func accepts(statusCode: Int?) -> Bool {
        statusCode.map(acceptedStatusCodes.contains) ?? true
    }

    /// Whether the response's media type is accepted.
    public func accepts(mediaType: String?) -> Bool {
        guard let acceptedMediaTypes, let mediaType else { return true }
        if acceptedMediaTypes.contains(mediaType) { return true }
        if mediaType.hasSuffix("+xml") && acceptedMediaTypes.contains("application/xml") { return true }
        return mediaType.hasSuffix("+json") && acceptedMediaTypes.contains("application/json")
    }
}
