import Foundation
import StreamCore

extension HTTPResponseError {
    /// The longest ``message`` made from a body, in characters.
    static let maximumMessageLength = 300

    /// What the service said, on one line: its own error when the parser recognised the body
    /// (``serviceError``), otherwise the body made readable — an HTML page without its markup, a form-encoded
    /// body (`oauth_problem=signature_invalid&…`, as OAuth 1.0a services answer) decoded, any text with its
    /// whitespace collapsed — at most 300 characters of it.
    public var message: String {
        if let serviceError { return serviceError.message }
        if body.isEmpty, let authenticationChallenge {
            return "credentials refused (WWW-Authenticate: \(authenticationChallenge))"
        }
        let mediaType = HTTPResponseInfo.parse(contentType: contentType).mediaType
        let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
        let text: String
        if mediaType == "text/html" || mediaType == "application/xhtml+xml"
            || trimmed.lowercased().hasPrefix("<!doctype html") || trimmed.lowercased().hasPrefix("<html")
        {
            text = Self.textOfHTML(trimmed)
        } else if mediaType == "application/x-www-form-urlencoded" || trimmed.hasPrefix("oauth_problem=") {
            text = OAuth1Encoding.formParameters(trimmed).map { "\($0.name)=\($0.value)" }
                .joined(separator: ", ")
        } else {
            text = trimmed
        }
        let line = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        guard line.count > Self.maximumMessageLength else { return line }
        return String(line.prefix(Self.maximumMessageLength)) + "…"
    }

    /// The error for a refused response whose head is `head` and whose body (or its start) is `body`.
    public init(
        refused head: HTTPResponseInfo, reason: Reason = .status, body: [UInt8], isBodyTruncated: Bool = false,
        serviceError: StreamError? = nil
    ) {
        self.init(
            reason: reason, statusCode: head.statusCode, contentType: head.contentType,
            body: Self.text(of: body, charset: head.charset), isBodyTruncated: isBodyTruncated,
            serviceError: serviceError, headers: head.headers)
    }

    /// A body as text: ISO-8859-1 when the `charset` says so (or US-ASCII, its subset), UTF-8 otherwise.
    static func text(of body: [UInt8], charset: String?) -> String {
        if let charset = charset?.lowercased(), ["iso-8859-1", "latin1", "us-ascii"].contains(charset) {
            return String(decoding: body.map { UInt16($0) }, as: UTF16.self)
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// The text of an HTML error page: comments, scripts and styles dropped, tags turned into spaces, the
    /// common entities decoded. Enough for the one line a person needs, not an HTML parser.
    static func textOfHTML(_ html: String) -> String {
        var text = html
        let patterns = ["(?s)<!--.*?-->", "(?s)<script\\b.*?</script\\s*>", "(?s)<style\\b.*?</style\\s*>", "<[^>]*>"]
        for pattern in patterns {
            text = text.replacingOccurrences(
                of: pattern, with: " ", options: [.regularExpression, .caseInsensitive])
        }
        let entities = [
            ("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"),
            ("&amp;", "&"),
        ]
        for (entity, character) in entities {
            text = text.replacingOccurrences(of: entity, with: character, options: .caseInsensitive)
        }
        return text
    }
}
