import JSONStream

/// A single huge token: decoded at 512-byte and 64 KiB chunks, whose times must stay within 2× of each other.
struct PathologicalWorkload {
    var name: String
    var fixture: Fixture
    var decode: @Sendable (UnsafeRawBufferPointer, Int) -> Int

    static var all: [PathologicalWorkload] {
        [
            PathologicalWorkload(
                name: "atom-cdata-8mb",
                fixture: Fixture(
                    fileName: "atom-cdata-8mb.xml", description: "one 8 MB CDATA section in an Atom entry",
                    generate: { PathologicalGenerator.atomCDATA(size: 8_000_000, into: &$0) }),
                decode: { AtomWorkloads.decode($0, chunkSize: $1) }),
            PathologicalWorkload(
                name: "json-string-16mb",
                fixture: Fixture(
                    fileName: "json-string-16mb.json", description: "one 16 MB JSON string in an employees page",
                    generate: { PathologicalGenerator.jsonString(size: 16_000_000, into: &$0) }),
                decode: { ChunkedDecode.count(JSONItemParser<JSONValue>(path: Paths.employees), $0, chunkSize: $1) }),
        ]
    }
}
