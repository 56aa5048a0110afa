import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

@Suite("Jive models, display markup and instance URLs")
struct JiveModelTests {
    // MARK: Instance URLs

    @Test("Instance addresses as typed: scheme added, host lowercased, trailing slash, query dropped")
    func normalisation() {
        let cases: [(String, String?)] = [
            ("community.example.com", "https://community.example.com/"),
            ("  Community.Example.com/jive ", "https://community.example.com/jive/"),
            ("http://localhost:8080/jive/", "http://localhost:8080/jive/"),
            ("HTTPS://jive.example.com?x=1#top", "https://jive.example.com/"),
            ("ftp://jive.example.com", nil),
            ("", nil),
        ]
        for (typed, expected) in cases {
            #expect(JiveClient.normalizedInstanceURL(typed)?.absoluteString == expected, "\(typed)")
        }
        let client = JiveClient(instanceURL: URL(string: "https://jive.example.com/community")!, authorizer: nil)
        #expect(client.instanceURL.absoluteString == "https://jive.example.com/community/")
        #expect(client.typedInstanceURL == client.instanceURL)
    }

    // MARK: Display markup

    @Test("The recorded document's display markup is stripped to its simple HTML")
    func stripsRecordedDisplayMarkup() {
        let display = "<body><!-- [DocumentBodyStart:03402f15-7a9f-47ee-a5a8-b1f703f2ebca] --><div "
            + "class=\"jive-rendered-content\"><span>Publish to a Place to check that the place selection is properly "
            + "cleared.</span></div><!-- [DocumentBodyEnd:03402f15-7a9f-47ee-a5a8-b1f703f2ebca] --></body>"
        #expect(JiveContentBody.strippingDisplayMarkup(display)
            == "<body><span>Publish to a Place to check that the place selection is properly cleared.</span></body>")
    }

    @Test(
        "Display markup variants: nested divs, other classes, other comments, case, single quotes",
        arguments: [
            (
                "<body><div class=\"jive-rendered-content\"><div class=\"box\"><p>a</p></div><p>b</p></div></body>",
                "<body><div class=\"box\"><p>a</p></div><p>b</p></body>"
            ),
            (
                "<!--[DocumentBodyStart:x]--><DIV class='note jive-rendered-content'><p>c</p></DIV><!-- keep -->"
                    + "<!--  [DocumentBodyEnd:x]  -->",
                "<p>c</p><!-- keep -->"
            ),
            (
                "<div class=\"jive-rendered-contents\"><p>d</p></div>",
                "<div class=\"jive-rendered-contents\"><p>d</p></div>"
            ),
            ("<p>plain</p><divider></divider>", "<p>plain</p><divider></divider>"),
            ("<div class=\"jive-rendered-content\"><p>unclosed", "<div class=\"jive-rendered-content\"><p>unclosed"),
            ("", ""),
        ])
    func stripsDisplayMarkupVariants(input: String, expected: String) {
        #expect(JiveContentBody.strippingDisplayMarkup(input) == expected)
    }

    @Test("editableText is the text itself when the body is already the editable form")
    func editableTextOfEditableBody() {
        let body = JiveContentBody(text: "<div class=\"jive-rendered-content\">x</div>", editable: true)
        #expect(body.editableText == body.text)
        #expect(JiveContentBody(text: body.text, editable: false).editableText == "x")
    }

    // MARK: Version rule

    @Test("supportsContentEditingAPI: core v3 revision 3 or later, or release 7.0 or later; no v3, no API")
    func editingRule() {
        func version(_ release: String, _ cores: [(Int, Int?)]) -> JivePlatformVersion {
            JivePlatformVersion(
                jiveVersion: release,
                coreVersions: cores.map { JiveCoreVersion(version: $0.0, revision: $0.1, uri: "/api/core/v\($0.0)") })
        }
        #expect(version("7.0.0.0 7c2", [(2, 3), (3, 3)]).supportsContentEditingAPI)
        #expect(version("8.0.1.0", [(3, 9)]).supportsContentEditingAPI)
        #expect(version("7.0.0.0", [(3, 1)]).supportsContentEditingAPI)
        #expect(!version("6.0.0.0 7c2", [(2, 3), (3, 1)]).supportsContentEditingAPI)
        #expect(!version("6.0.3.0", [(3, 2)]).supportsContentEditingAPI)
        #expect(!version("6.0.0.0", [(2, 3)]).supportsContentEditingAPI)
        #expect(!version("9.0.0.0", [(2, 3)]).supportsContentEditingAPI)
        #expect(!version("unknown", [(3, nil)]).supportsContentEditingAPI)
        #expect(version("7.0.0.0 7c2", []).releaseComponents == [7, 0, 0, 0])
    }

    // MARK: Response parser

    @Test("A Jive error document is a service error, with or without the prefix, in any chunking")
    func errorDocument() throws {
        let text = "throw 'allowIllegalResourceCall is false.';\n"
            + "{\"error\":{\"status\":409,\"message\":\"Locked by Bob\"}}"
        let bytes = Array(text.utf8)
        for splits in DripFeed.standardChunkings(bytes.count) {
            let outcome = DripFeed.run(JiveResponseParser<JiveContent>(), bytes: bytes, splits: splits)
            #expect(outcome.items.isEmpty)
            #expect(outcome.error?.kind == .serviceError)
            #expect(outcome.error?.message == "Jive error 409: Locked by Bob")
            #expect(outcome.error?.serviceCode == "409")
            #expect(outcome.error?.serviceMessage == "Locked by Bob")
            #expect(outcome.error?.line == 2)
        }
    }

    @Test("An empty body is no item only when allowed")
    func emptyBody() throws {
        #expect(try JiveResponseParser<JSONValue>(allowsEmptyBody: true).parseAll([UInt8]()).isEmpty)
        #expect(throws: StreamError.self) { try JiveResponseParser<JSONValue>().parseAll([UInt8]()) }
    }

    // MARK: Recorded corpus

    private static func decode<T: Decodable & Sendable>(
        _ type: T.Type, _ name: String, in directory: URL
    ) throws -> T {
        let bytes = try Corpus.bytes(directory.appendingPathComponent(name))
        var results: [T] = []
        for splits in [DripFeed.whole(bytes.count), DripFeed.byteByByte(bytes.count)]
            + DripFeed.randomChunkings(bytes.count, count: 3, maximumChunk: 700, seed: 7)
        {
            let outcome = DripFeed.run(JiveResponseParser<T>(), bytes: bytes, splits: splits)
            if let error = outcome.error { throw error }
            results += outcome.items
        }
        #expect(results.count == 2 + 3)
        return results[0]
    }

    @Test(
        "The recorded version bodies decode, and the editing rule reads them as the SDK's data says",
        .corpus("jive/ios-sdk-data"))
    func corpusVersions() throws {
        guard let directory = Corpus.directory("jive/ios-sdk-data") else { return }
        let seven = try Self.decode(JivePlatformVersion.self, "version.json", in: directory)
        #expect(seven.jiveVersion == "7.0.0.0 7c2")
        #expect(seven.coreVersions.map(\.version) == [2, 3])
        #expect(seven.coreV3?.revision == 3 && seven.coreV3?.uri == "/api/core/v3")
        #expect(seven.instanceURL == nil)
        #expect(seven.supportsContentEditingAPI)
        let six = try Self.decode(JivePlatformVersion.self, "entities/version_alternate.json", in: directory)
        #expect(six.instanceURL == URL(string: "https://testing.jiveland.com"))
        #expect(six.coreV3?.uri == "/core/api/v3")
        #expect(!six.supportsContentEditingAPI)
        let noV3 = try Self.decode(JivePlatformVersion.self, "entities/version_no_v3.json", in: directory)
        #expect(noV3.coreV3 == nil && !noV3.supportsContentEditingAPI)
        let proxy = try Self.decode(JivePlatformVersion.self, "entities/version_proxy.json", in: directory)
        #expect(proxy.instanceURL == URL(string: "https://proxy.com"))
        #expect(proxy.supportsContentEditingAPI)
    }

    @Test("The recorded people decode", .corpus("jive/ios-sdk-data"), arguments: [
        "person_response.json", "my_response.json", "entities/alt_person_response.json",
    ])
    func corpusPeople(name: String) throws {
        guard let directory = Corpus.directory("jive/ios-sdk-data") else { return }
        let person = try Self.decode(JivePerson.self, name, in: directory)
        #expect(!person.id.isEmpty && !person.displayName.isEmpty)
        #expect(person.selfURL?.absoluteString.hasPrefix("https://") == true)
        #expect(person.additionalFields["jive"] != nil)
    }

    @Test("The recorded content objects decode", .corpus("jive/ios-sdk-data"), arguments: [
        "document.json", "entities/document_alternate.json", "post.json", "entities/post_alternate.json",
        "message.json", "content_by_id.json", "entities/content.json", "entities/content_alternate.json",
        "comment.json", "poll.json", "task.json", "bookmark.json", "direct_message.json", "share.json",
    ])
    func corpusContent(name: String) throws {
        guard let directory = Corpus.directory("jive/ios-sdk-data") else { return }
        let content = try Self.decode(JiveContent.self, name, in: directory)
        #expect(!content.id.isEmpty && !content.type.isEmpty)
        #expect(content.selfURL != nil && content.selfURL == content.resources["self"]?.ref)
        #expect(content.published != nil)
        #expect(content.content?.text.isEmpty == false)
        let editable = content.content?.editableText ?? ""
        #expect(!editable.contains("DocumentBodyStart") && !editable.contains("jive-rendered-content"))
    }

    @Test(
        "The recorded document: fields, dates, editable text, and a lossless round trip",
        .corpus("jive/ios-sdk-data"))
    func corpusDocumentRoundTrip() throws {
        guard let directory = Corpus.directory("jive/ios-sdk-data") else { return }
        let document = try Self.decode(JiveContent.self, "document.json", in: directory)
        #expect(document.id == "119311" && document.type == "document")
        #expect(document.subject == "Testing document visiblity defaults on iPad")
        #expect(document.author?.id == "5316")
        #expect(document.selfURL?.absoluteString == "https://testing.jiveland.com/api/core/v3/contents/464776")
        #expect(document.editableURL?.absoluteString
            == "https://testing.jiveland.com/api/core/v3/contents/464776/editable")
        #expect(document.published == DateParser.parse("2011-04-01T16:14:04.864Z"))
        #expect(document.additionalFields["visibility"] != nil)
        #expect(document.content?.editableText
            == "<body><span>Publish to a Place to check that the place selection is properly cleared.</span></body>")

        // JSONEncoder does not keep the order of an object's members, so the round trip is compared on
        // sorted-key encodings: a field lost or changed would show there.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = try encoder.encode(document)
        let decoded = try #require(try JiveResponseParser<JiveContent>().parseAll(encoded).first)
        #expect(try encoder.encode(decoded) == encoded)
        #expect(decoded.id == document.id && decoded.published == document.published)
        #expect(decoded.resources == document.resources && decoded.content == document.content)
        let original = try JiveResponseParser<JSONValue>().parseAll(
            try Corpus.bytes(directory.appendingPathComponent("document.json")))
        let again = try JiveResponseParser<JSONValue>().parseAll(encoded)
        #expect(Self.memberNames(original.first) == Self.memberNames(again.first))
    }

    @Test("The recorded content list decodes item by item from list[*]", .corpus("jive/ios-sdk-data"))
    func corpusContentList() throws {
        guard let directory = Corpus.directory("jive/ios-sdk-data") else { return }
        let bytes = try Corpus.bytes(directory.appendingPathComponent("contents.json"))
        let parser = try JSONItemParser<JiveContent>(path: "list[*]", options: .init(reading: .jive))
        let items = try parser.parseAll(bytes)
        #expect(items.count > 0)
        #expect(items.allSatisfy { !$0.id.isEmpty && $0.selfURL != nil })
    }

    private static func memberNames(_ value: JSONValue?) -> [String] {
        guard case .object(let members)? = value else { return [] }
        return members.map(\.key).sorted()
    }
}
