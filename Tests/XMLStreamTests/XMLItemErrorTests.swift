import XMLStream
import Foundation
import StreamTestSupport
import Testing

/// Records that do not fit the model, and inputs from servers nobody controls: each ends in the records
/// completed before plus one positioned `StreamError`, never a crash, a hang or unbounded memory.
@Suite("XMLItemParser: errors and hostile input")
struct XMLItemErrorTests {
    struct Small: Decodable, Sendable, Equatable {
        var id: Int
        var firstName: String
        var isAuthorized: Bool
        var title: String?
    }

    @Test("A value that does not fit names the record and the key, after the records before it")
    func typeMismatchPath() throws {
        let document = FellowshipOne.search([
            FellowshipOne.person(id: 1, first: "A", last: "B", household: 1),
            FellowshipOne.person(id: 2, first: "C", last: "D", household: 1),
            FellowshipOne.person(id: 3, first: "E", last: "F", household: 1, born: "13/08/1976"),
        ])
        let (outcome, _) = try decodeRecordsEveryWay(
            Array(document.utf8), as: F1Person.self, path: "results/person", byteByByteLimit: 0)
        #expect(outcome.items.map(\.id) == [1, 2])
        let error = try #require(outcome.error)
        #expect(error.kind == .typeMismatch)
        #expect(error.path == "results/person[3]/dateOfBirth")
        #expect(error.message.contains("\"13/08/1976\""))
        // Positioned at the end of the record, where it was decoded.
        let recordEnd = try #require(document.utf8.ranges(of: "</person>".utf8).last?.upperBound)
        let offset = document.utf8.distance(from: document.utf8.startIndex, to: recordEnd)
        #expect(error.byteOffset == offset)
        let line = document.utf8[..<recordEnd].filter { $0 == 0x0A }.count + 1
        #expect(error.line == line)
        #expect(error.description.hasPrefix("line \(line), column "))
    }

    @Test("A missing key, a nested array element and an integer out of range")
    func otherPaths() throws {
        let missing = "<results><person id=\"1\"><firstName>A</firstName></person></results>"
        let first = DripFeed.run(try XMLItemParser<Small>(path: "results/person"), bytes: Array(missing.utf8), splits: [])
        #expect(first.error?.path == "results/person[1]/isAuthorized")
        #expect(first.error?.kind == .typeMismatch)

        let nested = FellowshipOne.search([
            FellowshipOne.person(id: 1, first: "A", last: "B", household: 1, communications: 2)
                .replacingOccurrences(of: "<listed>false</listed>", with: "<listed>maybe</listed>")
        ])
        let second = DripFeed.run(
            try XMLItemParser<F1Person>(path: "results/person"), bytes: Array(nested.utf8), splits: [])
        #expect(second.error?.path == "results/person[1]/communications/communication[2]/listed")
        #expect(second.error?.message == "expected a boolean, found \"maybe\"")

        struct Byte: Decodable, Sendable { var id: Int8 }
        let third = DripFeed.run(
            try XMLItemParser<Byte>(path: "r/x"), bytes: Array("<r><x id=\"127\"/><x id=\"128\"/></r>".utf8),
            splits: [])
        #expect(third.items.map(\.id) == [127])
        #expect(third.error?.path == "r/x[2]/id")
        #expect(third.error?.message.contains("Int8") == true)

        struct Required: Decodable, Sendable { var count: Int }
        let fourth = DripFeed.run(
            try XMLItemParser<Required>(path: "r"), bytes: Array("<r><count></count></r>".utf8), splits: [])
        #expect(fourth.error?.message == "expected an integer that fits in Int, found an empty element")
    }

    @Test("Truncation at every byte of a small document: the records completed before, then one error")
    func truncationAtEveryByte() throws {
        let document = Array(FellowshipOne.small.utf8)
        let full = DripFeed.run(try XMLItemParser<Small>(path: "results/person"), bytes: document, splits: [])
        #expect(full.error == nil)
        #expect(full.items.map(\.firstName) == ["Ann", "Bob"])
        let ends = FellowshipOne.small.utf8.ranges(of: "</person>".utf8).map {
            FellowshipOne.small.utf8.distance(from: FellowshipOne.small.utf8.startIndex, to: $0.upperBound)
        }
        for length in 0..<document.count {
            let cut = Array(document[..<length])
            for splits in [[], DripFeed.byteByByte(length)] {
                let outcome = DripFeed.run(try XMLItemParser<Small>(path: "results/person"), bytes: cut, splits: splits)
                let expected = ends.filter { $0 <= length }.count
                #expect(outcome.items == Array(full.items.prefix(expected)), "cut at \(length)")
                let error = try #require(outcome.error, "cut at \(length)")
                #expect(error.kind == .truncatedInput || error.kind == .malformedInput, "cut at \(length)")
                #expect(error.byteOffset <= length)
            }
        }
    }

    @Test("Every split point of the small document gives the same records")
    func everySplit() throws {
        try decodeRecordsEveryWay(Array(FellowshipOne.small.utf8), as: Small.self, path: "results/person")
        for splits in DripFeed.everySplitPoint(FellowshipOne.small.utf8.count) {
            let outcome = DripFeed.run(
                try XMLItemParser<XMLRecordValue>(path: "results/person"), bytes: Array(FellowshipOne.small.utf8),
                splits: splits)
            #expect(outcome.items.count == 2)
            #expect(outcome.error == nil)
        }
    }

    @Test("Entity declarations are refused before any reference is expanded")
    func entities() throws {
        let entity = String(repeating: "a", count: 100_000)
        let document =
            "<?xml version=\"1.0\"?><!DOCTYPE results [<!ENTITY a \"\(entity)\">]><results><person><n>"
            + String(repeating: "&a;", count: 10_000) + "</n></person></results>"
        let outcome = DripFeed.run(
            try XMLItemParser<XMLRecordValue>(path: "results/person"), bytes: Array(document.utf8),
            splits: Array(stride(from: 4096, to: document.utf8.count, by: 4096)))
        let error = try #require(outcome.error)
        #expect(error.kind == .disallowedConstruct)
        #expect(error.byteOffset < 100_200)

        let external = """
            <?xml version="1.0"?><!DOCTYPE results SYSTEM "file:///etc/passwd">
            <results><person><n>&secret;</n></person></results>
            """
        let refused = DripFeed.run(
            try XMLItemParser<XMLRecordValue>(path: "results/person"), bytes: Array(external.utf8), splits: [])
        #expect(refused.items.isEmpty)
        #expect(refused.error?.message.contains("root:") == false)
    }

    @Test("Deep nesting inside a record is a depth error with a path of bounded length")
    func deepNesting() throws {
        let document = "<results><person><id>1</id>" + String(repeating: "<x>", count: 100_000)
        let outcome = DripFeed.run(
            try XMLItemParser<XMLRecordValue>(path: "results/person", options: .init(limits: .init(maximumDepth: 64))),
            bytes: Array(document.utf8), splits: [4096])
        let error = try #require(outcome.error)
        #expect(error.kind == .limitExceeded)
        #expect((error.path ?? "").count < 200)
        #expect(error.path?.hasPrefix("results/person[1]/x/x") == true)
    }

    @Test("A huge text and a huge record are limit errors, not exhaustion")
    func hugeText() throws {
        var document = Array("<results><person><id>1</id></person><person><notes>".utf8)
        document += [UInt8](repeating: UInt8(ascii: "x"), count: 20_000_000)
        document += Array("</notes></person></results>".utf8)
        let options = XMLItemParser<XMLRecordValue>.Options(limits: StreamLimits(maximumTextBytes: 4 << 20))
        let outcome = DripFeed.run(
            try XMLItemParser<XMLRecordValue>(path: "results/person", options: options), bytes: document,
            splits: Array(stride(from: 65_536, to: document.count, by: 65_536)))
        #expect(outcome.items.count == 1)
        let error = try #require(outcome.error)
        #expect(error.kind == .limitExceeded)
        #expect(error.byteOffset < 6 << 20, "stopped soon after the limit, at \(error.byteOffset)")
        #expect(error.path == "results/person[2]/notes")

        var many = Array("<results><person>".utf8)
        for _ in 0..<200_000 { many += Array("<e a=\"1\"/>".utf8) }
        many += Array("</person></results>".utf8)
        let small = XMLItemParser<XMLRecordValue>.Options(limits: StreamLimits(maximumItemBytes: 1 << 20))
        let record = DripFeed.run(
            try XMLItemParser<XMLRecordValue>(path: "results/person", options: small), bytes: many, splits: [])
        #expect(record.error?.kind == .limitExceeded)
        #expect(record.error?.message.contains("record") == true)
    }

    @Test("Recover mode completes a record cut short by the end of input and lists what it repaired")
    func recoverMode() throws {
        let document = "<results><person><n>1</n></person><person><n>2</n><m>open"
        let parser = try XMLItemParser<XMLRecordValue>(path: "results/person", options: .init(recover: true))
        let outcome = DripFeed.run(parser, bytes: Array(document.utf8), splits: [])
        #expect(outcome.error == nil)
        #expect(outcome.items.map(\.jsonText) == [#"{"n":"1"}"#, #"{"n":"2","m":"open"}"#])
        #expect(!parser.warnings.isEmpty)
    }

    @Test("Malformed input is positioned, and items before it are returned")
    func malformed() throws {
        let document = "<results><person><n>1</n></person>\n<person><n>2</x></person></results>"
        let (outcome, _) = try decodeRecordsEveryWay(
            Array(document.utf8), as: XMLRecordValue.self, path: "results/person")
        #expect(outcome.items.count == 1)
        let error = try #require(outcome.error)
        #expect(error.kind == .malformedInput)
        #expect(error.line == 2)
        #expect(error.path?.hasPrefix("results/person[2]") == true)
    }
}
