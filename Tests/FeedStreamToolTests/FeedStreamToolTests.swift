import Foundation
import StreamTestSupport
import Testing

/// Runs the built `feedstream` binary the way a user does and checks the command-line contract of DESIGN.md.
@Suite("feedstream command line")
struct FeedStreamToolTests {
    struct Run {
        var status: Int32
        var output: String
        var error: String
        var lines: [Substring] { output.split(separator: "\n") }
    }

    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("feedstream")
    }

    static let sample = Corpus.projectRoot.appendingPathComponent("Fixtures/samples/connections-updates.xml")

    func run(_ arguments: [String], input: Data? = nil) throws -> Run {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(input) }
        try standardInput.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self))
    }

    @Test("atom: one JSON line per entry, the same for every chunk size")
    func atomItems() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "feedstream not built")
        let whole = try run(["atom", Self.sample.path])
        #expect(whole.status == 0)
        #expect(whole.error.isEmpty)
        #expect(whole.lines.count == 4)
        for size in ["1", "7", "1460"] {
            let chunked = try run(["atom", "--chunk-size", size, Self.sample.path])
            #expect(chunked.output == whole.output, "chunk size \(size)")
        }
        let first = try JSONSerialization.jsonObject(with: Data(whole.lines[0].utf8)) as? [String: Any]
        let title = first?["title"] as? [String: Any]
        #expect(title?["type"] as? String == "html")
        #expect(first?["published"] as? String == "2013-05-02T08:29:12.518Z")
        #expect(first?["summary"] == nil, "nil optionals are omitted")
        let authors = first?["authors"] as? [[String: Any]]
        #expect(authors?.first?["userID"] as? String == "4cbc45c0-f6dc-1031-8a47-a4f0b5a4f24c")
    }

    @Test("atom --metadata and --count; standard input")
    func atomMetadataAndCount() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "feedstream not built")
        let metadata = try run(["atom", "--metadata", Self.sample.path])
        #expect(metadata.lines.count == 5)
        let feed = try JSONSerialization.jsonObject(with: Data(metadata.lines[4].utf8)) as? [String: Any]
        let body = feed?["feed"] as? [String: Any]
        #expect(body?["totalResults"] as? Int == 57)
        #expect(body?["nextURL"] as? String == "https://connections.example.com/news/atom/stories/public?page=2&ps=4")

        let bytes = try Data(contentsOf: Self.sample)
        let count = try run(["atom", "--count", "-"], input: bytes)
        #expect(count.status == 0)
        #expect(count.output == "{\"items\":4,\"bytes\":\(bytes.count)}\n")
    }

    @Test("Malformed input: items first, then the positioned error, exit 1")
    func atomError() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "feedstream not built")
        let document =
            "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><id>1</id></entry>\n"
            + "<entry><id>2</id><title>x</titl></entry></feed>"
        let result = try run(["atom", "--chunk-size", "5"], input: Data(document.utf8))
        #expect(result.status == 1)
        #expect(result.lines.count == 1)
        #expect(
            result.error == """
                feedstream: error: line 2, column 33, byte 100: Opening and ending tag mismatch: title line 2 and titl \
                at /feed/entry[2]/title

                """)
    }

    @Test(
        "Usage errors exit 2",
        arguments: [
            ["atom", "--chunk-size", "0"], ["atom", "--nope"], ["atom", "a", "b"], ["nosuchcommand"], [],
        ])
    func usage(arguments: [String]) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "feedstream not built")
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.error.contains("usage"))
    }
}
