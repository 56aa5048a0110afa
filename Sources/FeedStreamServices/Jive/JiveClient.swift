import Foundation
import FeedStreamNetworking
import JSONStream

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Jive REST v3 client of the iOS SDK: validates the instance, signs in, loads people and content, and
/// edits documents under Jive's editing lock.
///
/// ```swift
/// let jive = JiveClient(
///     instanceURL: URL(string: "https://community.example.com")!,
///     authorizer: HTTPBasicAuthorizer(username: name, password: password))
/// let version = try await jive.version()          // validates, follows or rewrites the instance URL
/// let me = try await jive.me()                     // the sign-in check
/// var document = try await jive.content(at: url)
/// if version.supportsContentEditingAPI {
///     document = try await jive.lockForEditing(document)   // 409 when someone else is editing
///     document.content?.text = edited
///     document = try await jive.saveWhileEditing(document) // autosave, keeps the lock
///     document = try await jive.update(document)           // publish; releases the lock
/// }
/// ```
///
/// Every response body is decoded as it streams in by ``JiveResponseParser``, which skips Jive's
/// anti-hijacking prefix. A refused response is an ``HTTPResponseError`` whose
/// ``HTTPResponseError/serviceError`` carries Jive's own message (a 409 when another person holds the lock, a
/// 401 for wrong credentials); a body without the fields a model needs is a `StreamError` naming the field.
/// The authorizer is applied to every request sent, the redirect probe included.
///
/// The client is safe to share between tasks: its only mutable state — the instance URL in use, the URL
/// rewrite and the core API path that ``version()`` settles — is guarded by a lock.
public final class JiveClient: Sendable {
    /// The instance URL as given, normalised (scheme, trailing slash).
    public let typedInstanceURL: URL
    private let authorizer: (any RequestAuthorizer)?
    private let state: JiveClientState

    /// Creates a client for the instance at `instanceURL` (normalised: `https://` added when it has no scheme,
    /// a trailing `/` added to its path). Nothing is sent until the first call.
    ///
    /// - Parameters:
    ///   - authorizer: credentials added to every request (``HTTPBasicAuthorizer`` for Jive's Basic sign-in);
    ///     `nil` sends none.
    ///   - transport: what sends every request, for the client's whole life, so calls reuse its connections
    ///     (default ``DefaultHTTPTransport``).
    ///   - limits: the idle timeout (default 30 s) and an optional deadline for each call.
    public init(
        instanceURL: URL, authorizer: (any RequestAuthorizer)?, transport: any HTTPTransport = DefaultHTTPTransport(),
        limits: TransferLimits = TransferLimits()
    ) {
        typedInstanceURL = JiveInstanceURL.normalized(instanceURL)
        self.authorizer = authorizer
        state = JiveClientState(instanceURL: typedInstanceURL, transport: transport, limits: limits)
    }

    /// Creates a client whose requests go through one ``URLSessionTransport`` with `configuration`; its request
    /// timeout is the idle timeout.
    public convenience init(
        instanceURL: URL, authorizer: (any RequestAuthorizer)?, configuration: URLSessionConfiguration
    ) {
        self.init(
            instanceURL: instanceURL, authorizer: authorizer,
            transport: URLSessionTransport(configuration: configuration),
            limits: TransferLimits(sessionConfiguration: configuration))
    }

    /// The instance URL in use: the typed URL, or after ``version()`` the instance's own `instanceURL` when it
    /// differs and answers.
    public var instanceURL: URL { state.snapshot.instanceURL }

    /// Normalises an instance address as a user types it (`community.example.com/jive` →
    /// `https://community.example.com/jive/`); `nil` when it names no host.
    public static func normalizedInstanceURL(_ text: String) -> URL? {
        JiveInstanceURL.normalized(text)
    }

    /// Validates the instance: `GET {instance}/api/version`.
    ///
    /// When the answer's `instanceURL` names another place than the typed URL, that URL is probed with the same
    /// request. If it answers, it becomes ``instanceURL`` for every later call. If it does not (an internal
    /// name behind a load balancer), or if it would move an `https` instance to `http` (never done: the
    /// credentials would then travel in clear), the typed URL stays in use and every URL the server returns from then on —
    /// `selfURL`, `resources` refs, links in bodies, URLs among the unnamed fields — is moved onto the typed
    /// URL's scheme, host, port and path.
    ///
    /// - Returns: the version record of the instance in use (the probed one when it answered).
    /// - Throws: ``HTTPResponseError`` for a refused response; `StreamError` for a body that is not a version
    ///   record, or of kind `.unexpectedDocument` when the instance serves no core API v3 (before Jive 6).
    public func version() async throws -> JivePlatformVersion {
        let typed = typedInstanceURL
        var version = try await fetchVersion(at: typed)
        var settled = JiveClientState.Settled(instanceURL: typed, rewrite: nil, coreAPIPath: "api/core/v3")
        if let advertised = version.instanceURL.map({ JiveInstanceURL.normalized($0) }),
            !JiveInstanceURL.same(advertised, typed)
        {
            if Self.isDowngrade(from: typed, to: advertised) {
                settled.rewrite = JiveURLRewrite(from: advertised, to: typed)
            } else {
                do {
                    version = try await fetchVersion(at: advertised)
                    settled.instanceURL = advertised
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    // Unreachable from here: stay on the typed URL, and move what the server returns onto it.
                    settled.rewrite = JiveURLRewrite(from: advertised, to: typed)
                }
            }
        }
        guard let v3 = version.coreV3 else { throw Self.noCoreV3(version) }
        let path = v3.uri.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        if !path.isEmpty { settled.coreAPIPath = path }
        state.settle(settled)
        return version
    }

    /// The signed-in person: `GET {instance}/{core v3}/people/@me` — the sign-in check.
    public func me() async throws -> JivePerson {
        let settled = state.snapshot
        let url = try Self.resolve(settled.coreAPIPath + "/people/@me", against: settled.instanceURL)
        return try await send("GET", url, as: JivePerson.self)
    }

    /// The content at `url` (a `contents/{id}` URL, a `resources.self.ref`, an inbox entry's content URL).
    public func content(at url: URL) async throws -> JiveContent {
        var content = try await send("GET", url, as: JiveContent.self)
        if content.selfURL == nil { content.selfURL = state.snapshot.rewrite?.apply(url) ?? url }
        return content
    }

    /// Whether moving from `typed` to `advertised` would go from `https` down to `http`.
    static func isDowngrade(from typed: URL, to advertised: URL) -> Bool {
        typed.scheme?.lowercased() == "https" && advertised.scheme?.lowercased() != "https"
    }

    private static func noCoreV3(_ version: JivePlatformVersion) -> StreamError {
        StreamError(
            kind: .unexpectedDocument,
            message: "the Jive instance serves no core API v3 (\(version.jiveVersion)); Jive 6 or later is needed")
    }

    private func fetchVersion(at instance: URL) async throws -> JivePlatformVersion {
        try await send("GET", try Self.resolve("api/version", against: instance), as: JivePlatformVersion.self)
    }

    static func resolve(_ relative: String, against base: URL) throws -> URL {
        guard let url = URL(string: relative, relativeTo: base)?.absoluteURL else { throw URLError(.badURL) }
        return url
    }

    /// Sends one request and decodes its body, moving the returned URLs when the instance needs it.
    func send<T: Decodable & Sendable & JiveURLRewritable>(
        _ method: String, _ url: URL, body: Data? = nil, as type: T.Type
    ) async throws -> T {
        guard var value = try await exchange(method, url, body: body, as: type, allowsEmptyBody: false) else {
            throw StreamError(kind: .truncatedInput, message: "the Jive response has no body")
        }
        if let rewrite = state.snapshot.rewrite { value.rewriteURLs(with: rewrite) }
        return value
    }

    /// Sends one request; the decoded body, or `nil` when the server sent none and `allowsEmptyBody`.
    func exchange<T: Decodable & Sendable>(
        _ method: String, _ url: URL, body: Data?, as type: T.Type, allowsEmptyBody: Bool
    ) async throws -> T? {
        let settled = state.snapshot
        var request = URLRequest(url: settled.rewrite?.apply(url) ?? url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = body
            request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        }
        // Signed by the engine, for this request's origin only: a redirect elsewhere goes without credentials.
        let items = state.transport.parsedItems(
            for: request, requirements: .json, authorizer: authorizer, limits: state.limits
        ) { _ in JiveResponseParser<T>(allowsEmptyBody: allowsEmptyBody) }
        var result: T?
        for try await item in items { result = item }
        return result
    }
}
