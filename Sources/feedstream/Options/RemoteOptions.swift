import ArgumentParser
import FeedStreamNetworking
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a URL given in place of FILE is requested.
struct RemoteOptions: ParsableArguments {
    @Option(name: .customLong("user"), help: ArgumentHelp("HTTP Basic credentials (split at the first colon).",
        valueName: "name:password"))
    var basicCredentials: String?

    @Option(name: .customLong("header"), help: ArgumentHelp("An extra request header (repeatable).",
        valueName: "Name: value"))
    var headers: [String] = []

    /// Whether any option here was given: they only make sense with a URL.
    var isSpecified: Bool { basicCredentials != nil || !headers.isEmpty }

    func validate() throws {
        if let basicCredentials, !basicCredentials.contains(":") {
            throw ValidationError("--user takes NAME:PASSWORD")
        }
        for header in headers {
            guard let colon = header.firstIndex(of: ":"),
                !header[..<colon].trimmingCharacters(in: .whitespaces).isEmpty
            else { throw ValidationError("--header takes 'Name: value'") }
        }
    }

    /// The authorizer the options ask for, if any.
    var authorizer: (any RequestAuthorizer)? {
        guard let basicCredentials, let colon = basicCredentials.firstIndex(of: ":") else { return nil }
        return HTTPBasicAuthorizer(
            username: String(basicCredentials[..<colon]),
            password: String(basicCredentials[basicCredentials.index(after: colon)...]))
    }

    /// A GET of `url` with the extra headers.
    func request(for url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.setValue("feedstream", forHTTPHeaderField: "User-Agent")
        for header in headers {
            let colon = header.firstIndex(of: ":")!
            request.addValue(
                header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces),
                forHTTPHeaderField: header[..<colon].trimmingCharacters(in: .whitespaces))
        }
        return request
    }
}
