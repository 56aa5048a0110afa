import Foundation
import JSONStream
import StreamTestSupport
import Testing

/// JSON from servers nobody controls: each input ends in items plus one clear `StreamError`, never a crash, a
/// hang or unbounded memory.
@Suite("JSON hostile input")
struct JSONHostileInputTests {
    func run<Parser: StreamingParser>(_ bytes: [UInt8], chunk: Int = 4096, _ parser: Parser)
        -> DripFeedOutcome<Parser.Item>
    {
        DripFeed.run(parser, bytes: bytes, splits: Array(stride(from: chunk, to: bytes.count, by: chunk)))
    }

    @Test("A million [ is a depth error at depth 513, found early")
    func millionBrackets() throws {
        let input = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        let outcome = run(input, try JSONItemParser<JSONValue>(path: "$"))
        let error = try #require(outcome.error)
        #expect(error.kind == .limitExceeded)
        #expect(error.byteOffset == 512)
        #expect((error.path ?? "").count < 4096)
    }

    @Test("Numbers of 10,000 digits, 1e999999, and integers just past Int64/UInt64 are errors, not roundings")
    func hostileNumbers() throws {
        let cases = [
            "[" + String(repeating: "9", count: 10_000) + "]", "[1e999999]", "[-1e999999]",
            "[-9223372036854775809]", "[18446744073709551616]",
        ]
        for text in cases {
            let outcome = run(Array(text.utf8), chunk: 7, try JSONItemParser<JSONValue>(path: "$[*]"))
            let error = try #require(outcome.error, "\(text.prefix(30))")
            #expect(error.kind == .limitExceeded || error.kind == .malformedInput, "\(text.prefix(30))")
            #expect(error.line == 1 && error.byteOffset <= text.utf8.count)
        }
        // Just past Int64 is still a UInt64, exactly; asked for as an Int64 it is an error, not a wrap-around.
        let past = try JSONItemParser<JSONValue>(path: "$[*]").parseAll(Array("[9223372036854775808]".utf8))
        #expect(past == [.unsignedInteger(9_223_372_036_854_775_808)])
        let asInt64 = run(Array("[9223372036854775808]".utf8), try JSONItemParser<Int64>(path: "$[*]"))
        #expect(asInt64.items.isEmpty)
        #expect(asInt64.error != nil)
        // Just inside the range is exact.
        let inside = try JSONItemParser<JSONValue>(path: "$[*]").parseAll(Array("[9223372036854775807]".utf8))
        #expect(inside == [.integer(.max)])
        // A number too long for the text limit is a limit error before it is ever read.
        let long = Array(("[" + String(repeating: "1", count: 5000) + "]").utf8)
        let limited = run(
            long, chunk: 100,
            JSONItemParser<JSONValue>(
                path: "$", limits: StreamLimits(maximumTextBytes: 1024)))
        #expect(limited.error?.kind == .limitExceeded)
    }

    @Test(
        "Invalid UTF-8 inside strings is a positioned error",
        arguments: [
            [UInt8(0xFF)], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        ])
    func invalidUTF8(bad: [UInt8]) throws {
        let prefix = Array(#"[{"text":"ok"},{"text":"a"#.utf8)
        let input = prefix + bad + Array(#"b"}]"#.utf8)
        let outcome = try dripFeedAll(input, make: { try JSONItemParser<JSONValue>(path: "$[*]") })
        #expect(outcome.items.count == 1)
        let error = try #require(outcome.error)
        #expect(error.kind == .malformedInput)
        // yajl itself catches some bytes where they stand; sequences it lets through (overlong forms, encoded
        // surrogates, past U+10FFFF) are caught when the string ends: either way the error lies in that string.
        #expect(error.byteOffset >= prefix.count && error.byteOffset <= prefix.count + bad.count + 2)
    }

    @Test("Duplicate keys: the untyped reading keeps both, in order; typed models take the last")
    func duplicateKeys() throws {
        let values = try JSONItemParser<JSONValue>(path: "$").parseAll(Array(#"{"a":1,"a":2}"#.utf8))
        #expect(
            values == [.object([JSONMember(key: "a", value: .integer(1)), JSONMember(key: "a", value: .integer(2))])])
        let search =
            #"{"statuses":[{"id":1,"id_str":"1","id":2,"id_str":"2","text":"t","user":{"id":3,"id_str":"3"}}],"#
            + #""search_metadata":{}}"#
        let tweets = try TwitterSearchParser().parseAll(Array(search.utf8))
        #expect(tweets.map(\.id) == [2])
    }

    @Test("Twitter's nulls decode as absent values; wrong types are type errors with a path")
    func nullsAndWrongTypes() throws {
        let nulls =
            #"{"statuses":[{"id":1,"id_str":"1","text":"t","lang":null,"in_reply_to_status_id":null,"#
            + #""user":{"id":3,"id_str":"3","name":null},"entities":null,"retweet_count":null}],"search_metadata":null}"#
        let parser = TwitterSearchParser()
        let tweets = try parser.parseAll(Array(nulls.utf8))
        #expect(tweets.count == 1)
        #expect(tweets.first?.inReplyToStatusID == nil)

        struct Employee: Decodable, Sendable, Equatable {
            var firstName: String
            var age: Int
        }
        let page = #"{"employees":[{"firstName":"A","age":3},{"firstName":"B","age":"old"}]}"#
        let outcome = try dripFeedAll(Array(page.utf8), make: { try JSONItemParser<Employee>(path: "employees[*]") })
        #expect(outcome.items == [Employee(firstName: "A", age: 3)])
        #expect(outcome.error?.kind == .typeMismatch)
        #expect(outcome.error?.path?.hasPrefix("employees[1]") == true)
    }

    @Test(
        "A Jive inbox response truncated at every byte: entries whose end arrived, then exactly one error",
        .ownThread, .corpus("jive/ios-sdk-data"))
    func truncatedInbox() throws {
        guard let directory = Corpus.directory("jive/ios-sdk-data") else { return }
        let whole = try Corpus.bytes(directory.appendingPathComponent("inbox_response.json"))
        let document = Array(whole.prefix(9_000))
        // Where each complete entry ends: a truncation after that point must still return it.
        let reference = try JiveInboxParser().parseAll(whole)
        let endOffsets = try DripFeed.itemEndOffsets(JiveInboxParser(), bytes: document)
        #expect(!endOffsets.isEmpty)
        for length in stride(from: 0, to: document.count, by: 1) {
            let outcome = DripFeed.run(JiveInboxParser(), bytes: Array(document[..<length]), splits: [length / 3])
            let expected = endOffsets.filter { $0 <= length }.count
            #expect(outcome.items.count == expected, "truncated at \(length)")
            #expect(outcome.items == Array(reference.prefix(expected)))
            #expect(outcome.error != nil, "truncated at \(length)")
        }
    }

    @Test(
        "A search response truncated at every byte: tweets whose end arrived, then exactly one error",
        .ownThread, .corpus("twitter/v1-search"))
    func truncatedSearch() throws {
        guard let directory = Corpus.directory("twitter/v1-search") else { return }
        let document = Array(try Corpus.bytes(directory.appendingPathComponent("search.json")).prefix(6_000))
        let endOffsets = try DripFeed.itemEndOffsets(TwitterSearchParser(), bytes: document)
        for length in 0..<document.count {
            let outcome = DripFeed.run(TwitterSearchParser(), bytes: Array(document[..<length]), splits: [length / 2])
            #expect(outcome.items.count == endOffsets.filter { $0 <= length }.count, "truncated at \(length)")
            #expect(outcome.error?.kind == .truncatedInput || outcome.error?.kind == .malformedInput)
        }
    }
}
