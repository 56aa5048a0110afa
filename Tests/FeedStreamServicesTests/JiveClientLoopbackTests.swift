import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Jive client against a loopback Jive instance")
struct JiveClientLoopbackTests {
    private static let alice = HTTPBasicAuthorizer(username: "alice", password: "wonder-land")

    /// A simulator on a server of its own, writing its own address into bodies.
    private static func instance(mountPath: String = "/") throws -> (JiveSimulator, LoopbackHTTPServer, URL) {
        let simulator = JiveSimulator(mountPath: mountPath)
        let server = try simulator.serve()
        let typed = URL(string: server.baseURL.absoluteString + mountPath)!
        simulator.publicBase = typed.absoluteString
        return (simulator, server, typed)
    }

    @Test("The SDK example's flow: validate, sign in, load, editable text, lock, autosave, unlock, lock, publish")
    func lifecycle() async throws {
        let (simulator, server, typed) = try Self.instance()
        let jive = JiveClient(instanceURL: typed, authorizer: Self.alice, configuration: .patientLoopback)

        let version = try await jive.version()
        #expect(version.jiveVersion == "7.0.3.0 7c5")
        #expect(version.supportsContentEditingAPI)
        #expect(jive.instanceURL == typed)

        let me = try await jive.me()
        #expect(me.id == "2001")
        #expect(me.displayName == "Alice Liddell")
        #expect(me.username == "alice")

        let documentURL = server.url("/api/core/v3/contents/1001")
        let document = try await jive.content(at: documentURL)
        #expect(document.subject == "Team charter")
        #expect(document.selfURL == documentURL)
        #expect(document.editingBy == nil)
        #expect(document.content?.editable == false)
        #expect(document.content?.text.contains("jive-rendered-content") == true)
        // The display form without its markup is the editable form.
        #expect(document.content?.editableText == "<body><p>We ship <b>weekly</b>.</p></body>")

        let editable = try await jive.editableContent(document)
        #expect(editable.content?.editable == true)
        #expect(editable.content?.text == "<body><p>We ship <b>weekly</b>.</p></body>")
        #expect(editable.editingBy == nil)

        var locked = try await jive.lockForEditing(document)
        #expect(locked.editingBy?.id == me.id)
        #expect(simulator.document("1001")?.lockedBy == "2001")

        locked.content?.text = "<body><p>We ship <b>daily</b>.</p></body>"
        let saved = try await jive.saveWhileEditing(locked)
        #expect(saved.content?.text == "<body><p>We ship <b>daily</b>.</p></body>")
        #expect(simulator.document("1001")?.draft == "<body><p>We ship <b>daily</b>.</p></body>")
        #expect(simulator.document("1001")?.text == "<body><p>We ship <b>weekly</b>.</p></body>")

        try await jive.unlock(saved)
        #expect(simulator.document("1001")?.lockedBy == nil)
        #expect(simulator.document("1001")?.draft == nil)

        var relocked = try await jive.lockForEditing(document)
        #expect(relocked.editingBy?.id == me.id)
        relocked.subject = "Team charter (2026)"
        relocked.content?.text = "<body><p>We ship <b>daily</b>, with care.</p></body>"
        let published = try await jive.update(relocked)
        #expect(published.subject == "Team charter (2026)")
        #expect(published.editingBy == nil)
        #expect(published.content?.editableText == "<body><p>We ship <b>daily</b>, with care.</p></body>")
        #expect(published.additionalFields["x-simulator-version"] == .integer(2))
        #expect(simulator.document("1001")?.lockedBy == nil)

        // What the server had sent and the client never named went back with the update.
        let body = try #require(simulator.publishedBodies.last)
        #expect(body["visibility"] as? String == "all")
        #expect(body["parent"] as? String == typed.absoluteString + "api/core/v3/places/7")
        #expect(body["x-simulator-version"] as? Int == 1)

        // The credentials went with every request, the version check included.
        let received = server.snapshot.received
        let methods = received.map { "\($0.method) \($0.path)" }
        #expect(methods == [
            "GET /api/version", "GET /api/core/v3/people/@me", "GET /api/core/v3/contents/1001",
            "GET /api/core/v3/contents/1001/editable", "POST /api/core/v3/contents/1001/editable",
            "PUT /api/core/v3/contents/1001/editable", "DELETE /api/core/v3/contents/1001/editable",
            "POST /api/core/v3/contents/1001/editable", "PUT /api/core/v3/contents/1001",
        ])
        #expect(received.allSatisfy { $0.header("Authorization")?.hasPrefix("Basic ") == true })
        #expect(received.filter { $0.method == "PUT" }.allSatisfy {
            $0.header("Content-Type")?.hasPrefix("application/json") == true
        })
    }

    @Test("A lock someone else holds: HTTP 409 carrying Jive's message")
    func conflict() async throws {
        let (simulator, server, typed) = try Self.instance()
        let jive = JiveClient(instanceURL: typed, authorizer: Self.alice, configuration: .patientLoopback)
        _ = try await jive.version()
        let document = try await jive.content(at: server.url("/api/core/v3/contents/1002"))
        #expect(document.editingBy?.displayName == "Bob Smith")

        let error = try await #require(throws: HTTPResponseError.self) { try await jive.lockForEditing(document) }
        #expect(error.statusCode == 409)
        #expect(error.serviceError?.kind == .serviceError)
        #expect(error.serviceError?.message == "Jive error 409: The document is being edited by Bob Smith.")
        #expect(error.serviceError?.serviceCode == "409")
        #expect(error.serviceError?.serviceMessage == "The document is being edited by Bob Smith.")
        #expect(error.description.contains("being edited by Bob Smith"))

        var edited = document
        edited.content?.text = "<body><p>Mine now</p></body>"
        let publishError = try await #require(throws: HTTPResponseError.self) { try await jive.update(edited) }
        #expect(publishError.statusCode == 409)
        #expect(simulator.document("1002")?.lockedBy == "2002")
        #expect(simulator.document("1002")?.text == "<body><p>Draft numbers</p></body>")
    }

    @Test("Wrong credentials: HTTP 401 carrying Jive's message, password nowhere in the error")
    func unauthorised() async throws {
        let (_, server, typed) = try Self.instance()
        let jive = JiveClient(
            instanceURL: typed, authorizer: HTTPBasicAuthorizer(username: "alice", password: "not-her-password"),
            configuration: .patientLoopback)
        _ = try await jive.version()
        let error = try await #require(throws: HTTPResponseError.self) { try await jive.me() }
        #expect(error.statusCode == 401)
        #expect(error.serviceError?.message == "Jive error 401: Unauthorized")
        #expect(error.serviceError?.serviceCode == "401")
        #expect(error.serviceError?.serviceMessage == "Unauthorized")
        #expect(!String(describing: error).contains("not-her-password"))
        #expect(server.snapshot.received.last?.header("Authorization") != nil)
    }

    @Test("A body without the fields a content object has: a positioned StreamError naming the field")
    func missingFields() async throws {
        let (_, server, typed) = try Self.instance()
        let jive = JiveClient(instanceURL: typed, authorizer: Self.alice, configuration: .patientLoopback)
        let error = try await #require(throws: StreamError.self) {
            try await jive.content(at: server.url("/api/core/v3/contents/broken"))
        }
        #expect(error.kind == .typeMismatch)
        #expect(error.path == "id")
        #expect(error.line >= 1 && error.byteOffset > 0)
    }

    @Test("The instance's own URL answers: it is used for every later call")
    func redirectToReachableInstanceURL() async throws {
        let (ownSimulator, ownServer, own) = try Self.instance(mountPath: "/jive/")
        ownSimulator.advertisedInstanceURL = own.absoluteString
        // The typed address answers the version check and names the other one as the instance's own.
        let front = JiveSimulator()
        front.advertisedInstanceURL = own.absoluteString
        let frontServer = try front.serve()
        let jive = JiveClient(
            instanceURL: frontServer.baseURL, authorizer: Self.alice, configuration: .patientLoopback)

        let version = try await jive.version()
        #expect(version.instanceURL == own)  // the record of the instance in use
        #expect(jive.instanceURL == own)
        #expect(jive.typedInstanceURL.absoluteString == frontServer.baseURL.absoluteString + "/")

        let me = try await jive.me()
        #expect(me.selfURL == URL(string: own.absoluteString + "api/core/v3/people/2001"))
        let document = try await jive.content(at: URL(string: own.absoluteString + "api/core/v3/contents/1001")!)
        let locked = try await jive.lockForEditing(document)
        #expect(locked.editingBy?.id == "2001")
        try await jive.unlock(locked)

        #expect(frontServer.snapshot.received.map(\.path) == ["/api/version"])
        #expect(ownServer.snapshot.received.map { "\($0.method) \($0.path)" } == [
            "GET /jive/api/version", "GET /jive/api/core/v3/people/@me", "GET /jive/api/core/v3/contents/1001",
            "POST /jive/api/core/v3/contents/1001/editable", "DELETE /jive/api/core/v3/contents/1001/editable",
        ])
    }

    @Test("The instance's own URL is unreachable: the typed URL stays, returned URLs are moved onto it")
    func rewriteWhenInstanceURLUnreachable() async throws {
        // Behind the "load balancer" the instance calls itself http://127.0.0.1:1/internal/jive — nothing listens
        // on port 1, so the probe is refused at once.
        let simulator = JiveSimulator(mountPath: "/community/")
        let server = try simulator.serve()
        let internalBase = "http://127.0.0.1:1/internal/jive"
        simulator.publicBase = internalBase
        simulator.advertisedInstanceURL = internalBase
        let typedText = "http://127.0.0.1:\(server.port)/community"
        let jive = JiveClient(
            instanceURL: URL(string: typedText)!, authorizer: Self.alice, configuration: .patientLoopback)

        let version = try await jive.version()
        #expect(version.instanceURL == URL(string: internalBase))
        #expect(jive.instanceURL.absoluteString == typedText + "/")

        let me = try await jive.me()
        #expect(me.selfURL?.absoluteString == typedText + "/api/core/v3/people/2001")
        #expect(me.thumbnailURL?.absoluteString == typedText + "/api/core/v3/people/2001/avatar")

        // A URL the server handed out elsewhere (an inbox entry's) is moved too before it is requested.
        let document = try await jive.content(at: URL(string: internalBase + "/api/core/v3/contents/1001")!)
        #expect(document.selfURL?.absoluteString == typedText + "/api/core/v3/contents/1001")
        #expect(document.resources["editable"]?.ref?.absoluteString
            == typedText + "/api/core/v3/contents/1001/editable")
        #expect(document.resources["html"]?.ref?.absoluteString == typedText + "/docs/DOC-1001")
        #expect(document.additionalFields["parent"] == .string(typedText + "/api/core/v3/places/7"))

        // Links and images in a body are moved; links elsewhere are not.
        let links = try await jive.content(at: URL(string: typedText + "/api/core/v3/contents/1003")!)
        #expect(links.content?.editableText == "<body><p><a href=\"\(typedText)/docs/DOC-1001\">Charter</a> "
            + "<img src='\(typedText)/servlet/JiveServlet/a.png'/> "
            + "<a href=\"https://elsewhere.example/x\">out</a></p></body>")

        var locked = try await jive.lockForEditing(document)
        #expect(locked.editingBy?.selfURL?.absoluteString == typedText + "/api/core/v3/people/2001")
        locked.content?.text = "<body><p>Edited behind the balancer</p></body>"
        let published = try await jive.update(locked)
        #expect(published.editingBy == nil)
        #expect(simulator.document("1001")?.text == "<body><p>Edited behind the balancer</p></body>")

        // Every request reached the typed address, under its path.
        let paths = server.snapshot.received.map { "\($0.method) \($0.path)" }
        #expect(paths == [
            "GET /community/api/version", "GET /community/api/core/v3/people/@me",
            "GET /community/api/core/v3/contents/1001", "GET /community/api/core/v3/contents/1003",
            "POST /community/api/core/v3/contents/1001/editable",
            "PUT /community/api/core/v3/contents/1001",
        ])
    }
}
