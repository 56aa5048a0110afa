import Foundation
import StreamTestSupport
import Testing

@testable import JSONStream

@Suite struct JiveInboxTests {
    static func run(_ input: [UInt8]) -> (items: [JiveInboxEntry], error: StreamError?, summary: JiveInboxPage) {
        dripFeedAll(input, make: { JiveInboxParser() }, summary: { $0.page })
    }

    @Test(.corpus("jive/ios-sdk-data"), arguments: [
        ("inbox_response.json", 28, 0, false),
        ("unread_inbox_response.json", 94, 47, true),
        ("inbox_mark_response.json", 29, 4, true),
    ])
    func inbox(name: String, entries: Int, unread: Int, prefixed: Bool) throws {
        guard let directory = Corpus.directory("jive/ios-sdk-data") else { return }
        let input = try Corpus.bytes(directory.appendingPathComponent(name))
        let prefix = Array("throw 'allowIllegalResourceCall is false.';".utf8)
        #expect(input.starts(with: prefix) == prefixed)
        // With and without the prefix: a prefix is added to the files that lack one.
        for variant in [input, prefixed ? input : prefix + [0x0A] + input] {
            let outcome = Self.run(variant)
            #expect(outcome.error == nil, "\(name): \(String(describing: outcome.error))")
            #expect(outcome.items.count == entries, "\(name)")
            #expect(outcome.summary.unread == unread)
            #expect(outcome.summary.itemsPerPage != nil)
            #expect(outcome.summary.next?.hasPrefix("https://") == true)
            #expect(outcome.summary.previous?.hasPrefix("https://") == true)
            let updates = outcome.items.compactMap(\.updated)
            #expect(outcome.summary.earliest == updates.min())
            #expect(outcome.summary.latest == updates.max())
        }
        let entriesRead = Self.run(input).items
        let reference =
            try JSONSerialization.jsonObject(
                with: Data(prefixed ? Array(input.dropFirst(prefix.count)) : input)) as! [String: Any]
        for (entry, object) in zip(entriesRead, reference["list"] as! [[String: Any]]) {
            #expect(entry.verb == object["verb"] as? String)
            #expect(entry.title == object["title"] as? String)
            let jive = object["jive"] as! [String: Any]
            #expect(entry.collection == jive["collection"] as? String)
            #expect(entry.read == jive["read"] as? Bool)
            #expect(entry.contentURL == (object["object"] as? [String: Any])?["id"] as? String)
            #expect(
                entry.actor?.imageURL == ((object["actor"] as? [String: Any])?["image"] as? [String: Any])?["url"]
                    as? String)
        }
    }

    @Test(.corpus("jive/ios-sdk-data")) func firstEntry() throws {
        guard let directory = Corpus.directory("jive/ios-sdk-data") else { return }
        let entries = try JiveInboxParser().parseAll(
            Corpus.bytes(directory.appendingPathComponent("inbox_response.json")))
        let first = try #require(entries.first)
        #expect(first.verb == "jive:created")
        #expect(first.kind == .general)
        #expect(first.collection == "102-5280")
        #expect(first.read == true)
        #expect(first.updated.map(DateParser.rfc3339String) == "2015-01-07T21:38:32.074Z")
        #expect(first.actor?.displayName == "iosAuto1 lastname1")
        #expect(first.object?.objectType == "jive:document")
        #expect(first.contentURL == "https://testing.jiveland.com/api/core/v3/contents/9915")
    }

    @Test func kinds() throws {
        let input = bytes(
            """
            throw 'allowIllegalResourceCall is false.';
            {"list":[{"verb":"jive:liked","object":{"url":"u"}},{"verb":"jive:created","object":{"id":"x"}},
            {"verb":"jive:created","object":{"url":"https://x"}}]}
            """)
        #expect(Self.run(input).items.map(\.kind) == [.acclaim, .notice, .general])
    }

    @Test(
        .corpus("jive/ios-sdk-data"),
        arguments: ["inbox_acclaim_response.json", "invite.json", "invites.json", "entities/invite_alternate.json"])
    func invalidFilesFailWithPositionedErrors(name: String) throws {
        guard let directory = Corpus.directory("jive/ios-sdk-data") else { return }
        let input = try Corpus.bytes(directory.appendingPathComponent(name))
        let inbox = Self.run(input)
        let error = try #require(inbox.error, "\(name)")
        #expect(error.line >= 1 && error.column >= 1)
        // The generic reader agrees that the document is not JSON, and says where.
        let generic = try dripFeedAll(input, make: { try JSONItemParser<JSONValue>(path: "$", options: .init(reading: .jive)) })
        let genericError = try #require(generic.error, "\(name)")
        #expect(genericError.kind == .malformedInput)
        #expect(genericError.line > 1 || name == "inbox_acclaim_response.json")
        print("\(name): \(genericError)")
    }
}
