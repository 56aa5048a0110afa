import Foundation
import StreamCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the response's head says, handed to the parser factory and to the caller before any item.
public struct HTTPResponseInfo: Sendable, Hashable, Codable {
    /// The URL of the response, after redirects; use it as the base URL for relative references.
    public var url: URL?
    /// The HTTP status code, or `nil` for a response that is not HTTP (a `file:` URL).
    public var statusCode: Int?
    /// The `Content-Type` header as sent, parameters included.
    public var contentType: String?
    /// The media type of `Content-Type`, lowercased, without parameters: `application/atom+xml`.
    public var mediaType: String?
    /// The `charset` parameter of `Content-Type`, without quotes: pass it to
    /// `AtomParser.Options.defaultEncoding`, which uses it only when the document names no encoding itself.
    public var charset: String?
    /// The body length announced by `Content-Length`, or `nil` when the server did not announce one (chunked
    /// transfer encoding).
    public var expectedContentLength: Int64?
    /// Every header field, names lowercased (`etag`, `retry-after`, `x-rate-limit-reset`): what conditional GET
    /// and retries read. Look fields up with ``header(_:)``.
    public var headers: [String: String]
    /// Where the requested URL now lives: the target of the last permanent redirect (301, 308) followed while
    /// no temporary one (302, 303, 307) came before it — the URL a subscription should move to, as NetNewsWire
    /// and Miniflux keep it. `nil` when the first response answered, or a temporary redirect came first.
    public var movedTo: URL?

    /// Creates a description of a response head.
    public init(
        url: URL? = nil, statusCode: Int? = nil, contentType: String? = nil, expectedContentLength: Int64? = nil,
        headers: [String: String] = [:]
    ) {
        self.url = url
        self.statusCode = statusCode
        self.contentType = contentType
        self.expectedContentLength = expectedContentLength
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        (mediaType, charset) = Self.parse(contentType: contentType)
    }

    /// Reads the head of a `URLResponse`.
    public init(_ response: URLResponse) {
        let http = response as? HTTPURLResponse
        var contentType: String?
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            guard let name = (name as? String)?.lowercased(), let value = value as? String else { continue }
            headers[name] = value
            if name == "content-type" { contentType = value }
        }
        if http == nil, let mimeType = response.mimeType {
            contentType = mimeType + (response.textEncodingName.map { "; charset=\($0)" } ?? "")
        }
        let length = response.expectedContentLength
        self.init(
            url: response.url, statusCode: http?.statusCode, contentType: contentType,
            expectedContentLength: length >= 0 ? length : nil, headers: headers)
    }

    /// The value of the header field `name` (case-insensitive), or `nil`.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// Whether the media type is XML (`text/xml`, `application/xml`, `application/atom+xml`, …).
    public var isXML: Bool {
        guard let mediaType else { return false }
        return mediaType.hasSuffix("/xml") || mediaType.hasSuffix("+xml")
    }

    /// Whether the media type is JSON (`application/json`, `…+json`, and the `text/javascript` old services use).
    public var isJSON: Bool {
        guard let mediaType else { return false }
        return mediaType.hasSuffix("/json") || mediaType.hasSuffix("+json") || mediaType == "text/javascript"
    }

    /// Splits `type/subtype; charset="x"; …` into the lowercased media type and the charset.
    static func parse(contentType: String?) -> (mediaType: String?, charset: String?) {
        guard let contentType else { return (nil, nil) }
        let parts = contentType.split(separator: ";").map { $0.trimmingSpacesAndTabs() }
        let mediaType = parts.first.map { $0.lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        var charset: String?
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingSpacesAndTabs() }
            guard pair.count == 2, pair[0].lowercased() == "charset" else { continue }
            let value = pair[1].trimming(while: { $0 == "\"" || $0 == "'" })
            charset = value.isEmpty ? nil : value
        }
        return (mediaType, charset)
    }
}
