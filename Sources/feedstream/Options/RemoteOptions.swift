import ArgumentParser
import FeedStreamNetworking
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a URL given in place of FILE is requested: credentials, headers, paging, caching and retries.
struct RemoteOptions: ParsableArguments {
    @Option(
        name: .customLong("user"),
        help: ArgumentHelp("HTTP Basic credentials (split at the first colon).", valueName: "name:password"))
    var basicCredentials: String?

    @Option(
        name: .customLong("header"),
        help: ArgumentHelp("An extra request header (repeatable).", valueName: "Name: value"))
    var headers: [String] = []

    @Option(
        help: ArgumentHelp(
            "Pages to follow with the service's paging (Atom rel=\"next\" / OpenSearch, Twitter next_page / "
                + "next_results / next_token, Jive links.next), or `all`.", valueName: "n|all"))
    var pages = "1"

    @Option(
        name: .customLong("cache"),
        help: ArgumentHelp(
            "Conditional GET: ETag / Last-Modified and the decoded items kept per URL in this directory; on a 304 "
                + "the cached items are printed.", valueName: "dir"))
    var cacheDirectory: String?

    @Option(help: "Times a 429 or 503 answer is retried after its Retry-After (at most 60 s each).")
    var retries = 2

    /// Whether any option here was given: they only make sense with a URL.
    var isSpecified: Bool {
        basicCredentials != nil || !headers.isEmpty || pages != "1" || cacheDirectory != nil || retries != 2
    }

    func validate() throws {
        if let basicCredentials, !basicCredentials.contains(":") {
            throw ValidationError("--user takes NAME:PASSWORD")
        }
        for header in headers {
            guard let colon = header.firstIndex(of: ":"),
                !header[..<colon].trimmingCharacters(in: .whitespaces).isEmpty
            else { throw ValidationError("--header takes 'Name: value'") }
        }
        guard pages == "all" || (Int(pages) ?? 0) > 0 else {
            throw ValidationError("--pages takes a positive whole number or `all`")
        }
        guard retries >= 0 else { throw ValidationError("--retries takes a whole number, 0 or more") }
    }

    /// `nil` for `--pages all`.
    var maximumPages: Int? { Int(pages) }

    /// The authorizer the options ask for, if any.
    func authorizer() throws -> (any RequestAuthorizer)? {
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
