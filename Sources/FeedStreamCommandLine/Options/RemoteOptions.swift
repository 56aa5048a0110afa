import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a URL given in place of FILE is requested: credentials, headers, paging, caching and retries.
package struct RemoteOptions: ParsableArguments {
    @Option(
        name: .customLong("user"),
        help: ArgumentHelp("HTTP Basic credentials (split at the first colon).", valueName: "name:password"))
    package var basicCredentials: String?

    @Option(
        name: .customLong("oauth1"),
        help: ArgumentHelp(
            "An OAuth 1.0a HMAC-SHA1 signature on every request (the consumer, and the access token when given).",
            valueName: "key:secret[:token:token-secret]"))
    package var oauth1Credentials: String?

    @Option(
        name: .customLong("header"),
        help: ArgumentHelp("An extra request header (repeatable).", valueName: "Name: value"))
    package var headers: [String] = []

    @Option(
        help: ArgumentHelp(
            "Pages to follow with the service's paging (Atom rel=\"next\" / OpenSearch, Twitter next_page / "
                + "next_results / next_token, Jive links.next), or `all`.", valueName: "n|all"))
    package var pages = "1"

    @Option(
        name: .customLong("cache"),
        help: ArgumentHelp(
            "Conditional GET: ETag / Last-Modified and the decoded items kept per URL in this directory; on a 304 "
                + "the cached items are printed.", valueName: "dir"))
    package var cacheDirectory: String?

    @Option(help: "Times a 429 or 503 answer is retried after its Retry-After (at most 60 s each).")
    package var retries = 2

    @Option(
        name: .customLong("timeout"),
        help: ArgumentHelp("Give up when no byte arrives for this long (default 30).", valueName: "seconds"))
    package var timeoutSeconds: Double?

    @Option(
        name: .customLong("transport"),
        help: ArgumentHelp(
            "urlsession or async-http-client (default: async-http-client on Linux, where FoundationNetworking "
                + "cannot make a transfer wait; urlsession on Apple platforms).", valueName: "transport"))
    package var transportName: TransportName?

    @Option(
        name: .customLong("allow-host"),
        help: ArgumentHelp(
            "Credentials and paging may also go to this host (repeatable); otherwise only to the first URL's "
                + "origin.", valueName: "host"))
    package var allowedHosts: [String] = []

    /// The transports `--transport` names.
    package enum TransportName: String, ExpressibleByArgument, CaseIterable {
        case urlsession
        case asyncHTTPClient = "async-http-client"
    }

    /// Whether any option here was given: they only make sense with a URL.
    package var isSpecified: Bool {
        basicCredentials != nil || oauth1Credentials != nil || !headers.isEmpty || pages != "1" || cacheDirectory != nil
            || retries != 2 || timeoutSeconds != nil || transportName != nil || !allowedHosts.isEmpty
    }

    package init() {}

    package func validate() throws {
        if let basicCredentials, !basicCredentials.contains(":") {
            throw ValidationError("--user takes NAME:PASSWORD")
        }
        if basicCredentials != nil && oauth1Credentials != nil {
            throw ValidationError("--user and --oauth1 cannot be combined: a request carries one Authorization")
        }
        if let oauth1Credentials { _ = try Self.oauth1Credentials(oauth1Credentials) }
        for header in headers {
            guard let colon = header.firstIndex(of: ":"),
                !header[..<colon].trimmingSpacesAndTabs().isEmpty
            else { throw ValidationError("--header takes 'Name: value'") }
        }
        guard pages == "all" || (Int(pages) ?? 0) > 0 else {
            throw ValidationError("--pages takes a positive whole number or `all`")
        }
        guard retries >= 0 else { throw ValidationError("--retries takes a whole number, 0 or more") }
        if let timeoutSeconds, !(timeoutSeconds > 0 && timeoutSeconds.isFinite) {
            throw ValidationError("--timeout takes a number of seconds above 0")
        }
        #if !os(Linux)
            if transportName == .asyncHTTPClient {
                throw ValidationError("--transport async-http-client is available on Linux only")
            }
        #endif
    }

    /// Checks that these options are given only with a URL to fetch.
    package func validate(for input: InputOptions) throws {
        if input.remoteURL == nil && isSpecified {
            throw ValidationError(
                "--user, --oauth1, --header, --pages, --cache, --retries, --timeout, --transport and --allow-host "
                    + "apply only when the input is an http:// or https:// URL")
        }
    }

    /// `nil` for `--pages all`.
    package var maximumPages: Int? { Int(pages) }

    /// `NAME:PASSWORD`, split at the first colon (a password may hold colons, a user name may not).
    package static func basicCredentials(_ credentials: String) -> (name: String, password: String)? {
        guard let colon = credentials.firstIndex(of: ":") else { return nil }
        return (String(credentials[..<colon]), String(credentials[credentials.index(after: colon)...]))
    }

    /// `KEY:SECRET` or `KEY:SECRET:TOKEN:TOKEN-SECRET`, split. The message of a malformed value never repeats it.
    package static func oauth1Credentials(_ credentials: String) throws -> OAuth1Credentials {
        let parts = credentials.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 || parts.count == 4, !parts[0].isEmpty else {
            throw ValidationError("--oauth1 takes KEY:SECRET or KEY:SECRET:TOKEN:TOKEN-SECRET")
        }
        return OAuth1Credentials(
            consumerKey: parts[0], consumerSecret: parts[1], token: parts.count == 4 ? parts[2] : nil,
            tokenSecret: parts.count == 4 ? parts[3] : nil)
    }

    /// What `--oauth1` gives, for the signer `feedstream-network` makes.
    package struct OAuth1Credentials {
        package var consumerKey: String
        package var consumerSecret: String
        package var token: String?
        package var tokenSecret: String?
    }

    /// `--header`, split into names and values.
    package var headerFields: [(name: String, value: String)] {
        headers.map { header in
            let colon = header.firstIndex(of: ":")!
            return (
                header[..<colon].trimmingSpacesAndTabs(),
                header[header.index(after: colon)...].trimmingSpacesAndTabs()
            )
        }
    }
}
