import Foundation
import StreamTestSupport
import Testing

@testable import JSONStream

@Suite struct EngineTests {
    @Test func selectsElementsAndSkipsTheRest() throws {
        let input = bytes(#"{"skip":{"a":[1,2,{"b":3}]},"results":[{"x":1},{"x":2}],"after":true}"#)
        let outcome = try dripFeedAll(input, make: { try JSONItemParser<JSONValue>(path: "results[*]") })
        #expect(outcome.error == nil)
        #expect(
            outcome.items == [
                .object([JSONMember(key: "x", value: .integer(1))]),
                .object([JSONMember(key: "x", value: .integer(2))]),
            ])
    }

    @Test func numbersAreExact() throws {
        let input = bytes(#"[9223372036854775807,-9223372036854775808,18446744073709551615,0.1,1e22,-0,1.5e-7]"#)
        let items = try JSONItemParser<JSONValue>(path: "$[*]").parseAll(input)
        #expect(
            items == [
                .integer(.max), .integer(.min), .unsignedInteger(.max), .double(0.1), .double(1e22), .integer(0),
                .double(1.5e-7),
            ])
    }

    @Test func outOfRangeNumbersAreErrors() throws {
        for text in ["[18446744073709551616]", "[1e400]", "[-1e400]", "[1e-400]"] {
            let outcome = try dripFeedAll(bytes(text), make: { try JSONItemParser<JSONValue>(path: "$") })
            #expect(outcome.error?.kind == .limitExceeded, "\(text)")
        }
    }

    @Test func surrogateEscapesAreChecked() throws {
        let good = try dripFeedAll(bytes(#"["\ud83d\ude00","\\ud800"]"#), make: { try JSONItemParser<String>(path: "$[*]") })
        #expect(good.error == nil)
        #expect(good.items == ["😀", "\\ud800"])
        for text in [
            #"["\ud800"]"#, #"["\ud800\u0041"]"#, #"["\udc00"]"#, #"["\ud800x"]"#, #"{"\uDFAA":0}"#,
            #"["\uDd1e\uD834"]"#,
        ] {
            let outcome = try dripFeedAll(bytes(text), make: { try JSONItemParser<JSONValue>(path: "$") })
            #expect(outcome.error?.kind == .malformedInput, "\(text)")
            #expect(outcome.error?.line == 1)
        }
    }

    @Test func formFeedIsNotWhitespace() throws {
        let outcome = try dripFeedAll([0x5B, 0x0C, 0x5D], make: { try JSONItemParser<JSONValue>(path: "$") })
        #expect(outcome.error?.kind == .malformedInput)
        #expect(outcome.error?.byteOffset == 1)
    }

    @Test func errorsArePositionedOverTheWholeStream() throws {
        let input = bytes("{\"results\": [\n  {\"id\": 1},\n  {\"id\": 2, \"user\": {\"id\": x}}\n]}")
        for splits in smallChunkings(input.count) {
            let outcome = DripFeed.run(try JSONItemParser<JSONValue>(path: "results[*]"), bytes: input, splits: splits)
            #expect(outcome.items.count == 1)
            let error = try #require(outcome.error)
            #expect(error.kind == .malformedInput)
            #expect(error.line == 3)
            #expect(error.path == "results[1].user.id")
        }
    }

    @Test func depthLimit() throws {
        let deep = bytes(String(repeating: "[", count: 600) + String(repeating: "]", count: 600))
        let outcome = try dripFeedAll(
            deep, chunkings: [[], DripFeed.byteByByte(deep.count)], make: { try JSONItemParser<JSONValue>(path: "$") })
        #expect(outcome.error?.kind == .limitExceeded)
        #expect(outcome.error?.byteOffset == 512)
        let ok = bytes(String(repeating: "[", count: 500) + String(repeating: "]", count: 500))
        #expect(try dripFeedAll(ok, chunkings: [[]], make: { try JSONItemParser<JSONValue>(path: "$") }).error == nil)
    }

    @Test func textLimit() throws {
        let limits = StreamLimits(maximumTextBytes: 8)
        let outcome = try dripFeedAll(
            bytes(#"["short","much too long"]"#), make: { try JSONItemParser<String>(path: "$[*]", options: .init(limits: limits)) })
        #expect(outcome.items == ["short"])
        #expect(outcome.error?.kind == .limitExceeded)
        #expect(outcome.error?.path == "$[1]")
    }

    @Test func jivePrefixIsSkipped() throws {
        let input = bytes("throw 'allowIllegalResourceCall is false.';\n {\"list\":[1,2]}")
        let outcome = try dripFeedAll(input, make: { try JSONItemParser<Int>(path: "list[*]", options: .init(reading: .jive)) })
        #expect(outcome.error == nil)
        #expect(outcome.items == [1, 2])
        // Without the option the prefix is malformed JSON.
        #expect(try dripFeedAll(input, make: { try JSONItemParser<Int>(path: "list[*]") }).error?.kind == .malformedInput)
        // Something that starts like the prefix but is JSON.
        #expect(try JSONItemParser<Bool>(path: "$", options: .init(reading: .jive)).parseAll(bytes(" true")) == [true])
        #expect(
            try JSONItemParser<Bool>(path: "$", options: .init(reading: .jive)).parseAll([0xEF, 0xBB, 0xBF] + bytes("true")) == [true])
    }

    @Test func truncatedInput() throws {
        // The end of input completes the number 2 (a number ends where its bytes end) and then reveals the
        // unclosed array: the item comes out before the error.
        let outcome = try dripFeedAll(bytes(#"{"list":[1,2"#), make: { try JSONItemParser<Int>(path: "list[*]") })
        #expect(outcome.items == [1, 2])
        #expect(outcome.error?.kind == .truncatedInput)
    }
}

@Suite struct ErrorPositionTests {
    @Test(arguments: [
        ("[1,]", 3), ("{\"a\" 1}", 5), ("[tru]", 4), ("[\"a\u{01}\"]", 3), ("[1] x", 4), ("[01]", 2), ("{\"a\":1,}", 7),
    ])
    func yajlFaultsPointAtTheByte(text: String, offset: Int) throws {
        // yajl places some faults at the offending byte and some one byte on, depending on whether the token was
        // split: positions are within one byte of the fault in every chunking.
        for splits in smallChunkings(text.utf8.count) {
            let outcome = DripFeed.run(try JSONItemParser<JSONValue>(path: "$"), bytes: bytes(text), splits: splits)
            let error = try #require(outcome.error)
            #expect(error.kind == .malformedInput)
            #expect(abs(error.byteOffset - offset) <= 1, "\(text) split at \(splits): \(error)")
            #expect(error.line == 1 && error.column == error.byteOffset + 1)
        }
    }
}
