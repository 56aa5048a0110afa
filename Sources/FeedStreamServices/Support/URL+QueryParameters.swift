import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URL {
    /// This URL with every parameter named in `names` removed from its query and `items` appended, each name and
    /// value percent-encoded so that only RFC 3986 unreserved characters (and `,:()`) stay as they are: a `+` in
    /// a Jive date or an e-mail address reaches the server as `%2B`, never as a space. Parameters not named keep
    /// their encoding as written.
    func replacingQueryParameters(named names: Set<String>, with items: [URLQueryItem]) -> URL {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: true) else { return self }
        var pieces = (components.percentEncodedQuery ?? "").split(separator: "&").filter { piece in
            let name = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return !names.contains(String(name).removingPercentEncoding ?? String(name))
        }.map(String.init)
        for item in items {
            let name = Self.queryEncoded(item.name)
            pieces.append(item.value.map { name + "=" + Self.queryEncoded($0) } ?? name)
        }
        components.percentEncodedQuery = pieces.isEmpty ? nil : pieces.joined(separator: "&")
        return components.url ?? self
    }

    /// This URL with each parameter in `parameters` set to its value, replacing any of the same name; a `nil`
    /// value removes the parameter.
    func settingQueryParameters(_ parameters: KeyValuePairs<String, String?>) -> URL {
        replacingQueryParameters(
            named: Set(parameters.map(\.key)),
            with: parameters.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } })
    }

    /// The first value of the query parameter `name`, decoded.
    func queryValue(_ name: String) -> String? {
        URLComponents(url: self, resolvingAgainstBaseURL: true)?.queryItems?.first { $0.name == name }?.value
    }

    private static let queryAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~,:()")

    private static func queryEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? text
    }
}

extension URLRequest {
    /// A request for `url` that keeps this request's method, header fields, body and timeout: the next page of
    /// the same query.
    func redirected(to url: URL) -> URLRequest {
        var request = self
        request.url = url
        return request
    }
}
