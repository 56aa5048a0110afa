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
        name: .customLong("oauth1"),
        help: ArgumentHelp(
            "An OAuth 1.0a HMAC-SHA1 signature on every request (the consumer, and the access token when given).",
            valueName: "key:secret[:token:token-secret]"))
    var oauth1Credentials: String?

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

    @Option(
        name: .customLong("timeout"),
        help: ArgumentHelp("Give up when no byte arrives for this long (default 30).", valueName: "seconds"))
    var timeoutSeconds: Double?

    @Option(
        name: .customLong("transport"),
        help: ArgumentHelp(
            "urlsession or async-http-client (default: async-http-client on Linux, where FoundationNetworking "
                + "cannot make a transfer wait; urlsession on Apple platforms).", valueName: "transport"))
    var transportName: TransportName?

    @Option(
        name: .customLong("allow-host"),
        help: ArgumentHelp(
            "Credentials and paging may also go to this host (repeatable); otherwise only to the first URL's "
                + "origin.", valueName: "host"))
    var allowedHosts: [String] = []

    /// The transports `--transport` names.
    enum TransportName: String, ExpressibleByArgument, CaseIterable {
        case urlsession
        case asyncHTTPClient = "async-http-client"
    }

    /// Whether any option here was given: they only make sense with a URL.
    var isSpecified: Bool {
        basicCredentials != nil || oauth1Credentials != nil || !headers.isEmpty || pages != "1" || cacheDirectory != nil
            || retries != 2 || timeoutSeconds != nil || transportName != nil || !allowedHosts.isEmpty
    }

    func validate() throws {
        if let basicCredentials, !basicCredentials.contains(":") {
            throw ValidationError("--user takes NAME:PASSWORD")
        }
        if basicCredentials != nil && oauth1Credentials != nil {
            throw ValidationError("--user and --oauth1 cannot be combined: a request carries one Authorization")
        }
        if let oauth1Credentials { _ = try Self.oauth1Signer(oauth1Credentials) }
        for header in headers {
            guard let colon = header.firstIndex(of: ":"),
                !header[..<colon].trimmingCharacters(in: .whitespaces).isEmpty
            else { throw ValidationError("--header takes 'Name: value'") }
        }
        guard pages == "all" || (Int(pages) ?? 0) > 0 else {
            throw ValidationError("--pages takes a positive whole number or `all`")
        }
        guard retries >= 0 else { throw ValidationError("--retries takes a whole number, 0 or more") }
        if let timeoutSeconds, !(timeoutSeconds > 0 && timeoutSeconds.isFinite) {
            throw ValidationError("--timeout takes a number of seconds above 0")
        }
        #if !canImport(AsyncHTTPClient)
            if transportName == .asyncHTTPClient {
                throw ValidationError("--transport async-http-client is available on Linux only")
            }
        #endif
    }

    /// Checks that these options are given only with a URL to fetch.
    func validate(for input: InputOptions) throws {
        if input.remoteURL == nil && isSpecified {
            throw ValidationError(
                "--user, --oauth1, --header, --pages, --cache, --retries, --timeout, --transport and --allow-host "
                    + "apply only when the input is an http:// or https:// URL")
        }
    }

    /// The transport `--transport` names, or the platform's default.
    func transport() -> any HTTPTransport {
        switch transportName {
        case .urlsession?:
            return URLSessionTransport()
        case .asyncHTTPClient?:
            #if canImport(AsyncHTTPClient)
                return AsyncHTTPClientTransport()
            #else
                return DefaultHTTPTransport()
            #endif
        case nil:
            return DefaultHTTPTransport()
        }
    }

    /// `--timeout` as the transfer's idle timeout.
    var limits: TransferLimits { TransferLimits(idleTimeout: timeoutSeconds ?? 30) }

    /// `--allow-host`: where credentials and paging may also go.
    var originPolicy: OriginPolicy { OriginPolicy(allowedHosts: Set(allowedHosts)) }

    /// `nil` for `--pages all`.
    var maximumPages: Int? { Int(pages) }

    /// The authorizer the options ask for, if any.
    func authorizer() throws -> (any RequestAuthorizer)? {
        if let oauth1Credentials { return try Self.oauth1Signer(oauth1Credentials) }
        guard let basicCredentials else { return nil }
        return Self.basicAuthorizer(basicCredentials)
    }

    /// `NAME:PASSWORD`, split at the first colon (a password may hold colons, a user name may not).
    static func basicAuthorizer(_ credentials: String) -> HTTPBasicAuthorizer? {
        guard let colon = credentials.firstIndex(of: ":") else { return nil }
        return HTTPBasicAuthorizer(
            username: String(credentials[..<colon]), password: String(credentials[credentials.index(after: colon)...]))
    }

    /// `KEY:SECRET` or `KEY:SECRET:TOKEN:TOKEN-SECRET`. The message of a malformed value never repeats it.
    static func oauth1Signer(_ credentials: String) throws -> OAuth1Signer {
        let parts = credentials.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 || parts.count == 4, !parts[0].isEmpty else {
            throw ValidationError("--oauth1 takes KEY:SECRET or KEY:SECRET:TOKEN:TOKEN-SECRET")
        }
        return OAuth1Signer(
            consumerKey: parts[0], consumerSecret: parts[1], token: parts.count == 4 ? parts[2] : nil,
            tokenSecret: parts.count == 4 ? parts[3] : nil)
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
