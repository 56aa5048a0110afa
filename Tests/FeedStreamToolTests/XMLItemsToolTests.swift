import Foundation
import StreamTestSupport
import Testing

/// `feedstream xml-items`: XML records as JSON lines, in the convention of DESIGN.md.
@Suite("feedstream xml-items")
struct XMLItemsToolTests {
    let tool = FeedStreamToolTests()
    static let sample = Corpus.projectRoot.appendingPathComponent("Fixtures/samples/fellowship-one/people-search.xml")

    @Test("One JSON line per record, the same for every chunk size; --count")
    func records() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let whole = try await tool.run(["xml-items", "--path", "results/person", Self.sample.path])
        #expect(whole.status == 0, "\(whole.error)")
        #expect(whole.lines.count == 2)
        for size in ["1", "7", "1460"] {
            let chunked = try await tool.run([
                "xml-items", "--path", "results/person", "--chunk-size", size, Self.sample.path,
            ])
            #expect(chunked.output == whole.output, "chunk size \(size)")
        }
        #expect(
            whole.lines[0].hasPrefix(
                #"{"@id":"1433","@uri":"https://demo.fellowshiponeapi.com/v1/People/1433","@imageURI":"","#
                    + #""@oldID":"","@iCode":"A1433","@householdID":"1217","@oldHouseholdID":"","title":null,"#))
        let first = try JSONSerialization.jsonObject(with: Data(whole.lines[0].utf8)) as? [String: Any]
        #expect(first?["firstName"] as? String == "Jane")
        #expect((first?["attributes"] as? [String: Any])?["@json:Array"] as? String == "true")
        let status = first?["status"] as? [String: Any]
        #expect((status?["subStatus"] as? [String: Any])?["@id"] as? String == "")

        let bytes = try Data(contentsOf: Self.sample)
        let count = try await tool.run(["xml-items", "--path", "results/person", "--count", "-"], input: bytes)
        #expect(count.status == 0)
        #expect(count.output == "{\"items\":2,\"bytes\":\(bytes.count)}\n")
    }

    @Test("A record that breaks off: the records before, then the positioned error, exit 1")
    func truncated() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let document = "<results><person id=\"1\"/>\n<person id=\"2\"><name>x</name>"
        let result = try await tool.run(
            ["xml-items", "--path", "results/person", "--chunk-size", "3"], input: Data(document.utf8))
        #expect(result.status == 1)
        #expect(result.output == "{\"@id\":\"1\"}\n")
        #expect(result.error.hasPrefix("feedstream: error: line 2, column "))
        #expect(result.error.contains("at results/person[2]"))
    }

    @Test(
        "A path that is no element path, or a missing --path, is a usage error", arguments: [["--path", "a//b"], []])
    func usage(arguments: [String]) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let result = try await tool.run(["xml-items"] + arguments + [Self.sample.path])
        #expect(result.status == 2)
        #expect(result.error.contains("usage"))
    }

    @Test("--help documents the subcommand")
    func help() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let result = try await tool.run(["xml-items", "--help"])
        #expect(result.status == 0)
        // The usage line folds the options into [<options>] once the network options make it long.
        #expect(result.output.contains("USAGE: feedstream xml-items"))
        #expect(result.output.contains("--path <path>"))
    }

    @Test("A URL in place of FILE: the records stream from the loopback server, decoded in its charset")
    func url() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let body =
            Array("<results count=\"1\"><person id=\"7\"><name>Ren".utf8) + [0xE9]
            + Array("e</name></person></results>".utf8)
        let server = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600) { _ in
            .init(contentType: "application/xml; charset=iso-8859-1", body: body)
        }
        let result = try await tool.run([
            "xml-items", "--path", "results/person", server.url("/v1/People/Search").absoluteString,
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == #"{"@id":"7","name":"Renée"}"# + "\n")
    }
}
