import AtomStream
import FeedStreamNetworking
import Foundation
import JSONStream
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches `path` from a one-request server serving `route`, and returns the items and the error.
private func fetch<Parser: NetworkStreamingParser>(
    _ route: LoopbackHTTPServer.Route, requirements: ResponseRequirements = .anySuccess,
    parser: @escaping @Sendable (HTTPResponseInfo) -> Parser
) async throws -> (items: [Parser.Item], error: (any Error)?) {
    let server = try LoopbackHTTPServer(routes: ["/resource": route])
    var items: [Parser.Item] = []
    var caught: (any Error)?
    do {
        let stream = URLSessionTransport.patientLoopback.parsedItems(
            for: URLRequest(url: server.url("/resource")), requirements: requirements, limits: .patientLoopback,
            parser: parser)
        for try await item in stream { items.append(item) }
    } catch {
        caught = error
    }
    await server.waitUntilStopped()
    return (items, caught)
}

@Suite("Loopback HTTP: status, media type and charset checks")
struct ResponseCheckTests {
    @Test(
        "A 403 with an IBM Connections snx:error body is an HTTPResponseError carrying the service error",
        .corpus("connections/profiles/connectionsBasic"))
    func connectionsErrorBody() async throws {
        guard let folder = Corpus.directory("connections/profiles/connectionsBasic") else { return }
        let body = try Corpus.bytes(
            folder.appendingPathComponent("ProfileServiceTest_testUpdateProfileWithInvalidCredentials.1.403.xml"))
        let route = LoopbackHTTPServer.Route(
            status: 403, contentType: "application/xml; charset=UTF-8", body: body, chunkSize: 64)
        let (items, error) = try await fetch(route, requirements: .xml) { _ in AtomParser() }
        #expect(items.isEmpty)
        let failure = try #require(error as? HTTPResponseError)
        #expect(failure.reason == .status)
        #expect(failure.statusCode == 403)
        #expect(failure.contentType == "application/xml; charset=UTF-8")
        #expect(failure.serviceError?.kind == .serviceError)
        #expect(failure.serviceError?.message.contains("403") == true)
        #expect(failure.body.contains("<error"))
        #expect(!failure.isBodyTruncated)
    }

    @Test("A 401 with a Twitter JSON errors body is an HTTPResponseError with Twitter's message")
    func twitterErrorBody() async throws {
        let body = Array(#"{"errors":[{"code":32,"message":"Could not authenticate you."}]}"#.utf8)
        let route = LoopbackHTTPServer.Route(
            status: 401, contentType: "application/json", body: body,
            framing: .contentLength)
        let (items, error) = try await fetch(route, requirements: .json) { _ in TwitterSearchParser() }
        #expect(items.isEmpty)
        let failure = try #require(error as? HTTPResponseError)
        #expect(failure.statusCode == 401)
        #expect(failure.serviceError?.kind == .serviceError)
        #expect(failure.serviceError?.message.contains("Could not authenticate you.") == true)
        #expect(failure.serviceError?.serviceCode == "32")
        #expect(failure.serviceError?.serviceMessage == "Could not authenticate you.")
        #expect(failure.description.contains("HTTP 401"))
    }

    @Test("An HTML page served with 200 where JSON was required is refused, not parsed; a long body is cut")
    func wrongMediaType() async throws {
        let filler = String(repeating: ".", count: 100_000)
        let page = Array("<html><body>Please sign in\(filler)</body></html>".utf8)
        let route = LoopbackHTTPServer.Route(contentType: "text/html; charset=utf-8", body: page, chunkSize: 4096)
        let (items, error) = try await fetch(route, requirements: .json) { _ in JiveInboxParser() }
        #expect(items.isEmpty)
        let failure = try #require(error as? HTTPResponseError)
        #expect(failure.reason == .mediaType)
        #expect(failure.statusCode == 200)
        #expect(failure.serviceError == nil)
        #expect(failure.body.hasPrefix("<html><body>Please sign in"))
        #expect(failure.isBodyTruncated)
        #expect(failure.body.utf8.count == ResponseRequirements.json.maximumErrorBodyBytes)
    }

    @Test("The Content-Type charset reaches AtomParser when the document declares no encoding")
    func charsetFromContentType() async throws {
        // "Café" in ISO-8859-1 (é = 0xE9), with no XML declaration: only the HTTP header says how to read it.
        let body =
            Array(#"<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><title>Caf"#.utf8) + [0xE9]
            + Array("</title></entry></feed>".utf8)
        let route = LoopbackHTTPServer.Route(
            contentType: "application/atom+xml; charset=ISO-8859-1", body: body, chunkSize: 16)
        let (entries, error) = try await fetch(route, requirements: .xml) { head in
            AtomParser(options: .init(defaultEncoding: head.charset))
        }
        #expect(error == nil)
        #expect(entries.map(\.title?.value) == ["Café"])
    }

    @Test("Malformed data in a 200 response ends in the parser's StreamError after the entries before it")
    func malformedBody() async throws {
        let body = Array(
            #"<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id></entry><entry><id>2</id></feed>"#.utf8)
        let route = LoopbackHTTPServer.Route(contentType: "application/atom+xml", body: body, chunkSize: 8)
        let (entries, error) = try await fetch(route, requirements: .xml) { _ in AtomParser() }
        #expect(entries.map(\.id) == ["1"])
        #expect((error as? StreamError)?.kind == .malformedInput)
    }

    @Test("Content-Type parsing: media type lowercased, quoted charset unquoted")
    func contentTypeParsing() {
        let info = HTTPResponseInfo(contentType: #"Application/Atom+XML ; type=feed; charset="iso-8859-1""#)
        #expect(info.mediaType == "application/atom+xml")
        #expect(info.charset == "iso-8859-1")
        #expect(info.isXML && !info.isJSON)
        #expect(ResponseRequirements.xml.accepts(mediaType: info.mediaType))
        #expect(!ResponseRequirements.json.accepts(mediaType: info.mediaType))
        #expect(ResponseRequirements.json.accepts(mediaType: nil))
        #expect(TransferProgress(receivedBytes: 150, expectedBytes: 100).fractionCompleted == 1)
    }
}
