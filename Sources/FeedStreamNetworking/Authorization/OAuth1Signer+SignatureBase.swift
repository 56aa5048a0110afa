import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The signature base string of RFC 5849 section 3.4.1, in the steps the RFC names. Static and public so that a
// verifier can rebuild what the client signed from what it received.
extension OAuth1Signer {
    /// The signature base string: the upper-case method, the base string URI and the normalised parameters,
    /// each percent-encoded, joined by `&` (section 3.4.1.1).
    ///
    /// - Parameter parameters: every parameter to sign, decoded: the request's own
    ///   (``requestParameters(of:)``) and the `oauth_*` set. `oauth_signature` and `realm` are left out here if
    ///   present, as section 3.4.1.3.1 asks.
    public static func signatureBaseString(
        method: String, url: URL, parameters: [(name: String, value: String)]
    ) throws -> String {
        let signed = parameters.filter { $0.name != "oauth_signature" && $0.name != "realm" }
        return [method.uppercased(), try baseStringURI(for: url), normalizedParameters(signed)]
            .map(OAuth1Encoding.percentEncode).joined(separator: "&")
    }

    /// The base string URI (section 3.4.1.2): scheme and host in lower case, the port only when it is not the
    /// scheme's default (80 for `http`, 443 for `https`), the path as sent (`/` when empty), no query, no
    /// fragment, no user information.
    public static func baseStringURI(for url: URL) throws -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), let rawHost = components.percentEncodedHost,
            !rawHost.isEmpty
        else {
            throw OAuth1Error(.invalidURL, "cannot sign \(url.absoluteString): not an absolute http(s) URL")
        }
        var host = rawHost.lowercased()
        if host.contains(":") && !host.hasPrefix("[") { host = "[\(host)]" }
        var uri = "\(scheme)://\(host)"
        if let port = components.port, !(scheme == "http" && port == 80), !(scheme == "https" && port == 443) {
            uri += ":\(port)"
        }
        let path = components.percentEncodedPath
        return uri + (path.isEmpty ? "/" : path)
    }

    /// The request's own parameters (section 3.4.1.3.1), decoded: those of the query, then those of the body when
    /// the body is single-part `application/x-www-form-urlencoded` as its `Content-Type` says. `+` in either
    /// reads as a space. A body without a `Content-Type` counts as form-encoded, because `URLSession` sends it
    /// declared so and the service signs what it receives; give other bodies their real type.
    ///
    /// - Throws: ``OAuth1Error`` of kind ``OAuth1Error/Kind/unreadableBody`` for a form-encoded body given as a
    ///   stream, whose parameters would have to be signed but cannot be read in advance.
    public static func requestParameters(of request: URLRequest) throws -> [(name: String, value: String)] {
        var parameters: [(name: String, value: String)] = []
        let query = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true)?.percentEncodedQuery }
        if let query { parameters += OAuth1Encoding.formParameters(query) }
        let contentType = request.value(forHTTPHeaderField: "Content-Type")
        let hasBody = !(request.httpBody?.isEmpty ?? true) || request.httpBodyStream != nil
        guard isFormEncoded(contentType) || (contentType == nil && hasBody) else { return parameters }
        if let body = request.httpBody {
            parameters += OAuth1Encoding.formParameters(String(decoding: body, as: UTF8.self))
        } else if request.httpBodyStream != nil {
            throw OAuth1Error(
                .unreadableBody,
                "a form-encoded body (or one without a Content-Type, which URLSession sends as form-encoded) must be "
                    + "signed, but it is a stream; set httpBody, or the body's real Content-Type")
        }
        return parameters
    }

    /// The normalised parameters (section 3.4.1.3.2): each name and value percent-encoded, the pairs sorted by
    /// encoded name and then encoded value (byte order), written `name=value` and joined by `&`.
    public static func normalizedParameters(_ parameters: [(name: String, value: String)]) -> String {
        parameters.map { (OAuth1Encoding.percentEncode($0.name), OAuth1Encoding.percentEncode($0.value)) }
            .sorted { left, right in
                left.0 == right.0
                    ? left.1.utf8.lexicographicallyPrecedes(right.1.utf8)
                    : left.0.utf8.lexicographicallyPrecedes(right.0.utf8)
            }
            .map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    /// Whether a `Content-Type` is `application/x-www-form-urlencoded`, whatever its parameters and case.
    static func isFormEncoded(_ contentType: String?) -> Bool {
        HTTPResponseInfo.parse(contentType: contentType).mediaType == "application/x-www-form-urlencoded"
    }
}
