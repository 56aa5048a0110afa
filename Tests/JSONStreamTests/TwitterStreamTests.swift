import Foundation
import StreamTestSupport
import Testing

@testable import JSONStream

@Suite struct TwitterStreamTests {
    static func run(_ input: [UInt8]) -> (items: [TwitterStreamMessage], error: StreamError?) {
        dripFeedAll(input, make: { TwitterStreamParser() })
    }

    static func counts(_ messages: [TwitterStreamMessage]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for message in messages {
            let name =
                switch message {
                case .tweet: "tweet"
                case .delete: "delete"
                case .limit: "limit"
                case .disconnect: "disconnect"
                case .warning: "warning"
                case .other: "other"
                }
            counts[name, default: 0] += 1
        }
        return counts
    }

    @Test(.ownThread, .corpus("twitter/streaming"), arguments: [
        ("lines.ndjson", ["tweet": 72]),
        ("track_streaming_crlf.txt", ["tweet": 2]),
        ("track_streaming_user_crlf.txt", ["other": 3, "tweet": 1, "delete": 1, "warning": 1]),
        ("streamingapi-testcase.json", ["delete": 1, "tweet": 3, "limit": 1, "other": 1]),
        ("streamingapi-event-testcase.json", ["other": 4, "delete": 1]),
        ("sitestream-testcase.json", ["other": 4]),
        ("stallwarning.json", ["warning": 1]),
    ])
    func corpusFile(name: String, expected: [String: Int]) throws {
        guard let directory = Corpus.directory("twitter/streaming") else { return }
        let input = try Corpus.bytes(directory.appendingPathComponent(name))
        let outcome = Self.run(input)
        #expect(outcome.error == nil, "\(name): \(String(describing: outcome.error))")
        #expect(Self.counts(outcome.items) == expected, "\(name)")
        // Every status line's id is returned exactly, in order.
        let lines = String(decoding: input, as: UTF8.self).split(whereSeparator: \.isNewline)
        let statusIDs = lines.compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["text"] != nil, object["delete"] == nil
            else { return nil }
            return object["id_str"] as? String ?? (object["id"] as? NSNumber)?.stringValue
        }
        let tweetIDs = outcome.items.compactMap { message -> String? in
            if case .tweet(let tweet) = message { return tweet.idString }
            return nil
        }
        #expect(tweetIDs == statusIDs, "\(name)")
    }

    @Test func noticesAreDecoded() throws {
        let input = bytes(
            """
            {"delete":{"status":{"id":1234,"id_str":"1234","user_id":3,"user_id_str":"3"}}}\r
            \r
            {"limit":{"track":1234}}\r
            {"disconnect":{"code":4,"stream_name":"< A sample stream >","reason":"admin logout"}}\r
            {"warning":{"code":"FALLING_BEHIND","message":"queue 60% full","percent_full":60}}\r
            {"scrub_geo":{"user_id":14090452,"up_to_status_id":23260136625}}\r

            """)
        let outcome = Self.run(input)
        #expect(outcome.error == nil)
        #expect(
            outcome.items == [
                .delete(TwitterDeletionNotice(id: 1234, userID: 3)),
                .limit(TwitterLimitNotice(track: 1234)),
                .disconnect(
                    TwitterDisconnectNotice(code: 4, streamName: "< A sample stream >", reason: "admin logout")),
                .warning(TwitterStallWarning(code: "FALLING_BEHIND", message: "queue 60% full", percentFull: 60)),
                .other(
                    .object([
                        JSONMember(
                            key: "scrub_geo",
                            value: .object([
                                JSONMember(key: "user_id", value: .integer(14_090_452)),
                                JSONMember(key: "up_to_status_id", value: .integer(23_260_136_625)),
                            ]))
                    ])),
            ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = try encoder.encode(outcome.items[0])
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"delete":{"id":1234,"userID":3}}"#)
    }

    @Test(.ownThread, .corpus("twitter/streaming")) func lengthDelimitedFraming() throws {
        guard let directory = Corpus.directory("twitter/streaming") else { return }
        let lines = try Corpus.bytes(directory.appendingPathComponent("lines.ndjson")).split(separator: 0x0A)
        var framed: [UInt8] = []
        for line in lines {
            let body = Array(line) + [0x0D, 0x0A]
            framed += Array("\(body.count)\r\n".utf8) + body
            framed += [0x0D, 0x0A]  // a keep-alive
        }
        let plain = Self.run(lines.flatMap { Array($0) + [0x0D, 0x0A] })
        let delimited = Self.run(framed)
        #expect(delimited.error == nil)
        #expect(delimited.items.count == 72)
        #expect(delimited.items == plain.items)
    }

    @Test func wrongLengthIsAnError() {
        let outcome = Self.run(bytes("10\r\n{\"limit\":{\"track\":1}}\r\n"))
        #expect(outcome.error?.kind == .malformedInput)
        #expect(Self.run(bytes("")).error == nil)
        #expect(Self.run(bytes("\r\n\r\n")).error == nil)
        let truncated = Self.run(bytes("{\"limit\":{\"track\":1}}\r\n{\"limit\":"))
        #expect(truncated.items.count == 1)
        #expect(truncated.error?.kind == .truncatedInput)
    }
}
