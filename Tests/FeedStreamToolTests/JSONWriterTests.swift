import AtomStream
import Foundation
import JSONStream
import StreamCore
import StreamTestSupport
import Testing

@testable import FeedStreamCommandLine

/// The one JSON writer (StreamCore's `JSONWriter`: its `Encoder`, and the tool's writers for the models printed in
/// bulk) must print exactly the bytes of the models' `Codable` encoding by `JSONEncoder` (sorted keys, unescaped
/// slashes, RFC 3339 dates), which is the contract of DESIGN.md.
@Suite("JSONWriter: byte for byte the Codable encoding")
struct JSONWriterTests {
    let reference = JSONWriter.referenceEncoder()

    /// Each value printed as `feedstream` prints it (its own writer, or the `Encoder`) and, for models with a writer
    /// of their own, through the `Encoder` too — both must give `JSONEncoder`'s bytes.
    func expectSameBytes<T: Encodable>(
        _ values: [T], _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let writer = JSONWriter()
        var mismatches = 0
        for value in values {
            writer.bytes.removeAll(keepingCapacity: true)
            if let writable = value as? any JSONWritable {
                try writer.write(value)
                let encoded = writer.bytes
                writer.bytes.removeAll(keepingCapacity: true)
                JSONObjectWriter.write(writable, to: writer)
                #expect(encoded == writer.bytes, "\(what): the Encoder and the model's writer differ")
            } else {
                try writer.write(value)
            }
            let fast = writer.bytes
            let expected = [UInt8](try reference.encode(value))
            if fast != expected {
                mismatches += 1
                if mismatches <= 3 {
                    let printed = String(decoding: fast, as: UTF8.self)
                    let encoded = String(decoding: expected, as: UTF8.self)
                    Issue.record("\(what): \(printed)\n≠ \(encoded)", sourceLocation: sourceLocation)
                }
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(values.count) \(what) differ", sourceLocation: sourceLocation)
    }

    @Test("Every entry and feed of the recorded IBM Connections bodies", .ownThread, .corpus("connections"))
    func connectionsEntries() throws {
        guard let directory = Corpus.directory("connections") else { return }
        var entries: [AtomEntry] = []
        var feeds: [[String: AtomFeed]] = []
        for file in Corpus.files(in: directory, extensions: ["xml", "atom"]) {
            let parser = AtomParser()
            guard let decoded = try? parser.parseAll(Corpus.bytes(file)) else { continue }
            entries += decoded
            feeds.append(["feed": parser.feed])
        }
        #expect(entries.count > 1000)
        try expectSameBytes(entries, "entries")
        try expectSameBytes(feeds, "feeds")
    }

    @Test("Every tweet, page and stream message of the recorded Twitter bodies", .corpus("twitter"))
    func tweets() throws {
        guard let directory = Corpus.directory("twitter") else { return }
        var tweets: [Tweet] = []
        var pages: [[String: TwitterSearchPage]] = []
        var messages: [TwitterStreamMessage] = []
        for file in Corpus.files(in: directory, extensions: ["json", "ndjson", "txt"]) {
            let bytes = try Corpus.bytes(file)
            if file.path.contains("streaming") {
                messages += (try? TwitterStreamParser().parseAll(bytes)) ?? []
            } else {
                let parser = TwitterSearchParser()
                tweets += (try? parser.parseAll(bytes)) ?? []
                pages.append(["page": parser.page])
            }
        }
        #expect(tweets.count > 100)
        #expect(messages.count > 50)
        try expectSameBytes(tweets, "tweets")
        try expectSameBytes(pages, "pages")
        try expectSameBytes(messages, "stream messages")
    }

    @Test("Every Jive inbox entry of the recorded bodies", .corpus("jive"))
    func jiveInbox() throws {
        guard let directory = Corpus.directory("jive") else { return }
        var entries: [JiveInboxEntry] = []
        var pages: [[String: JiveInboxPage]] = []
        for file in Corpus.files(in: directory, extensions: ["json"]) where file.lastPathComponent.contains("inbox") {
            let parser = JiveInboxParser()
            entries += (try? parser.parseAll(Corpus.bytes(file))) ?? []
            pages.append(["page": parser.page])
        }
        #expect(entries.count > 100)
        try expectSameBytes(entries, "inbox entries")
        try expectSameBytes(pages, "pages")
    }

    @Test("Models with every field set, and with none")
    func everyField() throws {
        let date = Date(timeIntervalSince1970: 1_367_483_352.518)
        let person = AtomPerson(name: "Amy \"A\" Jones", email: "amy@example.com", uri: "https://x/a", userID: "u1")
        let full = AtomEntry(
            id: "urn:1", title: AtomText(type: .html, value: "<b>t</b>"), summary: AtomText(value: "s\n"),
            content: AtomContent(type: "xhtml", value: "<p/>", src: "https://x/c"), published: date,
            updated: date.addingTimeInterval(0.482), authors: [person, AtomPerson()], contributors: [person],
            links: [
                AtomLink(
                    href: "https://x/r", rel: "replies", type: "application/atom+xml", hreflang: "en", title: "R",
                    length: 1 << 40, threadCount: 3)
            ],
            categories: [AtomCategory(term: "t", scheme: "s", label: "l")], rights: AtomText(type: .xhtml, value: "©"),
            inReplyTo: [AtomReplyReference(ref: "urn:0", href: "https://x/0")],
            extensions: [AtomExtensionElement(namespace: "http://www.ibm.com/xmlns/prod/sn", name: "rank", value: "2")],
            extraction: ContentExtraction(
                url: "https://x/a", failure: "HTTP 404", feedContent: AtomContent(type: "html", value: "<p>s</p>")))
        try expectSameBytes([full, AtomEntry()], "entries")
        try expectSameBytes(
            [ChangedEntryLine(subscription: "https://x/feed", change: "new", entry: full)], "refresh entry lines")

        var inbox = JiveInboxEntry(kind: .acclaim)
        inbox.verb = "jive:liked"
        inbox.title = "T"
        inbox.content = "<p>c</p>"
        inbox.published = date
        inbox.updated = date
        inbox.url = "https://j/1"
        inbox.actor = JiveActivityObject(
            id: "1", displayName: "D", objectType: "jive:person", url: "https://j/p", summary: "S",
            imageURL: "https://j/i")
        inbox.object = JiveActivityObject(id: "2")
        inbox.target = JiveActivityObject(displayName: "Place")
        inbox.collection = "https://j/c"
        inbox.collectionUpdated = date
        inbox.read = false
        inbox.contentURL = "https://j/content"
        try expectSameBytes([inbox, JiveInboxEntry()], "inbox entries")

        let tweet = Tweet(
            id: .max, idString: "9223372036854775807", text: "t \u{1F600} \"q\"", createdAt: date,
            user: TwitterUser(id: 1, idString: "1", screenName: "s", name: "N", profileImageURL: "https://p/i.png"),
            languageCode: "en", source: "<a href=\"x\">web</a>", inReplyToStatusID: 2, inReplyToUserID: 3,
            inReplyToScreenName: "r", retweetCount: 4, favoriteCount: 5, hashtags: ["a", "b"], mentions: ["m"],
            urls: [TweetURL(url: "https://t.co/x", expandedURL: "https://example.com/")], retweetedStatusID: 6,
            quotedStatusID: 7)
        try expectSameBytes([tweet, Tweet(id: -1, idString: "-1", text: "")], "tweets")
        try expectSameBytes([TwitterStreamMessage.tweet(tweet)], "stream messages")
    }

    @Test("Every ASCII and control character, non-ASCII text, numbers and dates")
    func scalars() throws {
        let strings = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + [
            "", "a/b", "\u{2028}\u{2029}", "Zürich — 東京 🎉", "\u{7F}", "tab\there\"quote\\", "\u{FEFF}",
        ]
        try expectSameBytes(strings.map { ["s": $0] }, "strings")
        let doubles: [Double] = [0, -0.0, 1, 1.5, 0.1, 1e20, 1e21, 1e-7, 123456789.125, 2.5e-300, .pi, 1e16, 9.007e15]
        try expectSameBytes(doubles.map { ["d": $0] }, "doubles")
        let integers: [Int64] = [0, 9, 10, -1, .max, .min, 1_234_567_890_123]
        try expectSameBytes(integers.map { ["i": $0] }, "integers")
        try expectSameBytes([[UInt64.max]], "unsigned")
        let dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_367_483_352.518)]
        try expectSameBytes(dates.map { ["date": $0] }, "dates")
        try expectSameBytes([[String: [Bool?]]](arrayLiteral: ["x": [true, nil, false]]), "optionals in arrays")
    }

    @Test("Every stored property of the models printed in bulk has a member in their writers")
    func writersListEveryProperty() {
        func expectEveryProperty(of value: some JSONWritable, sourceLocation: SourceLocation = #_sourceLocation) {
            let properties = Mirror(reflecting: value).children.count
            #expect(
                JSONObjectWriter.membersOffered(by: value) == properties,
                "\(type(of: value)) has \(properties) stored properties: list the new one in JSONWritable+Models.swift",
                sourceLocation: sourceLocation)
        }
        expectEveryProperty(of: AtomEntry())
        expectEveryProperty(of: AtomText(value: ""))
        expectEveryProperty(of: AtomContent())
        expectEveryProperty(of: AtomPerson())
        expectEveryProperty(of: AtomLink(href: ""))
        expectEveryProperty(of: AtomCategory(term: ""))
        expectEveryProperty(of: AtomReplyReference(ref: ""))
        expectEveryProperty(of: AtomExtensionElement(namespace: "", name: "", value: ""))
        expectEveryProperty(of: JiveInboxEntry())
        expectEveryProperty(of: JiveActivityObject())
        expectEveryProperty(of: Tweet(id: 1, idString: "1", text: ""))
        expectEveryProperty(of: TweetURL(url: ""))
        expectEveryProperty(of: TwitterUser(id: 1, idString: "1", screenName: "s"))
    }

    @Test("Escapes at every offset of the eight-byte scan, and text around them")
    func escapesAtEveryOffset() throws {
        var strings: [String] = []
        for special in ["\"", "\\", "\n", "\u{1}", "\u{1F}", "é", "\u{7F}"] {
            for offset in 0..<20 {
                let before = String(repeating: "a", count: offset)
                strings.append(before + special + String(repeating: "b", count: 19 - offset))
            }
        }
        strings.append(String(repeating: " !#$%&'()*+,-./0123456789:;<=>?@[]^_`{|}~", count: 5))
        try expectSameBytes(strings.map { ["s": $0] }, "strings")
    }

    @Test("Keys put in order: out of order, sharing eight-byte prefixes, non-ASCII, escaped, many")
    func keyOrder() throws {
        struct Unordered: Encodable {
            var zebra = 1
            var inReplyToUserID: Int? = 2
            var inReplyToStatusID: Int? = 3
            var inReplyToScreenName: String? = "s"
            var inReplyTo = [4]
            var alpha: String? = nil
            var nested = [Inner(), Inner()]
        }
        struct Inner: Encodable {
            var b = "b"
            var a: Int? = 1
            var ä = "umlaut"
            var z = "z"
        }
        try expectSameBytes([Unordered(), Unordered(inReplyToUserID: nil, inReplyToScreenName: nil)], "unordered")
        var many: [String: Int] = [:]
        for index in 0..<300 { many["key \(index * 7919 % 1000)"] = index }
        many["quote\"key"] = -1
        many["tab\tkey"] = -2
        many["Über"] = -3
        many["Ubera"] = -4
        try expectSameBytes([many, ["only": 1], [:]], "dictionaries")
        let other = TwitterStreamMessage.other(
            .object([
                JSONMember(key: "scrub_geo", value: .object([JSONMember(key: "user_id", value: .integer(1))])),
                JSONMember(key: "event", value: .string("follow")), JSONMember(key: "a", value: .null),
            ]))
        try expectSameBytes([other], "stream messages")
    }

    @Test("Nested containers fall back to JSONEncoder, with the same bytes")
    func fallback() throws {
        struct Nested: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                var inner = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("outer"))
                try inner.encode(1, forKey: AnyKey("b"))
                try inner.encode(2, forKey: AnyKey("a"))
            }
        }
        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ string: String) { stringValue = string }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        try expectSameBytes([Nested(), Nested()], "nested")
    }
}
