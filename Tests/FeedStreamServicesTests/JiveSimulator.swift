import Foundation
import StreamTestSupport

/// A small Jive 7 instance for the loopback tests: `/api/version`, Basic sign-in, `people/@me`, documents, and
/// the editing lock (`{self}/editable` with GET, POST, PUT, DELETE; `PUT {self}` to publish) with Jive's
/// conflict and unauthorised answers, every body behind the anti-hijacking prefix.
///
/// The URLs it writes into bodies start with `publicBase` — its own address, or an internal name that the
/// client cannot reach, to test the rewrite. Requests are routed on the path after `mountPath`.
///
/// `@unchecked Sendable`: all mutable state is touched only while holding `lock`.
final class JiveSimulator: @unchecked Sendable {
    struct Account {
        var username: String
        var password: String
        var id: String
        var displayName: String
    }

    struct Document {
        var id: String
        var subject: String
        /// The text as an editor sees it (simple HTML).
        var text: String
        var lockedBy: String?
        /// Autosaved text while locked.
        var draft: String?
        var version = 1
        /// Fields the server keeps and expects back (and an unnamed one the client must not drop).
        var visibility = "all"
    }

    static let prefix = "throw 'allowIllegalResourceCall is false.';\n"

    private let lock = NSLock()
    private var accounts: [Account]
    private var documents: [String: Document]
    private var _publicBase = ""
    private var _advertisedInstanceURL: String?
    private var _publishedBodies: [[String: Any]] = []
    let mountPath: String

    init(mountPath: String = "/") {
        self.mountPath = mountPath
        accounts = [
            Account(username: "alice", password: "wonder-land", id: "2001", displayName: "Alice Liddell"),
            Account(username: "bob", password: "builder", id: "2002", displayName: "Bob Smith"),
        ]
        documents = [
            "1001": Document(id: "1001", subject: "Team charter", text: "<body><p>We ship <b>weekly</b>.</p></body>"),
            "1002": Document(
                id: "1002", subject: "Budget 2026", text: "<body><p>Draft numbers</p></body>", lockedBy: "2002"),
            // `{base}` stands for `publicBase`: links in a body are URLs the server returns too.
            "1003": Document(
                id: "1003", subject: "Links",
                text: "<body><p><a href=\"{base}/docs/DOC-1001\">Charter</a> <img src='{base}/servlet/JiveServlet/"
                    + "a.png'/> <a href=\"https://elsewhere.example/x\">out</a></p></body>"),
        ]
    }

    /// The URL prefix written into bodies, without a trailing slash.
    var publicBase: String {
        get { lock.withLock { _publicBase } }
        set { lock.withLock { _publicBase = newValue.hasSuffix("/") ? String(newValue.dropLast()) : newValue } }
    }

    /// The `instanceURL` of `/api/version`; `nil` leaves it out.
    var advertisedInstanceURL: String? {
        get { lock.withLock { _advertisedInstanceURL } }
        set { lock.withLock { _advertisedInstanceURL = newValue } }
    }

    /// The JSON bodies of every publish (`PUT {self}`), as received.
    var publishedBodies: [[String: Any]] { lock.withLock { _publishedBodies } }

    func document(_ id: String) -> Document? { lock.withLock { documents[id] } }

    /// A server running this simulator.
    func serve(maximumRequests: Int = 64, keepsConnectionsAlive: Bool = false) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(
            maximumRequests: maximumRequests, lifetime: 600, keepsConnectionsAlive: keepsConnectionsAlive
        ) { [self] request in
            respond(to: request)
        }
    }

    // MARK: Routing

    func respond(to request: LoopbackRequest) -> LoopbackHTTPServer.Route {
        lock.withLock {
            guard request.path.hasPrefix(mountPath) else { return error(404, "Not found") }
            let path = String(request.path.dropFirst(mountPath.count))
            if path == "api/version", request.method == "GET" { return versionRoute() }
            guard let account = signedIn(request) else { return error(401, "Unauthorized") }
            if path == "api/core/v3/people/@me", request.method == "GET" {
                return json(person(account))
            }
            let parts = path.split(separator: "/").map(String.init)
            guard parts.count >= 4, Array(parts[0..<3]) == ["api", "core", "v3"], parts[3] == "contents" else {
                return error(404, "No such resource \(path)")
            }
            if parts.count == 5, parts[4] == "broken" {
                // A body without the fields every content object has.
                return json(["type": "document", "subject": "no id"])
            }
            let id = parts[4]
            guard documents[id] != nil else { return error(404, "Content not found") }
            let editable = parts.count == 6 && parts[5] == "editable"
            guard parts.count == 5 || editable else { return error(404, "No such resource \(path)") }
            return contentRoute(id: id, editable: editable, request: request, account: account)
        }
    }

    private func contentRoute(
        id: String, editable: Bool, request: LoopbackRequest, account: Account
    ) -> LoopbackHTTPServer.Route {
        var document = documents[id]!
        let heldByOther = document.lockedBy.map { $0 != account.id } ?? false
        let conflict = { () -> LoopbackHTTPServer.Route in
            let holder = self.accounts.first { $0.id == document.lockedBy }?.displayName ?? "someone"
            return self.error(409, "The document is being edited by \(holder).")
        }
        switch (request.method, editable) {
        case ("GET", false):
            return json(content(document, editable: false))
        case ("GET", true):
            return json(content(document, editable: true))
        case ("POST", true):
            if heldByOther { return conflict() }
            document.lockedBy = account.id
        case ("PUT", true):
            guard document.lockedBy == account.id else {
                return heldByOther ? conflict() : error(409, "Lock the document before saving.")
            }
            guard let body = parse(request.body), let text = (body["content"] as? [String: Any])?["text"] as? String
            else { return error(400, "The content has no text.") }
            document.draft = text
        case ("DELETE", true):
            guard document.lockedBy == account.id else {
                return heldByOther ? conflict() : error(409, "The document is not locked.")
            }
            document.lockedBy = nil
            document.draft = nil
            documents[id] = document
            return LoopbackHTTPServer.Route(status: 204, framing: .contentLength)
        case ("PUT", false):
            if heldByOther { return conflict() }
            guard let body = parse(request.body), let text = (body["content"] as? [String: Any])?["text"] as? String
            else { return error(400, "The content has no text.") }
            _publishedBodies.append(body)
            // Jive refuses display markup in an update: the client must send the editable form.
            if text.contains("jive-rendered-content") || text.contains("DocumentBodyStart") {
                return error(400, "The text holds display markup.")
            }
            document.text = text
            document.subject = body["subject"] as? String ?? document.subject
            document.visibility = body["visibility"] as? String ?? document.visibility
            document.version += 1
            document.lockedBy = nil
            document.draft = nil
            documents[id] = document
            return json(content(document, editable: false))
        default:
            return error(405, "Method not allowed")
        }
        documents[id] = document
        return json(content(document, editable: true))
    }

    // MARK: Bodies

    private func versionRoute() -> LoopbackHTTPServer.Route {
        var body: [String: Any] = [
            "jiveVersion": "7.0.3.0 7c5",
            "jiveCoreVersions": [
                ["version": 2, "revision": 3, "uri": "/api/core/v2"],
                ["version": 3, "revision": 5, "uri": "/api/core/v3"],
            ],
        ]
        if let advertised = _advertisedInstanceURL { body["instanceURL"] = advertised }
        return json(body)
    }

    private func person(_ account: Account) -> [String: Any] {
        let base = _publicBase + "/api/core/v3/people/\(account.id)"
        return [
            "id": account.id, "type": "person", "displayName": account.displayName,
            "thumbnailUrl": base + "/avatar",
            "jive": ["username": account.username, "enabled": true],
            "resources": ["self": ["ref": base, "allowed": ["GET", "PUT"]]],
        ]
    }

    private func content(_ document: Document, editable: Bool) -> [String: Any] {
        let selfRef = _publicBase + "/api/core/v3/contents/\(document.id)"
        let text = (editable ? (document.draft ?? document.text) : Self.display(document.text))
            .replacingOccurrences(of: "{base}", with: _publicBase)
        var body: [String: Any] = [
            "id": document.id, "type": "document", "subject": document.subject, "status": "published",
            "visibility": document.visibility, "x-simulator-version": document.version,
            "published": "2026-01-05T09:30:00.000+0000", "updated": "2026-01-06T10:00:00.125+0000",
            "parent": _publicBase + "/api/core/v3/places/7",
            "content": ["type": "text/html", "text": text, "editable": editable],
            "resources": [
                "self": ["ref": selfRef, "allowed": ["GET", "PUT", "DELETE"]],
                "editable": ["ref": selfRef + "/editable", "allowed": ["GET", "POST", "PUT", "DELETE"]],
                "html": ["ref": _publicBase + "/docs/DOC-\(document.id)", "allowed": ["GET"]],
            ],
        ]
        if let holder = document.lockedBy, let account = accounts.first(where: { $0.id == holder }) {
            body["editingBy"] = person(account)
        }
        return body
    }

    /// The display form Jive renders: the body markers and the rendered-content wrapper around the text.
    static func display(_ text: String) -> String {
        let inner = text.replacingOccurrences(of: "<body>", with: "").replacingOccurrences(of: "</body>", with: "")
        let marker = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
        return "<body><!-- [DocumentBodyStart:\(marker)] --><div class=\"jive-rendered-content\">\(inner)</div>"
            + "<!-- [DocumentBodyEnd:\(marker)] --></body>"
    }

    private func signedIn(_ request: LoopbackRequest) -> Account? {
        guard let header = request.header("Authorization"), header.hasPrefix("Basic "),
            let decoded = Data(base64Encoded: String(header.dropFirst(6))),
            let pair = String(data: decoded, encoding: .utf8), let colon = pair.firstIndex(of: ":")
        else { return nil }
        let name = String(pair[..<colon])
        let password = String(pair[pair.index(after: colon)...])
        return accounts.first { $0.username == name && $0.password == password }
    }

    private func parse(_ body: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
    }

    private func json(_ object: [String: Any], status: Int = 200) -> LoopbackHTTPServer.Route {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return LoopbackHTTPServer.Route(
            status: status, contentType: "application/json;charset=UTF-8",
            body: Array(Self.prefix.utf8) + Array(data), chunkSize: 97, pauseMicroseconds: 0)
    }

    private func error(_ status: Int, _ message: String) -> LoopbackHTTPServer.Route {
        json(["error": ["status": status, "message": message]], status: status)
    }
}
